/**
 * Who a waiting request belongs to, for fairness: its `lane` (the members' portal, the back
 * office, the sign-ins and other requests without a session) and, inside it, its `flow` (a club,
 * a staff member, a client address).
 */
export type Fairness = { lane: string; flow: string };

/** A flow's key among all lanes' flows. */
const flowKeyOf = (lane: string, flow: string) => `${lane}\u0000${flow}`;

/** A request waiting for its turn. */
export type Job = Fairness & {
  /** A write (booking, cancellation, save) goes before the reads of its flow, within a bound. */
  write: boolean;
  /** Starts the work; `end` gives the turn back (calling it twice is harmless). */
  run: (end: () => void) => void;
  /** The job leaves the queue unstarted: shed for room, or waited too long. */
  shed: (reason: 'full' | 'stale') => void;
  /** When it queued (`performance.now()`). */
  queuedAt: number;
};

export type FairQueueOptions = {
  /** Jobs worked on at once. */
  limit: number;
  /**
   * Jobs of one flow worked on at once while it is the only flow with work (default: `limit`).
   * Below `limit`, a flow that has all it may hold leaves the other turns to the other flows:
   * another club's request starts at once instead of waiting for one of the flood's jobs to end.
   * While other flows have work too, each may start jobs up to its share of these turns (at least
   * one): the flood's next job waits while another club's job is worked on, so that job shares
   * the process with fewer of the flood's.
   */
  turnsPerFlow?: number;
  /** Writes of a flow that may start while one of its reads waits, before that read starts. */
  writesPerRead: number;
  /** Jobs waiting at most; past it the newest job of the longest flow is shed. */
  maxWaiting: number;
  /** A job that waited longer than this (ms) is shed instead of started. */
  maxWaitMs: number;
  now?: () => number;
};

/** The waiting jobs of one flow: writes first, but a waiting read is passed a bounded number of times. */
class Flow {
  readonly reads: Job[] = [];
  readonly writes: Job[] = [];
  /** Writes started while a read of this flow waited, since a read last started. */
  private writesPassedARead = 0;

  get size() {
    return this.reads.length + this.writes.length;
  }

  push(job: Job) {
    (job.write ? this.writes : this.reads).push(job);
  }

  take(writesPerRead: number): Job | undefined {
    if (this.reads.length === 0) {
      this.writesPassedARead = 0;
      return this.writes.shift();
    }
    if (this.writes.length > 0 && this.writesPassedARead < writesPerRead) {
      this.writesPassedARead += 1;
      return this.writes.shift();
    }
    this.writesPassedARead = 0;
    return this.reads.shift();
  }

  /** The job that arrived last (the one to shed when the queue is full). */
  popNewest(): Job | undefined {
    const read = this.reads.at(-1);
    const write = this.writes.at(-1);
    if (!read) return this.writes.pop();
    if (!write) return this.reads.pop();
    return read.queuedAt >= write.queuedAt ? this.reads.pop() : this.writes.pop();
  }

  remove(job: Job): boolean {
    const list = job.write ? this.writes : this.reads;
    const index = list.indexOf(job);
    if (index === -1) return false;
    list.splice(index, 1);
    return true;
  }

  oldestQueuedAt(): number | undefined {
    const read = this.reads[0]?.queuedAt;
    const write = this.writes[0]?.queuedAt;
    if (read === undefined) return write;
    if (write === undefined) return read;
    return Math.min(read, write);
  }
}

/**
 * A queue that gives turns fairly: round robin between lanes, round robin between the flows of a
 * lane, and inside a flow writes first with reads aging (a read is passed by at most
 * `writesPerRead` writes). One club's rush, one staff member's stream of saves or one address's
 * flood of sign-ins therefore delays any other flow by at most about one job per flow and lane
 * ahead of it, whatever its length; with `turnsPerFlow` below `limit` one flow never holds every
 * turn, so the others' jobs start without waiting for its jobs at all. When full, the newest job
 * of the longest flow is shed, so a
 * flood fills no room that others need; a job that waited past `maxWaitMs` is shed when its turn
 * comes (its client has very likely given up).
 */
export class FairQueue {
  private readonly lanes = new Map<string, Map<string, Flow>>();
  /** Jobs being worked on per flow (`lane` NUL `flow`), for `turnsPerFlow`. */
  private readonly workingByFlow = new Map<string, number>();
  /** Jobs waiting or being worked on per flow: the flows that have work now. */
  private readonly jobsByFlow = new Map<string, number>();
  private readonly turnsPerFlow: number;
  private waitingCount = 0;
  private workingCount = 0;
  /** When a job last started (`now()`), for `stalledFor`. */
  private lastStartAt = -Infinity;
  private readonly now: () => number;

  constructor(private readonly options: FairQueueOptions) {
    this.now = options.now ?? (() => performance.now());
    this.turnsPerFlow = options.turnsPerFlow ?? options.limit;
  }

  get working() {
    return this.workingCount;
  }

  get waiting() {
    return this.waitingCount;
  }

  /** How many jobs wait in each lane that has any. */
  waitingByLane(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const [lane, flows] of this.lanes) {
      let count = 0;
      for (const flow of flows.values()) count += flow.size;
      counts.set(lane, count);
    }
    return counts;
  }

  /** How long (ms) the job that has waited longest has waited; 0 when none waits. */
  oldestWait(): number {
    const oldest = this.oldestQueuedAt();
    return oldest === undefined ? 0 : this.now() - oldest;
  }

  /**
   * How long (ms) jobs have been waiting while none started: the queue is stuck for everyone
   * (every turn held by work that does not end), not one flow behind its own backlog. A flood
   * from many addresses makes its own jobs wait long, but turns keep starting, so this stays
   * low. 0 when none waits.
   */
  stalledFor(): number {
    const oldest = this.oldestQueuedAt();
    if (oldest === undefined) return 0;
    return this.now() - Math.max(oldest, this.lastStartAt);
  }

  private oldestQueuedAt(): number | undefined {
    let oldest: number | undefined;
    for (const flows of this.lanes.values())
      for (const flow of flows.values()) {
        const queuedAt = flow.oldestQueuedAt();
        if (queuedAt !== undefined && (oldest === undefined || queuedAt < oldest))
          oldest = queuedAt;
      }
    return oldest;
  }

  add(job: Job) {
    if (this.waitingCount >= this.options.maxWaiting && !this.makeRoomFor(job)) {
      job.shed('full');
      return;
    }
    let flows = this.lanes.get(job.lane);
    if (!flows) this.lanes.set(job.lane, (flows = new Map()));
    let flow = flows.get(job.flow);
    if (!flow) flows.set(job.flow, (flow = new Flow()));
    flow.push(job);
    this.waitingCount += 1;
    this.countJob(flowKeyOf(job.lane, job.flow), 1);
    this.drain();
  }

  private countJob(flowKey: string, change: 1 | -1) {
    const jobs = (this.jobsByFlow.get(flowKey) ?? 0) + change;
    if (jobs === 0) this.jobsByFlow.delete(flowKey);
    else this.jobsByFlow.set(flowKey, jobs);
  }

  /** Turns a flow may hold now: all it may while it alone has work, else its share of them. */
  private turnsNow(): number {
    const flowsWithWork = this.jobsByFlow.size;
    if (flowsWithWork <= 1) return this.turnsPerFlow;
    return Math.max(1, Math.floor(this.turnsPerFlow / flowsWithWork));
  }

  /** Takes a job that has not started out of the queue (its client left); false if not there. */
  remove(job: Job): boolean {
    const flows = this.lanes.get(job.lane);
    const flow = flows?.get(job.flow);
    if (!flows || !flow || !flow.remove(job)) return false;
    this.waitingCount -= 1;
    this.countJob(flowKeyOf(job.lane, job.flow), -1);
    if (flow.size === 0) flows.delete(job.flow);
    if (flows.size === 0) this.lanes.delete(job.lane);
    return true;
  }

  /** Sheds the newest job of the longest flow when that flow is longer than the job's own. */
  private makeRoomFor(job: Job): boolean {
    let longest: { flows: Map<string, Flow>; key: string; lane: string; flow: Flow } | undefined;
    for (const [lane, flows] of this.lanes)
      for (const [key, flow] of flows)
        if (!longest || flow.size > longest.flow.size) longest = { flows, key, lane, flow };
    const own = this.lanes.get(job.lane)?.get(job.flow)?.size ?? 0;
    if (!longest || longest.flow.size <= own + 1) return false;
    const shed = longest.flow.popNewest()!;
    this.waitingCount -= 1;
    this.countJob(flowKeyOf(longest.lane, longest.key), -1);
    if (longest.flow.size === 0) longest.flows.delete(longest.key);
    if (longest.flows.size === 0) this.lanes.delete(longest.lane);
    shed.shed('full');
    return true;
  }

  /**
   * The next job in fair order: the first lane, in its ring, with a flow below `turnsPerFlow`, and
   * that lane's first such flow; both go to the back of their rings. Flows at their share keep
   * their place, first in line once one of their jobs ends.
   */
  private takeNext(): Job | undefined {
    const turns = this.turnsNow();
    for (const [laneKey, flows] of this.lanes)
      for (const [flowKey, flow] of flows) {
        if ((this.workingByFlow.get(flowKeyOf(laneKey, flowKey)) ?? 0) >= turns) continue;
        this.lanes.delete(laneKey);
        flows.delete(flowKey);
        const job = flow.take(this.options.writesPerRead)!;
        this.waitingCount -= 1;
        if (flow.size > 0) flows.set(flowKey, flow);
        if (flows.size > 0) this.lanes.set(laneKey, flows);
        return job;
      }
    return undefined;
  }

  private drain() {
    while (this.workingCount < this.options.limit) {
      const job = this.takeNext();
      if (!job) return;
      const flowKey = flowKeyOf(job.lane, job.flow);
      if (this.now() - job.queuedAt > this.options.maxWaitMs) {
        this.countJob(flowKey, -1);
        job.shed('stale');
        continue;
      }
      this.workingCount += 1;
      this.workingByFlow.set(flowKey, (this.workingByFlow.get(flowKey) ?? 0) + 1);
      this.lastStartAt = this.now();
      let ended = false;
      job.run(() => {
        if (ended) return;
        ended = true;
        this.workingCount -= 1;
        const working = this.workingByFlow.get(flowKey)! - 1;
        if (working === 0) this.workingByFlow.delete(flowKey);
        else this.workingByFlow.set(flowKey, working);
        this.countJob(flowKey, -1);
        this.drain();
      });
    }
  }
}
