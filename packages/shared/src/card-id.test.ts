import { describe, expect, it } from 'vitest';
import { cardIdMaxLength, isValidCardId, normalizeCardId } from './card-id';

describe('card numbers', () => {
  it('takes digits and letters as clubs print them, letters in capitals', () => {
    expect(isValidCardId('000123')).toBe(true);
    expect(isValidCardId('BR00001')).toBe(true);
    expect(isValidCardId(' br00001 ')).toBe(true);
    expect(normalizeCardId(' br00001 ')).toBe('BR00001');
    expect(isValidCardId('A'.repeat(cardIdMaxLength))).toBe(true);
  });

  it('refuses spaces, punctuation, accents, an empty value and a value past the limit', () => {
    for (const value of [
      'BR 0001',
      'BR-0001',
      '12.345',
      'ÇA001',
      '',
      '1'.repeat(cardIdMaxLength + 1),
    ])
      expect(isValidCardId(value), value).toBe(false);
  });
});
