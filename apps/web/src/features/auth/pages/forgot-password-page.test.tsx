import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

describe('forgot-password page', () => {
  it('sends the CPF and answers the same whether or not a link went out', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(
      route.get('/auth/mail-delivery', { sendsMail: true }),
      route.post('/auth/access-link', reply(202, { ok: true })),
    );
    const { container } = renderApp('/forgot-password');

    expect(await screen.findByRole('heading', { name: 'Esqueceu sua senha?' })).toBeVisible();
    expect(container).not.toHaveTextContent(/npm|--cpf|cli/);
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(
      await screen.findByText(/Se houver um e-mail cadastrado para este CPF, enviamos/),
    ).toBeVisible();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      cpf: '52998224725',
    });
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('refuses an invalid CPF before sending anything', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(route.get('/auth/mail-delivery', { sendsMail: true }));
    renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('CPF'), '11111111111');
    await user.click(screen.getByRole('button', { name: 'Enviar link' }));
    expect(screen.getByText('CPF inválido.')).toBeVisible();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('says, when the club sends no e-mail, that an administrator resets the password', async () => {
    const { requests } = mockApi(route.get('/auth/mail-delivery', { sendsMail: false }));
    renderApp('/forgot-password');
    expect(
      await screen.findByText(
        'Este clube não envia e-mails, então a senha não pode ser redefinida por um link.',
      ),
    ).toBeVisible();
    expect(screen.getByText(/Peça a um administrador do clube/)).toBeVisible();
    expect(screen.getByText(/reset-staff-password/)).toBeVisible();
    // No form that would pretend to send a link.
    expect(screen.queryByRole('button', { name: 'Enviar link' })).toBeNull();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Voltar para o login' })).toBeVisible();
  });
});

describe('reset-password page (the link of the message)', () => {
  it('says a dead link is dead when the page opens, before anything is typed', async () => {
    const { requests } = mockApi(
      route.post('/auth/access-link/check', apiError('AccessLinkInvalid')),
    );
    window.location.hash = '#token=abcdefghijklmnopqrstuvwxyz0123456789';
    renderApp('/redefinir-senha');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este link não vale mais: já foi usado, expirou ou um link mais novo foi pedido. Peça outro.',
    );
    expect(screen.queryByLabelText('Nova senha')).toBeNull();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
    expect(requests.map((request) => request.body)).toEqual([
      { token: 'abcdefghijklmnopqrstuvwxyz0123456789' },
    ]);
  });

  it('refuses a link spent between the check and the password with the table’s text', async () => {
    const user = userEvent.setup();
    mockApi(
      route.post('/auth/access-link/check', { clubName: null }),
      route.post('/auth/access-link/redeem', apiError('AccessLinkInvalid')),
    );
    window.location.hash = '#token=abcdefghijklmnopqrstuvwxyz0123456789';
    renderApp('/redefinir-senha');
    await user.type(await screen.findByLabelText('Nova senha'), 'nova-senha-1');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'nova-senha-1');
    await user.click(screen.getByRole('button', { name: 'Salvar senha e entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Este link não vale mais');
    expect(getSession()).toBeNull();
  });

  it('takes a club invitation to the sign-in when the account already opens another club', async () => {
    const user = userEvent.setup();
    const session = buildSession();
    const token = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const { requests } = mockApi(
      route.post('/auth/access-link/check', { clubName: 'Clube Náutico' }),
      route.post('/auth/access-link/redeem', apiError('StaffInvitationNeedsPassword')),
      route.post('/auth/login', session),
      route.get('/backoffice/company', { items: [buildCompany()] }),
    );
    window.location.hash = `#token=${token}`;
    const { router } = renderApp('/redefinir-senha');
    // The invitation names its club.
    expect(await screen.findByText('Clube Náutico')).toBeVisible();
    await user.type(await screen.findByLabelText('Nova senha'), 'nova-senha-1');
    await user.type(screen.getByLabelText('Repita a nova senha'), 'nova-senha-1');
    await user.click(screen.getByRole('button', { name: 'Salvar senha e entrar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(
      await screen.findByText(/Entre com o seu CPF e a sua senha de sempre para aceitar o convite/),
    ).toBeVisible();
    // The code field is not offered: the link is the invitation.
    expect(screen.queryByRole('button', { name: /código de convite/ })).toBeNull();
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Senha'), 'senha-de-sempre');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-company'));
    expect(requests.find((request) => request.url === '/api/auth/login')?.body).toEqual({
      cpf: '52998224725',
      password: 'senha-de-sempre',
      invitation: token,
    });
  });
});
