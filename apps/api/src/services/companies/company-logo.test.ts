import { describe, expect, it } from 'vitest';
import { storageKeyOfLogo } from './company-logo';

describe('storageKeyOfLogo', () => {
  const key = '0b9e6c1e-8f0a-4c39-9a55-3c1d2b7f4e10-logo.webp';

  it('finds the stored file of an uploaded logo', () => {
    expect(storageKeyOfLogo(`/api/uploads/${key}`)).toBe(key);
  });

  it('answers null for no logo, a static file, or anything that is not a generated key', () => {
    expect(storageKeyOfLogo(null)).toBeNull();
    expect(storageKeyOfLogo('/demo/clube-demonstracao.svg')).toBeNull();
    expect(storageKeyOfLogo('/api/uploads/../../etc/passwd')).toBeNull();
    expect(storageKeyOfLogo(`https://cdn.example.com/api/uploads/${key}`)).toBeNull();
  });
});
