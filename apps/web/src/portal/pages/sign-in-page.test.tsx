import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorBody, mockFetch } from '@/testing/fetch-mock';
import { getPortalSession, portalSessionKey, setPortalSession } from '../lib/session';
import { buildMe, buildPortalClub, buildPortalSession } from '../testing/factories';
import { renderPortal } from '../testing/render-portal';

describe('portal sign-in', () => {
  it('asks which club when the CPF is a member of several, then signs in to the chosen one', async () => {
    const user = userEvent.setup();
    const clubA = buildPortalClub({ name: 'Clube Demonstração' });
    const clubB = buildPortalClub({ name: 'Clube Náutico Beira-Rio' });
    const session = buildPortalSession({
      club: { ...clubB, timezone: 'America/Sao_Paulo' },
      clubs: [clubA, clubB],
    });
    const { requests } = mockFetch((request) => {
      if (request.url === '/api/portal/auth/login') {
        const body = request.body as { companyId?: string };
        return body.companyId
          ? { status: 200, body: session }
          : { status: 200, body: { needsClub: true, clubs: [clubA, clubB] } };
      }
      if (request.url === '/api/portal/me') return { status: 200, body: buildMe(session) };
      return { status: 404, body: errorBody(404, 'NotFound') };
    });
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
    mockFetch(() => ({ status: 401, body: errorBody(401, 'InvalidCredentials') }));
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
    const { requests } = mockFetch(() => ({ status: 500 }));
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
    const { requests } = mockFetch((request) => {
      if (request.url === '/api/portal/auth/refresh') {
        return { status: 401, body: errorBody(401, 'RefreshTokenExpired') };
      }
      return { status: 401, body: errorBody(401, 'Unauthorized') };
    });
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
