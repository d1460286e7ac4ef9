import { describe, expect, it } from 'vitest';
import { portalI18n } from '../lib/i18n';

// Without the test helper (src/testing/render.tsx), which registers every text up front.
describe('portal texts', () => {
  it('carries the signed-out screens in the entry and adds the signed-in sections with the layout', async () => {
    expect(portalI18n.t('portal.signIn.submit')).toBe('Entrar');
    expect(portalI18n.t('portal.forgotPassword.title')).toBe('Primeiro acesso ou nova senha');
    expect(portalI18n.exists('portal.nav.home')).toBe(false);
    expect(portalI18n.exists('portal.home.nextBookings')).toBe(false);

    await import('./portal-layout');

    expect(portalI18n.t('portal.nav.home')).toBe('Início');
    expect(portalI18n.t('portal.home.greeting', { name: 'Ana' })).toBe('Olá, Ana');
    expect(portalI18n.t('portal.notFound')).toBe('Página não encontrada.');
    expect(portalI18n.t('portal.signIn.submit')).toBe('Entrar');
  });
});
