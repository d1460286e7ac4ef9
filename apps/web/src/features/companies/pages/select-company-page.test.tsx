import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getCurrentCompany } from '@/lib/current-company';
import { getSession, setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

describe('club selection', () => {
  it('lists the clubs and stores the chosen one before opening the dashboard', async () => {
    const session = buildSession();
    setSession(session);
    const demo = buildCompany({ name: 'Clube Demonstração', logoUrl: '/demo/logo.svg' });
    const nautico = buildCompany({ name: 'Clube Náutico Beira-Rio', logoUrl: null });
    const { requests } = mockApi(route.get('/backoffice/company', { items: [demo, nautico] }));
    const { router } = renderApp('/select-company');

    expect(await screen.findByRole('heading', { name: 'Selecione um clube' })).toBeInTheDocument();
    await userEvent
      .setup()
      .click(
        await screen.findByRole('button', { name: 'Entrar no clube Clube Náutico Beira-Rio' }),
      );

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // The club is stored without the role: the role is read from the API each time.
    const { role, ...storedClub } = nautico;
    expect(role).toBe('administrador');
    expect(getCurrentCompany()).toEqual(storedClub);
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${session.access_token}`);
    expect(await screen.findByText('Clube Náutico Beira-Rio')).toBeInTheDocument();
  });

  it('signs out and explains when the staff member has no club', async () => {
    const session = buildSession();
    setSession(session);
    const { requests } = mockApi(
      route.get('/backoffice/company', { items: [] }),
      route.post('/auth/logout', { ok: true }),
    );
    const { router } = renderApp('/select-company');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?error=NoCompanyFound');
    expect(getSession()).toBeNull();
    expect(await screen.findByRole('alert')).toHaveTextContent('Nenhum clube');
    // The server forgets the session too.
    await waitFor(() =>
      expect(requests.find((request) => request.url === '/api/auth/logout')?.body).toEqual({
        refresh_token: session.refresh_token,
      }),
    );
  });

  it('sends a visitor without a session to the login page', async () => {
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
