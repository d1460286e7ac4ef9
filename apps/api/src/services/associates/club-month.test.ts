import { describe, expect, it } from 'vitest';
import { clubMonthOf } from './club-month';

describe('clubMonthOf', () => {
  it('takes the month of the club-local date, not of UTC', () => {
    // 1 March 02:00 UTC is still 28 February 23:00 in São Paulo.
    const month = clubMonthOf('America/Sao_Paulo', new Date('2026-03-01T02:00:00Z'));
    expect(month.month).toBe('2026-02');
    expect(month.startsAt.toISOString()).toBe('2026-02-01T03:00:00.000Z');
    expect(month.endsAt.toISOString()).toBe('2026-03-01T03:00:00.000Z');
  });

  it('rolls December over into January of the next year', () => {
    const month = clubMonthOf('UTC', new Date('2025-12-15T12:00:00Z'));
    expect(month.month).toBe('2025-12');
    expect(month.endsAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
