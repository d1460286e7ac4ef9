import {
  appointments,
  bookingGuests,
  bookingSeries,
  placeWeeklyHours,
  specialDays,
  waitlistEntries,
} from '@clube/db';
import { expect } from 'vitest';
import type { BuiltApp } from './helper';
import { sampleValues, type SeededClub } from './route-table';

/**
 * The probes of the season's attack tests (season-attacks-*.test.ts), written once: a call
 * through the file's app, and the check that a refused call changed none of the rows the
 * season's routes write.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function seasonProbes(context: BuiltApp) {
  const call = (method: Method, url: string, headers: Record<string, string>, payload?: unknown) =>
    context.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** Every row the season's routes write, to compare before and after a refused call. */
  async function seasonRows() {
    const tables = [
      appointments,
      bookingSeries,
      specialDays,
      placeWeeklyHours,
      waitlistEntries,
      bookingGuests,
    ] as const;
    const rows = await Promise.all(tables.map((table) => context.db.select().from(table)));
    return JSON.stringify(rows);
  }

  /** The call is refused with `status` and `code`, and no season row changed. */
  async function expectRefused(
    response: () => Promise<{ statusCode: number; json: () => { error?: string } }>,
    status: number,
    code: string,
  ) {
    const before = await seasonRows();
    const answer = await response();
    expect({ status: answer.statusCode, code: answer.json().error }).toEqual({ status, code });
    expect(await seasonRows()).toBe(before);
  }

  return { call, expectRefused };
}

/** A valid series body on the club's own place and member. */
export function seriesBody(club: SeededClub, overrides: Record<string, unknown> = {}) {
  const samples = sampleValues(club);
  return {
    placeId: club.place.id,
    associateId: club.associate.id,
    weekdays: samples.weekdays,
    startTime: samples.startTime,
    lengthMinutes: samples.lengthMinutes,
    startsOn: samples.startsOn,
    endsOn: samples.endsOn,
    ...overrides,
  };
}
