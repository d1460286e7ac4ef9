import { describe, expect, it } from 'vitest';
import { maskEmail } from './email';

describe('maskEmail', () => {
  it('keeps the first letters and the ending of the domain', () => {
    expect(maskEmail('joana@gmail.com')).toBe('j•••@g•••.com');
    expect(maskEmail(' ana.lima@clube.com.br ')).toBe('a•••@c•••.com.br');
  });

  it('tells nothing of something that is not an address', () => {
    expect(maskEmail('sem-arroba')).toBe('•••');
    expect(maskEmail('@clube.com')).toBe('•••');
  });
});
