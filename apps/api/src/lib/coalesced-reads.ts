/** Resolves when `promise` settles, whichever way. */
const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    () => undefined,
  );

type Entry<T> = { running: Promise<T>; next: Promise<T> | null };

/**
 * Shares one read among the identical requests that arrive while it is in flight, without ever
 * answering a request with a read that began before it arrived: a request arriving during a read
 * waits for the next one, which starts when the current one ends and serves every request that
 * arrived meanwhile. A member who has just booked and asks again sees their booking (the read
 * began after their request, which came after the commit), and when a thousand members ask for
 * the same court at once the database reads it twice, not a thousand times.
 *
 * Keys must name everything the read depends on (the club, the place, the day); what differs by
 * caller (the clock) stays out of the shared read.
 */
export class CoalescedReads<T> {
  private readonly entries = new Map<string, Entry<T>>();

  read(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (!entry) return this.start(key, load);
    entry.next ??= settled(entry.running).then(() => this.start(key, load));
    return entry.next;
  }

  /** Keys with a read in flight or waiting. */
  get size(): number {
    return this.entries.size;
  }

  private start(key: string, load: () => Promise<T>): Promise<T> {
    const entry: Entry<T> = { running: load(), next: null };
    this.entries.set(key, entry);
    void settled(entry.running).then(() => {
      // A read queued meanwhile replaces this entry when it starts; otherwise nothing is left.
      if (this.entries.get(key) === entry && entry.next === null) this.entries.delete(key);
    });
    return entry.running;
  }
}
