import { type PortalSession } from '@clube/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply, route } from '@/testing/mock-api';
import { getPortalSession } from '../lib/session';
import { buildMe, buildPortalSession } from '../testing/factories';
import { renderPortal } from '@/testing/render';

describe('portal Primeiro acesso / Esqueci minha senha', () => {
  it('sends the CPF and says a link went out if the club holds an e-mail, without saying whether', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(route.post('/portal/auth/access-link', reply(202, { ok: true })));
    renderPortal('/entrar');

    await user.click(
      await screen.findByRole('link', { name: 'Primeiro acesso ou esqueci minha senha' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Primeiro acesso ou nova senha' }),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(screen.getByText('Campo obrigatório!')).toBeVisible();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(
      await screen.findByText(/Se houver um e-mail cadastrado para este CPF, enviamos/),
    ).toBeVisible();
    expect(requests[0]?.body).toEqual({ cpf: '52998224725' });
  });

  it('says so when too many links were asked for', async () => {
    const user = userEvent.setup();
    mockApi(route.post('/portal/auth/access-link', apiError('TooManyRequests')));
    renderPortal('/esqueci-minha-senha');
    await user.type(await screen.findByLabelText('CPF'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Muitas tentativas');
  });
});

describe('the page a password link opens', () => {
  it('sets the password with the link’s token and signs the member in', async () => {
    const user = userEvent.setup();
    const session: PortalSession = buildPortalSession();
    const { requests } = mockApi(
      route.post('/portal/auth/access-link/check', { clubName: 'Clube Náutico' }),
      route.post('/portal/auth/access-link/redeem', session),
      route.get('/portal/me', buildMe(session)),
      route.get('/portal/waitlists', { items: [] }),
    );
    window.location.hash = '#token=abcdefghijklmnopqrstuvwxyz0123456789';
    renderPortal('/acesso/senha');
    // The page names the member's club.
    expect(await screen.findByText('Clube Náutico')).toBeVisible();

    await user.type(await screen.findByLabelText('Nova senha'), 'nova-senha-1');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'outra-senha');
    await user.click(screen.getByRole('button', { name: 'Salvar senha e entrar' }));
    expect(screen.getByText('As senhas não conferem.')).toBeVisible();
    expect(requests.filter((request) => request.url.endsWith('/redeem'))).toHaveLength(0);

    await user.clear(screen.getByLabelText('Repita a nova senha'));
    await user.type(screen.getByLabelText('Repita a nova senha'), 'nova-senha-1');
    await user.click(screen.getByRole('button', { name: 'Salvar senha e entrar' }));
    expect(await screen.findByRole('heading', { name: /Olá/ })).toBeVisible();
    expect(requests.find((request) => request.url.endsWith('/redeem'))?.body).toEqual({
      token: 'abcdefghijklmnopqrstuvwxyz0123456789',
      newPassword: 'nova-senha-1',
    });
    expect(getPortalSession()?.access_token).toBe(session.access_token);
  });

  it('says a spent or expired link does not work as the page opens, with the way to ask again', async () => {
    mockApi(route.post('/portal/auth/access-link/check', apiError('AccessLinkInvalid')));
    window.location.hash = '#token=abcdefghijklmnopqrstuvwxyz0123456789';
    renderPortal('/acesso/senha');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este link não vale mais: já foi usado, expirou ou um link mais novo foi pedido. Peça outro.',
    );
    expect(screen.queryByLabelText('Nova senha')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
  });

  it('checks and uses a second link opened in the same tab, with its own token', async () => {
    const user = userEvent.setup();
    const session: PortalSession = buildPortalSession();
    const first = 'primeirolinkprimeirolink0001';
    const second = 'segundolinksegundolink000002';
    const { requests } = mockApi(
      route.post('/portal/auth/access-link/check', ({ body }) =>
        (body as { token: string }).token === first
          ? apiError('AccessLinkInvalid')
          : { clubName: 'Clube Náutico' },
      ),
      route.post('/portal/auth/access-link/redeem', session),
      route.get('/portal/me', buildMe(session)),
      route.get('/portal/waitlists', { items: [] }),
    );
    window.location.hash = `#token=${first}`;
    renderPortal('/acesso/senha');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este link não vale mais');

    // Only the fragment changes: no page load.
    window.location.hash = `#token=${second}`;
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    await user.type(await screen.findByLabelText('Nova senha'), 'nova-senha-1');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'nova-senha-1');
    await user.click(screen.getByRole('button', { name: 'Salvar senha e entrar' }));
    expect(await screen.findByRole('heading', { name: /Olá/ })).toBeVisible();
    expect(requests.find((request) => request.url.endsWith('/redeem'))?.body).toEqual({
      token: second,
      newPassword: 'nova-senha-1',
    });
  });

  it('says this server sends no e-mail and to ask the club, offering no link', async () => {
    mockApi(route.get('/auth/mail-delivery', { sendsMail: false }));
    renderPortal('/esqueci-minha-senha');
    expect(
      await screen.findByText('Este servidor não envia e-mails: nenhum link chegaria até você.'),
    ).toBeVisible();
    expect(screen.getByText(/Peça ao clube/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Enviar link' })).not.toBeInTheDocument();
  });
});
