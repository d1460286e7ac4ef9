import { describe, expect, it } from 'vitest';
import { measureClubFlood, percentile } from './club-flood';
import { build } from './helper';

// The embedded database (the file runs in the embedded pass only, see ../vitest.config.ts): what
// is tested is that its work runs off the API's thread. PostgreSQL's:
// with-postgres/club-flood-postgres.test.ts.
const context = build({ serverTiming: true });

describe("one club's flood and another club's requests", () => {
  // With the embedded database on the API's thread another club's p50 rose 43 times here (p99 14
  // times; 16 to 100 in the benchmark) under a flood of 64 connections, its requests unread while
  // PGlite worked; on its own thread, 2 to 6 times. The median is held, loosely: the machine
  // running the tests is shared with the rest of the suite, which moves a p99 more than a median.
  const connections = 64;
  const bound = 15;
  const samples = 100;

  it("keeps another club's median within a few times its unloaded median while one club floods", async () => {
    const measure = await measureClubFlood(context.app, { connections, samples });
    console.log(measure.report);
    const ratio = percentile(measure.loaded, 0.5) / percentile(measure.unloaded, 0.5);
    expect(ratio, measure.report).toBeLessThan(bound);
    // The flood was served meanwhile, not stalled by the other club's requests.
    expect(measure.floodAnswers).toBeGreaterThan(connections * 2);
    // And the other club's requests never waited for a turn the flood held (plugins/admission.ts:
    // a club holds all turns but one).
    expect(percentile(measure.loadedQueue, 0.5), measure.report).toBeLessThan(2);
    expect(percentile(measure.loadedQueue, 0.99), measure.report).toBeLessThan(25);
    // Without the database on its own thread the flooded minute is long: room to see the ratio.
  }, 180_000);
});
