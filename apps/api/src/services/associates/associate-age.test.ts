import { describe, expect, it } from 'vitest';
import { ageOnDate } from './associate-age';

describe('ageOnDate', () => {
  it('counts a year only once the birthday is reached', () => {
    expect(ageOnDate('1990-05-10', '2024-05-09')).toBe(33);
    expect(ageOnDate('1990-05-10', '2024-05-10')).toBe(34);
    expect(ageOnDate('1990-05-10', '2024-12-31')).toBe(34);
  });

  it('makes someone born on 29 February older on 1 March of a common year', () => {
    expect(ageOnDate('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOnDate('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOnDate('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('answers 0 on the birth date itself', () => {
    expect(ageOnDate('2020-01-01', '2020-01-01')).toBe(0);
  });
});
