import type { Session } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { getSession, setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, reply, route, type RouteAnswer } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

// The first render loads the lazy route, which can take a while when the suite runs in parallel.
const firstRender = { timeout: 10_000 };

function signedIn() {
  const session = buildSession({
    user: {
      id: '00000000-0000-4000-8000-0000000000ff',
      name: 'Maria Souza',
      cpf: '52998224725',
      mustChangePassword: false,
    },
  });
  setSession(session);
  setCurrentCompany(buildCompany());
  return session;
}

async function fillPasswordForm(values: { current: string; next: string; confirm: string }) {
  const form = await screen.findByRole('form', { name: 'Alterar senha' }, firstRender);
  const user = userEvent.setup();
  if (values.current) await user.type(within(form).getByLabelText('Senha atual'), values.current);
  if (values.next) await user.type(within(form).getByLabelText('Nova senha'), values.next);
  if (values.confirm)
    await user.type(within(form).getByLabelText('Confirmar nova senha'), values.confirm);
  await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));
  return form;
}

const isPasswordChange = (request: { method: string; url: string }) =>
  request.method === 'PATCH' && request.url === '/api/backoffice/profile/password';
const changePassword = (answer: RouteAnswer<Session>) =>
  route.patch('/backoffice/profile/password', answer);

describe('profile page', () => {
  it('shows the name and the formatted cpf', async () => {
    signedIn();
    renderApp('/profile');

    expect(
      await screen.findByRole('heading', { name: 'Meu perfil' }, firstRender),
    ).toBeInTheDocument();
    expect(screen.getByText('529.982.247-25')).toBeInTheDocument();
  });

  it('changes the password and keeps this device signed in with the new session', async () => {
    const old = signedIn();
    const renewed = buildSession({ user: old.user });
    const { requests } = mockApi(changePassword(renewed));
    renderApp('/profile');

    const form = await fillPasswordForm({
      current: 'clube123',
      next: 'nova-senha',
      confirm: 'nova-senha',
    });

    expect(await screen.findByText('Senha alterada.')).toBeInTheDocument();
    const sent = requests.find(isPasswordChange);
    expect(sent?.body).toEqual({ currentPassword: 'clube123', newPassword: 'nova-senha' });
    expect(sent?.headers.authorization).toBe(`Bearer ${old.access_token}`);
    expect(getSession()).toEqual(renewed);
    expect(within(form).getByLabelText('Senha atual')).toHaveValue('');
  });

  it('checks required fields, the minimum length and the confirmation before sending', async () => {
    const session = signedIn();
    const { requests } = mockApi(changePassword(buildSession({ user: session.user })));
    renderApp('/profile');

    const form = await fillPasswordForm({ current: '', next: '', confirm: '' });
    expect(await within(form).findAllByText('Campo obrigatório!')).toHaveLength(3);

    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Senha atual'), 'clube123');
    await user.type(within(form).getByLabelText('Nova senha'), '12345');
    await user.type(within(form).getByLabelText('Confirmar nova senha'), '54321');
    await user.click(within(form).getByRole('button', { name: 'Alterar senha' }));

    expect(
      await within(form).findByText('A senha deve ter pelo menos 6 caracteres'),
    ).toBeInTheDocument();
    expect(within(form).getByText('As senhas não conferem')).toBeInTheDocument();
    expect(requests.some(isPasswordChange)).toBe(false);
  });

  it('marks the current password when the server says it is wrong, keeping the session', async () => {
    const session = signedIn();
    mockApi(changePassword(apiError('InvalidOldPassword')));
    renderApp('/profile');

    const form = await fillPasswordForm({
      current: 'errada',
      next: 'nova-senha',
      confirm: 'nova-senha',
    });

    const current = within(form).getByLabelText('Senha atual');
    expect(await within(form).findByText('A senha atual está incorreta.')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(current).toHaveAccessibleDescription('A senha atual está incorreta.');
    expect(getSession()).toEqual(session);
  });

  it('toasts the edit failure when the server cannot answer', async () => {
    signedIn();
    mockApi(changePassword(reply(500)));
    renderApp('/profile');

    await fillPasswordForm({ current: 'clube123', next: 'nova-senha', confirm: 'nova-senha' });

    expect(await screen.findByText('Erro ao editar.')).toBeInTheDocument();
  });
});
