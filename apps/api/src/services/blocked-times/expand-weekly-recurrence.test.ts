import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { expandWeeklyRecurrence } from './expand-weekly-recurrence';

const iso = (occurrences: Array<{ startsAt: Date; endsAt: Date }>) =>
  occurrences.map(({ startsAt, endsAt }) => [startsAt.toISOString(), endsAt.toISOString()]);

describe('expandWeeklyRecurrence', () => {
  it('answers the block alone without a recurrence', () => {
    const block = {
      startsAt: new Date('2026-03-02T09:00:00Z'),
      endsAt: new Date('2026-03-02T11:00:00Z'),
    };
    expect(expandWeeklyRecurrence(block, undefined, 'America/Sao_Paulo')).toEqual([block]);
  });

  it('repeats every week up to and including the until date', () => {
    // Monday 2026-03-02 06:00–08:00 in São Paulo (UTC−3, no daylight saving since 2019).
    const occurrences = expandWeeklyRecurrence(
      { startsAt: new Date('2026-03-02T09:00:00Z'), endsAt: new Date('2026-03-02T11:00:00Z') },
      { weekly: true, until: '2026-03-16' },
      'America/Sao_Paulo',
    );
    expect(iso(occurrences)).toEqual([
      ['2026-03-02T09:00:00.000Z', '2026-03-02T11:00:00.000Z'],
      ['2026-03-09T09:00:00.000Z', '2026-03-09T11:00:00.000Z'],
      ['2026-03-16T09:00:00.000Z', '2026-03-16T11:00:00.000Z'],
    ]);
  });

  it('keeps the club wall-clock times across a daylight-saving change', () => {
    // New York moves from EST (UTC−5) to EDT (UTC−4) on Sunday 2026-03-08.
    const occurrences = expandWeeklyRecurrence(
      { startsAt: new Date('2026-03-02T11:00:00Z'), endsAt: new Date('2026-03-02T13:00:00Z') },
      { weekly: true, until: '2026-03-09' },
      'America/New_York',
    );
    expect(iso(occurrences)).toEqual([
      ['2026-03-02T11:00:00.000Z', '2026-03-02T13:00:00.000Z'],
      ['2026-03-09T10:00:00.000Z', '2026-03-09T12:00:00.000Z'],
    ]);
  });

  it('keeps a block that crosses midnight on its two calendar days', () => {
    // 22:00 Friday to 02:00 Saturday, São Paulo.
    const occurrences = expandWeeklyRecurrence(
      { startsAt: new Date('2026-03-07T01:00:00Z'), endsAt: new Date('2026-03-07T05:00:00Z') },
      { weekly: true, until: '2026-03-13' },
      'America/Sao_Paulo',
    );
    expect(iso(occurrences)).toEqual([
      ['2026-03-07T01:00:00.000Z', '2026-03-07T05:00:00.000Z'],
      ['2026-03-14T01:00:00.000Z', '2026-03-14T05:00:00.000Z'],
    ]);
  });

  it('refuses an until date before the start and more than 104 occurrences', () => {
    const block = {
      startsAt: new Date('2026-03-02T09:00:00Z'),
      endsAt: new Date('2026-03-02T11:00:00Z'),
    };
    expect(() =>
      expandWeeklyRecurrence(block, { weekly: true, until: '2026-03-01' }, 'America/Sao_Paulo'),
    ).toThrow(AppError);
    // 104 Mondays from 2026-03-02 end on 2028-02-21; one more week is one too many.
    expect(
      expandWeeklyRecurrence(block, { weekly: true, until: '2028-02-27' }, 'America/Sao_Paulo'),
    ).toHaveLength(104);
    expect(
      fieldMessageOf(() =>
        expandWeeklyRecurrence(block, { weekly: true, until: '2028-02-28' }, 'America/Sao_Paulo'),
      ),
    ).toMatch(/no máximo 104/);
  });

  it('refuses a block that does not start before it ends', () => {
    const instant = new Date('2026-03-02T09:00:00Z');
    expect(
      fieldMessageOf(() =>
        expandWeeklyRecurrence({ startsAt: instant, endsAt: instant }, undefined, 'UTC'),
      ),
    ).toMatch(/anterior ao fim/);
  });
});

/** The field message of the ValidationError a call throws (the error's text is the table's). */
function fieldMessageOf(call: () => unknown): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return ((error as AppError).details as Array<{ message: string }>)[0]!.message;
  }
  throw new Error('expected the call to throw');
}
