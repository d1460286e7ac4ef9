import { describe, expect, it } from 'vitest';
import { ageOn, lastBookableDate, monthOf } from './booking-dates';

describe('ageOn', () => {
  it('counts a birthday only once it is reached', () => {
    expect(ageOn('2012-06-15', '2030-06-14')).toBe(17);
    expect(ageOn('2012-06-15', '2030-06-15')).toBe(18);
  });

  it('handles a birthday on 29 February', () => {
    expect(ageOn('2012-02-29', '2030-02-28')).toBe(17);
    expect(ageOn('2012-02-29', '2030-03-01')).toBe(18);
  });
});

describe('monthOf', () => {
  it('answers the first day of the month and of the next, across a year end', () => {
    expect(monthOf('2030-12-31')).toEqual({ first: '2030-12-01', next: '2031-01-01' });
    expect(monthOf('2030-02-01')).toEqual({ first: '2030-02-01', next: '2030-03-01' });
  });
});

describe('lastBookableDate', () => {
  it('adds the booking window to today, across a month end', () => {
    expect(lastBookableDate('2030-01-30', 3)).toBe('2030-02-02');
    expect(lastBookableDate('2030-01-30', 0)).toBe('2030-01-30');
  });
});
