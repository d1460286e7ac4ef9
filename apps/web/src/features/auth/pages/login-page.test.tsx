import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ErrorBody } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { getSession, setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, networkError, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

async function fillAndSubmit(cpf: string, password: string) {
  const user = userEvent.setup();
  if (cpf) await user.type(await screen.findByLabelText('CPF'), cpf);
  if (password) await user.type(screen.getByLabelText('Senha'), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return user;
}

describe('login page', () => {
  it('shows the page title, the forgot-password link and the password toggle', async () => {
    renderApp('/login');

    expect(
      await screen.findByRole('heading', { name: 'Conecte-se para continuar' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Esqueceu sua senha?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    const password = screen.getByLabelText('Senha');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mostrar senha' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar senha' })).toBeInTheDocument();
  });

  it('requires both fields', async () => {
    const { requests } = mockApi(route.post('/auth/login', reply(500)));
    renderApp('/login');

    await fillAndSubmit('', '');

    expect(await screen.findAllByText('Campo obrigatório!')).toHaveLength(2);
    expect(requests).toEqual([]);
  });

  it('rejects a password shorter than 6 characters', async () => {
    const { requests } = mockApi(route.post('/auth/login', reply(500)));
    renderApp('/login');

    await fillAndSubmit('52998224725', '12345');

    expect(await screen.findByText('A senha deve ter pelo menos 6 caracteres')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('masks the cpf, sends it as digits and goes to the club selection', async () => {
    const session = buildSession();
    const club = buildCompany({ name: 'Clube Náutico Beira-Rio' });
    const { requests } = mockApi(
      route.post('/auth/login', session),
      route.get('/backoffice/company', { items: [club] }),
    );
    const { router } = renderApp('/login');
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('CPF'), '52998224725');
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    await user.type(screen.getByLabelText('Senha'), 'clube123');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/select-company'));
    expect(
      await screen.findByRole('button', { name: 'Entrar no clube Clube Náutico Beira-Rio' }),
    ).toBeVisible();
    expect(requests[0]).toMatchObject({
      url: '/api/auth/login',
      method: 'POST',
      body: { cpf: '52998224725', password: 'clube123' },
    });
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(getSession()).toEqual(session);
  });

  it('sends the code of a club invitation typed beside the password, and says why it failed', async () => {
    const { requests } = mockApi(route.post('/auth/login', apiError('StaffInvitationInvalid')));
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Senha'), 'clube123');
    await user.click(
      screen.getByRole('button', { name: 'Tenho um código de convite de um clube' }),
    );
    await user.type(screen.getByLabelText('Código de convite'), 'abcdefgh2345');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText(/Este convite não vale mais/)).toBeVisible();
    expect(requests[0]?.body).toEqual({
      cpf: '52998224725',
      password: 'clube123',
      invitation: 'abcdefgh2345',
    });
  });

  /** An error body with a code the shared table does not hold (older API versions sent them). */
  const legacyError = (statusCode: number, error: string): ErrorBody => ({
    statusCode,
    error,
    message: error,
  });

  it.each<[string, Response, string]>([
    [
      'an invalid email',
      reply(400, legacyError(400, 'Bad Request: email must be an email')),
      'Email inválido! Corrija seus dados e tente novamente.',
    ],
    [
      'wrong credentials',
      apiError('InvalidCredentials'),
      'Credenciais inválidas! Tente novamente.',
    ],
    [
      'an unknown user',
      reply(404, legacyError(404, 'Not found')),
      'Credenciais inválidas! Tente novamente.',
    ],
    [
      'a server failure',
      apiError('InternalServerError'),
      'Estamos com problemas técnicos. Nosso time já está resolvendo.',
    ],
    [
      'too many attempts',
      apiError('TooManyRequests'),
      'Muitas tentativas em pouco tempo. Aguarde alguns minutos e tente novamente.',
    ],
  ])('shows the toast for %s', async (_case, answer, toastText) => {
    mockApi(route.post('/auth/login', answer));
    const { router } = renderApp('/login');

    await fillAndSubmit('52998224725', 'clube123');

    expect(await screen.findByText(toastText)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
  });

  it('shows the technical-problems toast when the server cannot be reached', async () => {
    mockApi(route.post('/auth/login', networkError()));
    renderApp('/login');

    await fillAndSubmit('52998224725', 'clube123');

    expect(
      await screen.findByText('Estamos com problemas técnicos. Nosso time já está resolvendo.'),
    ).toBeInTheDocument();
    // The toast's close button is named in Portuguese, not react-toastify's "close".
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });

  it.each(['/login?error=NoCompanyFound', '/login/NoCompanyFound'])(
    'explains NoCompanyFound at %s',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Nenhum clube está vinculado à sua conta',
      );
    },
  );

  it('sends a signed-in user to the club selection', async () => {
    setSession(buildSession());
    mockApi(route.get('/backoffice/company', { items: [buildCompany({ name: 'Clube Náutico' })] }));
    const { router } = renderApp('/login');

    await waitFor(() => expect(router.state.location.pathname).toBe('/select-company'));
    expect(
      await screen.findByRole('button', { name: 'Entrar no clube Clube Náutico' }),
    ).toBeVisible();
  });

  it('says the session expired when the refresh token is refused', async () => {
    setSession(buildSession());
    setCurrentCompany(buildCompany());
    mockApi(
      route.post('/auth/refresh', apiError('RefreshTokenExpired')),
      route.get('/backoffice/associate/findAllPaginated', apiError('Unauthorized')),
      // The page's invitation summary, once the caller's role is known.
      route.get('/backoffice/associate/invitation/company/:companyId', apiError('Unauthorized')),
    );
    const { router } = renderApp('/associates');

    expect(await screen.findByRole('heading', { name: 'Conecte-se para continuar' })).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sua sessão expirou. Entre novamente.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(getSession()).toBeNull();
  });
});
