import { describe, expect, it } from 'vitest';
import { createAfterResponse } from './after-response';

const silent = { error() {}, warn() {} };

/** A piece of work that runs until the test ends it. */
function held(log: string[], name: string) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  return {
    work: async () => {
      log.push(name);
      await ended;
    },
    end: () => end(),
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('createAfterResponse', () => {
  it('runs at most `concurrency` pieces at once, the others in arrival order', async () => {
    const after = createAfterResponse(silent, { concurrency: 2, maxWaiting: 10 });
    const started: string[] = [];
    const pieces = ['a', 'b', 'c', 'd'].map((name) => held(started, name));
    for (const piece of pieces) after.run(piece.work);
    await tick();
    expect(started).toEqual(['a', 'b']);
    pieces[0]!.end();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    for (const piece of pieces) piece.end();
    await after.idle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('drops new work past maxWaiting instead of piling it up, and logs it', async () => {
    const warnings: string[] = [];
    const after = createAfterResponse(
      { error() {}, warn: (_object, message) => warnings.push(message) },
      { concurrency: 1, maxWaiting: 2 },
    );
    const started: string[] = [];
    const pieces = ['a', 'b', 'c', 'd'].map((name) => held(started, name));
    for (const piece of pieces) after.run(piece.work);
    expect(warnings).toHaveLength(2);
    for (const piece of pieces) piece.end();
    await tick();
    await after.idle();
    expect(started).toEqual(['a', 'b']);
  });

  it('logs a failure and goes on with the next piece', async () => {
    const errors: string[] = [];
    const after = createAfterResponse(
      { error: (_object, message) => errors.push(message), warn() {} },
      { concurrency: 1, maxWaiting: 10 },
    );
    let ran = false;
    after.run(() => Promise.reject(new Error('boom')));
    after.run(async () => {
      ran = true;
    });
    await tick();
    await after.idle();
    expect(errors).toEqual(['work after the response failed']);
    expect(ran).toBe(true);
  });
});
