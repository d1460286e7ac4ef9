import { describe, expect, it } from 'vitest';
import { readLoginReturnPath } from './paths';

describe('the page the login returns to', () => {
  it('the back office never returns to its signed-out pages, the portal or the API', () => {
    expect(readLoginReturnPath('/day-sheet?date=2026-12-01')).toBe('/day-sheet?date=2026-12-01');
    for (const value of [
      '/',
      '/login',
      '/login?voltar=%2Fcategory',
      '/login/SessionExpired',
      '/forgot-password',
      '/redefinir-senha',
      '/portal/inicio',
      '/portal',
      '/api/backoffice/company',
    ]) {
      expect(readLoginReturnPath(value), value).toBeNull();
    }
  });
});
