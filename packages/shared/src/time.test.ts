import { describe, expect, it } from 'vitest';
import { addDaysToDate, clubDateOf, clubInstant, clubTimeOf, dayOfWeekOf } from './time';

describe('club time', () => {
  it('converts a São Paulo wall-clock time to the instant (UTC-3, no DST since 2019)', () => {
    expect(clubInstant('2026-11-23', '07:00', 'America/Sao_Paulo').toISOString()).toBe(
      '2026-11-23T10:00:00.000Z',
    );
  });

  it('takes the club-local date across the UTC date boundary', () => {
    const lateEvening = new Date('2026-11-24T01:30:00Z'); // 22:30 on the 23rd in São Paulo
    expect(clubDateOf(lateEvening, 'America/Sao_Paulo')).toBe('2026-11-23');
    expect(clubDateOf(lateEvening, 'UTC')).toBe('2026-11-24');
    expect(clubTimeOf(lateEvening, 'America/Sao_Paulo')).toBe('22:30');
  });

  it('follows daylight saving time where the zone has it', () => {
    expect(clubInstant('2026-07-01', '12:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-07-01T11:00:00.000Z',
    );
    expect(clubInstant('2026-01-01', '12:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-01-01T12:00:00.000Z',
    );
  });

  it('does calendar arithmetic and weekdays on plain dates', () => {
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(dayOfWeekOf('2026-11-22')).toBe('DOMINGO');
    expect(dayOfWeekOf('2026-11-28')).toBe('SABADO');
  });
});
