import { describe, expect, it } from 'vitest';
import { FairQueue, type Job } from './fair-queue';

/** A queue whose jobs record their start and wait until the test ends them, one at a time. */
function scene(options: Partial<ConstructorParameters<typeof FairQueue>[0]> = {}) {
  let clock = 0;
  const queue = new FairQueue({
    limit: 1,
    writesPerRead: 3,
    maxWaiting: 1000,
    maxWaitMs: 60_000,
    now: () => clock,
    ...options,
  });
  const started: string[] = [];
  const shed: string[] = [];
  const running: Array<() => void> = [];
  const add = (name: string, lane: string, flow: string, write = false) => {
    const job: Job = {
      lane,
      flow,
      write,
      queuedAt: clock,
      run: (end) => {
        started.push(name);
        running.push(end);
      },
      shed: (reason) => shed.push(`${name}:${reason}`),
    };
    queue.add(job);
    return job;
  };
  /** Ends the job that started first among those still running. */
  const finishOne = () => running.shift()?.();
  const finishAll = () => {
    while (running.length > 0) finishOne();
  };
  return {
    queue,
    started,
    shed,
    add,
    finishOne,
    finishAll,
    tick: (ms: number) => (clock += ms),
  };
}

describe('FairQueue', () => {
  it('never works on more than its limit at once', () => {
    const s = scene({ limit: 2 });
    for (let i = 0; i < 5; i += 1) s.add(`r${i}`, 'portal', 'A');
    expect(s.started).toEqual(['r0', 'r1']);
    expect(s.queue.working).toBe(2);
    expect(s.queue.waiting).toBe(3);
    s.finishAll();
    expect(s.started).toHaveLength(5);
    expect(s.queue.working).toBe(0);
  });

  it("starts another club's job at once while one club holds all the turns it may (turnsPerFlow)", () => {
    const s = scene({ limit: 3, turnsPerFlow: 2 });
    for (let i = 0; i < 50; i += 1) s.add(`A${i}`, 'backoffice', 'club A');
    // Club A alone gets two turns; the third stays free for anyone else.
    expect(s.started).toEqual(['A0', 'A1']);
    expect(s.queue.working).toBe(2);
    s.add('B', 'backoffice', 'club B');
    expect(s.started).toEqual(['A0', 'A1', 'B']);
  });

  it("gives a flooding club one turn while another club's job is worked on, and both back when it ends", () => {
    const s = scene({ limit: 3, turnsPerFlow: 2 });
    for (let i = 0; i < 50; i += 1) s.add(`A${i}`, 'backoffice', 'club A');
    s.add('B', 'backoffice', 'club B');
    expect(s.started).toEqual(['A0', 'A1', 'B']);
    // A0 ends while B is worked on: club A's share is one turn, and it holds one (A1).
    s.finishOne();
    expect(s.started).toEqual(['A0', 'A1', 'B']);
    expect(s.queue.working).toBe(2);
    // A1 ends: club A starts one more, still one at a time beside B.
    s.finishOne();
    expect(s.started).toEqual(['A0', 'A1', 'B', 'A2']);
    // B ends: club A alone again, with its two turns.
    s.finishOne();
    expect(s.started).toEqual(['A0', 'A1', 'B', 'A2', 'A3']);
    expect(s.queue.working).toBe(2);
  });

  it("counts a club's turns per lane: its members' requests are another flow than its staff's", () => {
    const s = scene({ limit: 3, turnsPerFlow: 2 });
    for (let i = 0; i < 5; i += 1) s.add(`staff ${i}`, 'backoffice', 'club A');
    s.add('member', 'portal', 'club A');
    expect(s.started).toEqual(['staff 0', 'staff 1', 'member']);
  });

  it("serves a club that arrives after another club's burst within one of the burst's jobs", () => {
    const s = scene();
    for (let i = 0; i < 200; i += 1) s.add(`A${i}`, 'portal', 'club A', i % 2 === 0);
    s.add('B', 'portal', 'club B');
    s.finishOne(); // A0, which was running: then club A's turn in the round (a write of A)
    s.finishOne(); // then club B's
    expect(s.started).toEqual(['A0', 'A2', 'B']);
  });

  it('alternates between lanes, so a flood of sign-ins from many addresses cannot hold the clubs', () => {
    const s = scene();
    for (let i = 0; i < 100; i += 1) s.add(`login${i}`, 'public', `10.0.0.${i}`, true);
    s.add('staff read', 'backoffice', 'club A');
    s.add('member read', 'portal', 'club B');
    for (let i = 0; i < 4; i += 1) s.finishOne();
    expect(s.started).toEqual(['login0', 'login1', 'staff read', 'member read', 'login2']);
  });

  it("lets a club's writes go first, but a waiting read is passed by at most writesPerRead of them", () => {
    const s = scene({ writesPerRead: 3 });
    s.add('running', 'portal', 'A');
    s.add('read', 'portal', 'A');
    for (let i = 0; i < 50; i += 1) s.add(`w${i}`, 'portal', 'A', true);
    s.finishAll();
    expect(s.started.slice(0, 6)).toEqual(['running', 'w0', 'w1', 'w2', 'read', 'w3']);
  });

  it('gives writes their priority back once no read waits', () => {
    const s = scene({ writesPerRead: 1 });
    s.add('running', 'portal', 'A');
    s.add('r1', 'portal', 'A');
    s.add('w1', 'portal', 'A', true);
    s.add('w2', 'portal', 'A', true);
    s.finishAll();
    // r1 is passed by one write; once it started no read waits, and writes go first again.
    expect(s.started).toEqual(['running', 'w1', 'r1', 'w2']);
  });

  it('sheds the newest job of the longest flow when full, never the newcomer of a short one', () => {
    const s = scene({ maxWaiting: 4 });
    s.add('running', 'public', 'flood');
    for (let i = 0; i < 4; i += 1) s.add(`f${i}`, 'public', 'flood');
    s.add('member', 'portal', 'club B');
    expect(s.shed).toEqual(['f3:full']);
    expect(s.queue.waiting).toBe(4);
    // The flood's own next job finds no flow longer than its own: it is the one shed.
    s.add('f4', 'public', 'flood');
    expect(s.shed).toEqual(['f3:full', 'f4:full']);
    s.finishOne();
    s.finishOne();
    expect(s.started).toEqual(['running', 'f0', 'member']);
  });

  it('sheds a job that waited longer than maxWaitMs when its turn comes, and says how long the oldest waits', () => {
    const s = scene({ maxWaitMs: 1000 });
    s.add('running', 'portal', 'A');
    s.add('old', 'portal', 'A');
    s.tick(600);
    s.add('young', 'portal', 'B');
    expect(s.queue.oldestWait()).toBe(600);
    s.tick(600);
    s.finishOne();
    expect(s.shed).toEqual(['old:stale']);
    expect(s.started).toEqual(['running', 'young']);
    expect(s.queue.oldestWait()).toBe(0);
  });

  it("is stalled only while jobs wait and none starts, however long one flow's backlog is", () => {
    const s = scene();
    expect(s.queue.stalledFor()).toBe(0);
    s.add('running', 'public', 'a');
    for (let i = 0; i < 5; i += 1) s.add(`flood${i}`, 'public', `address${i}`);
    s.tick(300);
    expect(s.queue.stalledFor()).toBe(300);
    // Turns keep coming: the flood's oldest waits on, but the queue is not stalled.
    s.finishOne();
    s.tick(300);
    s.finishOne();
    expect(s.queue.oldestWait()).toBe(600);
    expect(s.queue.stalledFor()).toBe(0);
    s.tick(400);
    expect(s.queue.stalledFor()).toBe(400);
    s.finishAll();
    expect(s.queue.stalledFor()).toBe(0);
  });

  it('takes out a job whose client left, and it never starts', () => {
    const s = scene();
    s.add('running', 'portal', 'A');
    const gone = s.add('gone', 'portal', 'A');
    s.add('next', 'portal', 'A');
    expect(s.queue.remove(gone)).toBe(true);
    expect(s.queue.remove(gone)).toBe(false);
    s.finishAll();
    expect(s.started).toEqual(['running', 'next']);
  });
});
