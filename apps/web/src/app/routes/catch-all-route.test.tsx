import { screen, within } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { i18n, loadAllTranslations } from '@/lib/i18n';
import { auth } from '@/lib/i18n/pt/auth';
import { common } from '@/lib/i18n/pt/common';
import { errors } from '@/lib/i18n/pt/errors';
import { landing } from '@/lib/i18n/pt/landing';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { renderApp } from '@/testing/render';

describe('not-found page when signed in', () => {
  beforeEach(() => {
    // A visit straight to an unknown address: the store holds only what the first load carries.
    i18n.removeResourceBundle('pt', 'translation');
    i18n.addResourceBundle('pt', 'translation', { common, landing, auth, errors });
  });
  afterAll(loadAllTranslations);

  it('shows the menu and header in Portuguese, never translation keys', async () => {
    setSession(buildSession());
    setCurrentCompany(buildCompany({ name: 'Clube Demonstração' }));
    renderApp('/nao-existe');

    expect(
      await screen.findByRole('heading', { name: 'Página não encontrada!' }),
    ).toBeInTheDocument();
    const navigation = await screen.findByRole('navigation', { name: 'Navegação principal' });
    expect(within(navigation).getByRole('link', { name: 'Clube' })).toBeInTheDocument();
    expect(within(navigation).getByRole('button', { name: 'Sair' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/layout\.\w+/);
  });
});
