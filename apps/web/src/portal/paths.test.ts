import { describe, expect, it } from 'vitest';
import { readSignInReturnPath } from './paths';

describe('the page the sign-in returns to', () => {
  it('the portal never returns to its signed-out pages', () => {
    expect(readSignInReturnPath('/reservas?aba=past')).toBe('/reservas?aba=past');
    for (const value of [
      '/',
      '/entrar',
      '/entrar?sessao=expirada',
      '/esqueci-minha-senha',
      '/acesso/senha',
    ]) {
      expect(readSignInReturnPath(value), value).toBeNull();
    }
  });
});
