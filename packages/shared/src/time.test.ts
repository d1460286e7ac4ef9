import { describe, expect, it } from 'vitest';
import {
  addDaysToDate,
  ageOn,
  clubDateOf,
  clubInstant,
  clubInstantCacheSize,
  clubTimeOf,
  clubWallClockExists,
  dateLabel,
  dayOfWeekOf,
  monthOf,
} from './time';

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

  it('reads midnight as 00:00 and follows the clock across a daylight-saving jump', () => {
    const midnight = new Date('2026-11-24T03:00:00Z'); // 00:00 on the 24th in São Paulo
    expect(clubTimeOf(midnight, 'America/Sao_Paulo')).toBe('00:00');
    expect(clubDateOf(midnight, 'America/Sao_Paulo')).toBe('2026-11-24');
    // New York springs forward at 02:00 (EST) on 8 March 2026: 06:59 UTC reads 01:59, 07:00 03:00.
    expect(clubTimeOf(new Date('2026-03-08T06:59:00Z'), 'America/New_York')).toBe('01:59');
    expect(clubTimeOf(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('03:00');
    expect(clubDateOf(new Date('2026-03-08T04:59:00Z'), 'America/New_York')).toBe('2026-03-07');
  });

  it('answers the date right on both sides of midnight, once a day is known', () => {
    const zone = 'America/Sao_Paulo';
    expect(clubDateOf(new Date('2026-11-24T12:00:00Z'), zone)).toBe('2026-11-24');
    expect(clubDateOf(new Date('2026-11-24T02:59:59.999Z'), zone)).toBe('2026-11-23');
    expect(clubDateOf(new Date('2026-11-24T03:00:00Z'), zone)).toBe('2026-11-24');
    expect(clubDateOf(new Date('2026-11-25T02:59:59.999Z'), zone)).toBe('2026-11-24');
    expect(clubDateOf(new Date('2026-11-25T03:00:00Z'), zone)).toBe('2026-11-25');
    // São Paulo's clocks skipped midnight when it kept daylight saving (4 November 2018: 00:00
    // became 01:00); the day before ended at that jump.
    expect(clubDateOf(new Date('2018-11-04T02:59:59Z'), zone)).toBe('2018-11-03');
    expect(clubDateOf(new Date('2018-11-04T03:00:00Z'), zone)).toBe('2018-11-04');
    expect(clubTimeOf(new Date('2018-11-04T03:00:00Z'), zone)).toBe('01:00');
    expect(clubDateOf(new Date('2018-11-03T12:00:00Z'), zone)).toBe('2018-11-03');
    expect(clubDateOf(new Date('2018-11-04T02:59:59Z'), zone)).toBe('2018-11-03');
  });

  it('reads the time inside a known day, and from the formatter on a day the clocks change', () => {
    const zone = 'America/New_York';
    // Each day is made known first. 1 November 2026 lasts 25 hours there: 01:30 comes twice, at
    // 05:30 and 06:30 UTC. On an ordinary day the time is the minutes since 00:00, seconds dropped.
    expect(clubDateOf(new Date('2026-11-01T12:00:00Z'), zone)).toBe('2026-11-01');
    expect(clubDateOf(new Date('2026-11-10T12:00:00Z'), zone)).toBe('2026-11-10');
    const times = {
      '2026-11-01T05:30:00Z': '01:30',
      '2026-11-01T06:30:00Z': '01:30',
      '2026-11-01T23:59:59Z': '18:59',
      '2026-11-10T05:00:00Z': '00:00',
      '2026-11-10T19:45:59.999Z': '14:45',
      '2026-11-11T04:59:00Z': '23:59',
    };
    for (const [instant, time] of Object.entries(times))
      expect(clubTimeOf(new Date(instant), zone), instant).toBe(time);
  });

  it('follows daylight saving time where the zone has it', () => {
    expect(clubInstant('2026-07-01', '12:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-07-01T11:00:00.000Z',
    );
    expect(clubInstant('2026-01-01', '12:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-01-01T12:00:00.000Z',
    );
  });

  it('tells the wall-clock times a spring-forward jump skips; a repeated one is its first', () => {
    const zone = 'America/New_York';
    expect(clubWallClockExists('2026-03-08', '01:59', zone)).toBe(true);
    expect(clubWallClockExists('2026-03-08', '02:00', zone)).toBe(false);
    expect(clubWallClockExists('2026-03-08', '02:30', zone)).toBe(false);
    expect(clubWallClockExists('2026-03-08', '03:00', zone)).toBe(true);
    expect(clubWallClockExists('2026-03-09', '02:30', zone)).toBe(true);
    expect(clubWallClockExists('2026-11-01', '01:30', zone)).toBe(true);
    expect(clubInstant('2026-11-01', '01:30', zone).toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });

  it('answers a repeated wall-clock time from its cache with a fresh Date, in every zone', () => {
    const first = clubInstant('2026-11-23', '07:00', 'America/Sao_Paulo');
    first.setTime(0); // a caller mutating its Date must not change the next answer
    expect(clubInstant('2026-11-23', '07:00', 'America/Sao_Paulo').toISOString()).toBe(
      '2026-11-23T10:00:00.000Z',
    );
    expect(clubInstant('2026-11-23', '07:00', 'UTC').toISOString()).toBe(
      '2026-11-23T07:00:00.000Z',
    );
  });

  it('stays right after its cache has filled and started afresh', () => {
    for (let minute = 0; minute <= clubInstantCacheSize; minute += 1) {
      const date = addDaysToDate('2026-01-01', Math.floor(minute / 1440));
      const time = `${String(Math.floor((minute % 1440) / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
      clubInstant(date, time, 'UTC');
    }
    expect(clubInstant('2026-07-01', '12:00', 'Europe/Lisbon').toISOString()).toBe(
      '2026-07-01T11:00:00.000Z',
    );
  });

  it('does calendar arithmetic and weekdays on plain dates', () => {
    expect(addDaysToDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDaysToDate('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDaysToDate('2026-11-01', 30)).toBe('2026-12-01');
    expect(addDaysToDate('2026-03-08', 1)).toBe('2026-03-09');
    expect(() => addDaysToDate('não é data', 1)).toThrow(RangeError);
    for (const date of ['2026-12-0', '2026-02-30', '2026-13-01'])
      expect(() => addDaysToDate(date, 51), date).toThrow(RangeError);
    expect(() => dayOfWeekOf('2026-04-31')).toThrow(RangeError);
    expect(dayOfWeekOf('2026-11-22')).toBe('DOMINGO');
    expect(dayOfWeekOf('2026-11-28')).toBe('SABADO');
  });
});

describe('ageOn', () => {
  it('counts a year only once the birthday is reached', () => {
    expect(ageOn('1990-05-10', '2024-05-09')).toBe(33);
    expect(ageOn('1990-05-10', '2024-05-10')).toBe(34);
    expect(ageOn('1990-05-10', '2024-12-31')).toBe(34);
  });

  it('makes someone born on 29 February older on 1 March of a common year', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('answers 0 on the birth date itself', () => {
    expect(ageOn('2020-01-01', '2020-01-01')).toBe(0);
  });
});

describe('monthOf', () => {
  it('answers the first day of the month and of the next, across a year end', () => {
    expect(monthOf('2026-12-15')).toEqual({ first: '2026-12-01', next: '2027-01-01' });
    expect(monthOf('2026-02-01')).toEqual({ first: '2026-02-01', next: '2026-03-01' });
    expect(monthOf('2028-02-29')).toEqual({ first: '2028-02-01', next: '2028-03-01' });
    expect(monthOf('0999-01-31')).toEqual({ first: '0999-01-01', next: '0999-02-01' });
  });

  it('refuses what is not a calendar date', () => {
    for (const date of ['não é data', '2026-02-29', '2026-13-01', '2026-04-31', '2026-1-01'])
      expect(() => monthOf(date), date).toThrow(RangeError);
  });
});

describe('dateLabel', () => {
  it('writes a club-local date as DD/MM/AAAA', () => {
    expect(dateLabel('2026-03-07')).toBe('07/03/2026');
    expect(dateLabel('2026-12-31')).toBe('31/12/2026');
  });
});
