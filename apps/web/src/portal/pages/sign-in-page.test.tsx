import { portalLoginBodySchema, type PortalLoginResponse } from '@clube/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, mockApi, reply, route } from '@/testing/mock-api';
import {
  clearPortalSession,
  getPortalSession,
  portalSessionKey,
  setPortalSession,
} from '../lib/session';
import { buildMe, buildPortalClub, buildPortalSession } from '../testing/factories';
import { renderPortal } from '@/testing/render';

describe('portal sign-in', () => {
  it('asks which club when the CPF is a member of several, then signs in to the chosen one', async () => {
    const user = userEvent.setup();
    const clubA = buildPortalClub({ name: 'Clube Demonstração' });
    const clubB = buildPortalClub({ name: 'Clube Náutico Beira-Rio' });
    const session = buildPortalSession({
      club: { ...clubB, timezone: 'America/Sao_Paulo' },
      clubs: [clubA, clubB],
    });
    const { requests } = mockApi(
      route.post<PortalLoginResponse>('/portal/auth/login', ({ body }) =>
        portalLoginBodySchema.parse(body).companyId
          ? session
          : { needsClub: true, clubs: [clubA, clubB] },
      ),
      route.get('/portal/me', buildMe(session)),
      route.get('/portal/waitlists', { items: [] }),
    );
    const { router } = renderPortal('/entrar');

    await user.type(await screen.findByLabelText('CPF'), '52998224725');
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    await user.type(screen.getByLabelText('Senha'), 'segredo1');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('heading', { name: 'Escolha o clube' })).toBeVisible();
    expect(requests[0]?.body).toEqual({ cpf: '52998224725', password: 'segredo1' });
    await user.click(
      screen.getByRole('button', { name: 'Entrar no clube Clube Náutico Beira-Rio' }),
    );

    expect(await screen.findByRole('heading', { name: 'Olá, João' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/inicio');
    expect(requests[1]?.body).toEqual({
      cpf: '52998224725',
      password: 'segredo1',
      companyId: clubB.id,
    });
    // The portal's own key: the back office's session is a different one.
    expect(getPortalSession()?.club.id).toBe(clubB.id);
    expect(window.localStorage.getItem(portalSessionKey)).not.toBeNull();
    expect(window.localStorage.getItem('backoffice-session')).toBeNull();
    expect(
      requests.find((request) => request.url === '/api/portal/me')?.headers.authorization,
    ).toBe(`Bearer ${session.access_token}`);
  });

  it('says the CPF or password is wrong when the API refuses them', async () => {
    const user = userEvent.setup();
    mockApi(route.post('/portal/auth/login', apiError('InvalidCredentials')));
    renderPortal('/entrar');

    await user.type(await screen.findByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Senha'), 'errada12');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'CPF ou senha incorretos. Confira e tente novamente.',
    );
    expect(getPortalSession()).toBeNull();
  });

  it('checks the fields before sending anything', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(route.post('/portal/auth/login', reply(500)));
    renderPortal('/entrar');

    await user.type(await screen.findByLabelText('CPF'), '11111111112');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('CPF inválido.')).toBeVisible();
    expect(screen.getByText('Campo obrigatório!')).toBeVisible();
    expect(requests).toHaveLength(0);
  });

  it('refreshes once on a 401, and when that fails too, signs out with a session-expired message', async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    const { requests } = mockApi(
      route.post('/portal/auth/refresh', apiError('RefreshTokenExpired')),
      route.get('/portal/me', apiError('Unauthorized')),
    );
    const { router } = renderPortal('/inicio');

    expect(await screen.findByText('Sua sessão expirou. Entre novamente.')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
    expect(getPortalSession()).toBeNull();
    expect(requests.filter((request) => request.url === '/api/portal/auth/refresh')).toHaveLength(
      1,
    );
    expect(requests.find((request) => request.url === '/api/portal/auth/refresh')?.body).toEqual({
      refresh_token: session.refresh_token,
    });
  });
});

/** Types the demo member's CPF and password on the sign-in page and submits. */
async function signInAsMember() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('CPF'), '10000000108');
  await user.type(screen.getByLabelText('Senha'), 'socio123');
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('portal sign-in returns to the page that asked for it', () => {
  const pastBookings = '/reservas?aba=past';
  // Forgets an earlier test's expired session (kept in memory, for the sign-in page's message).
  beforeEach(clearPortalSession);

  it('a signed-out visit to a page signs in and opens that page, query included', async () => {
    const session = buildPortalSession();
    const { requests } = mockApi(
      route.post('/portal/auth/login', session),
      route.get('/portal/me', buildMe(session)),
      route.get('/portal/waitlists', { items: [] }),
      route.get('/portal/bookings', { items: [] }),
    );
    const { router } = renderPortal(pastBookings);

    expect(await screen.findByRole('heading', { name: 'Portal do associado' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/entrar');
    expect(router.state.location.search).toBe(`?voltar=${encodeURIComponent(pastBookings)}`);
    await signInAsMember();

    expect(await screen.findByText('Nenhuma reserva passada.')).toBeVisible();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(pastBookings);
    const read = requests.find((request) => request.url.startsWith('/api/portal/bookings'));
    expect(read?.query.get('scope')).toBe('past');
  });

  it('after the session expires, signing in again returns to the page that was open', async () => {
    const expired = buildPortalSession();
    setPortalSession(expired);
    const session = buildPortalSession();
    let isSignedInAgain = false;
    mockApi(
      route.post('/portal/auth/refresh', apiError('RefreshTokenExpired')),
      route.post('/portal/auth/login', () => {
        isSignedInAgain = true;
        return session;
      }),
      route.get('/portal/me', buildMe(session)),
      route.get('/portal/waitlists', { items: [] }),
      route.get('/portal/bookings', () =>
        isSignedInAgain ? { items: [] } : apiError('Unauthorized'),
      ),
    );
    const { router } = renderPortal(pastBookings);

    expect(await screen.findByText('Sua sessão expirou. Entre novamente.')).toBeVisible();
    await waitFor(() => expect(router.state.location.pathname).toBe('/entrar'));
    expect(new URLSearchParams(router.state.location.search).get('voltar')).toBe(pastBookings);
    await signInAsMember();

    expect(await screen.findByText('Nenhuma reserva passada.')).toBeVisible();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(pastBookings);
  });

  it.each(['https://evil.example/portal/inicio', '//evil.example', '/\\evil.example', '/entrar'])(
    'never follows a return address outside the portal (%s): home instead',
    async (returnTo) => {
      const session = buildPortalSession();
      mockApi(
        route.post('/portal/auth/login', session),
        route.get('/portal/me', buildMe(session)),
        route.get('/portal/waitlists', { items: [] }),
      );
      const { router } = renderPortal(`/entrar?voltar=${encodeURIComponent(returnTo)}`);

      await signInAsMember();

      expect(await screen.findByRole('heading', { name: 'Olá, João' })).toBeVisible();
      expect(router.state.location.pathname).toBe('/inicio');
      expect(router.state.location.search).toBe('');
    },
  );
});
