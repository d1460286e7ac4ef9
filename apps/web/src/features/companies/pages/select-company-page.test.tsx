import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getCurrentCompany } from '@/lib/current-company';
import { getSession, setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { mockApi, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

describe('club selection', () => {
  it('lists the clubs and stores the chosen one before opening the dashboard', async () => {
    const session = buildSession();
    setSession(session);
    const demo = buildCompany({ name: 'Clube Demonstração', logoUrl: '/demo/logo.svg' });
    const nautico = buildCompany({ name: 'Clube Náutico Beira-Rio', logoUrl: null });
    const { requests } = mockApi(
      route.get('/backoffice/company', { items: [demo, nautico] }),
      // The dashboard the choice opens.
      route.get('/backoffice/place/company/:companyId', { items: [] }),
    );
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

describe('Criar clube', () => {
  it('is offered to a server administrator and opens the new club once created', async () => {
    setSession(buildSession());
    const demo = buildCompany({ name: 'Clube Demonstração' });
    const created = buildCompany({ name: 'Clube Novo', timezone: 'America/Manaus' });
    // The server lists the new club once it is created, as the layout checks the stored one.
    let clubs = [demo];
    const { requests } = mockApi(
      route.get('/backoffice/company', () => reply(200, { items: clubs, canCreateClubs: true })),
      route.post('/backoffice/company', () => {
        clubs = [demo, created];
        return reply(201, created);
      }),
      route.get('/backoffice/place/company/:companyId', { items: [] }),
    );
    const { router } = renderApp('/select-company');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar clube' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar clube' });
    await user.click(within(dialog).getByRole('button', { name: 'Criar clube' }));
    expect(await within(dialog).findByText('Campo obrigatório!')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Nome do clube'), 'Clube Novo');
    await user.selectOptions(within(dialog).getByRole('combobox'), 'America/Manaus');
    await user.click(within(dialog).getByRole('button', { name: 'Criar clube' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Clube Novo',
      timezone: 'America/Manaus',
    });
    expect(getCurrentCompany()?.id).toBe(created.id);
  }, 30_000);

  it('is not offered to anyone else', async () => {
    setSession(buildSession());
    mockApi(route.get('/backoffice/company', { items: [buildCompany()], canCreateClubs: false }));
    renderApp('/select-company');
    expect(await screen.findByRole('heading', { name: 'Selecione um clube' })).toBeInTheDocument();
    await screen.findAllByRole('button', { name: /Entrar no clube/ });
    expect(screen.queryByRole('button', { name: 'Criar clube' })).not.toBeInTheDocument();
  });
});
