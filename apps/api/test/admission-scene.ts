/** A gate and a poll, shared by the admission tests. */

/** A gate a route waits at until the test opens it. */
export function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Polls until `condition` holds (the server's own counters, not a clock). */
export async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
