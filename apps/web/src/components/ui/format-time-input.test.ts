import { describe, expect, it } from 'vitest';
import { formatTimeInput } from './format-time-input';

describe('formatTimeInput', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['12', '12:'],
    ['123', '12:3'],
    ['1234', '12:34'],
    ['12:34', '12:34'],
    ['12345', '12:34'],
    ['ab1c2', '12:'],
    ['24', '23:'],
    ['2999', '23:59'],
    ['9', '09:'],
    ['127', '12:07'],
    ['0860', '08:59'],
    ['00:00', '00:00'],
  ])('%j becomes %j', (raw, expected) => {
    expect(formatTimeInput(raw)).toBe(expected);
  });

  it('never answers more than 5 characters', () => {
    for (const raw of ['123456789', '99:99:99', '1:2:3:4:5']) {
      expect(formatTimeInput(raw).length).toBeLessThanOrEqual(5);
    }
  });

  it('lets the colon be erased', () => {
    expect(formatTimeInput('12', { isDeleting: true })).toBe('12');
    expect(formatTimeInput('12:3', { isDeleting: true })).toBe('12:3');
  });
});
