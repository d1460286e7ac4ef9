import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, networkError, reply, route } from '@/testing/mock-api';
import { api, ApiError, onSessionExpired } from './api-client';
import { getCurrentCompany, setCurrentCompany } from './current-company';
import { getSession, setSession } from './session';
import { signOut } from './sign-out';

describe('api client', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the bearer token of the stored session', async () => {
    const session = buildSession();
    setSession(session);
    const { requests } = mockApi(route.get('/backoffice/company', { items: [] }));

    await expect(api.get('/backoffice/company')).resolves.toEqual({ items: [] });

    expect(requests[0]?.url).toBe('/api/backoffice/company');
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${session.access_token}`);
  });

  it('refreshes once for concurrent 401s, then retries each request with the new token', async () => {
    const oldSession = buildSession();
    const newSession = buildSession({ user: oldSession.user });
    setSession(oldSession);
    let releaseRefresh: () => void = () => {};
    const refreshGate = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    const { requests } = mockApi(
      route.post('/auth/refresh', async () => {
        await refreshGate;
        return newSession;
      }),
      ...['/backoffice/company', '/backoffice/company/:id'].map((path) =>
        route.get(path, (request) => {
          const isNewToken = request.headers.authorization === `Bearer ${newSession.access_token}`;
          return isNewToken ? { url: request.url } : apiError('Unauthorized');
        }),
      ),
    );

    const first = api.get('/backoffice/company');
    const second = api.get('/backoffice/company/123');
    // Let both 401s arrive while the refresh is still pending.
    await vi.waitFor(() =>
      expect(requests.filter((r) => r.url.includes('/auth/refresh'))).toHaveLength(1),
    );
    releaseRefresh();

    await expect(first).resolves.toEqual({ url: '/api/backoffice/company' });
    await expect(second).resolves.toEqual({ url: '/api/backoffice/company/123' });
    const refreshCalls = requests.filter((request) => request.url === '/api/auth/refresh');
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0]?.body).toEqual({ refresh_token: oldSession.refresh_token });
    expect(requests.filter((request) => request.url.startsWith('/api/backoffice'))).toHaveLength(4);
    expect(getSession()).toEqual(newSession);
  });

  it('retries only once: a second 401 after refreshing is returned to the caller', async () => {
    setSession(buildSession());
    const { requests } = mockApi(
      route.post('/auth/refresh', buildSession()),
      route.get('/backoffice/company', apiError('Unauthorized')),
    );

    await expect(api.get('/backoffice/company')).rejects.toMatchObject({ status: 401 });
    expect(requests.map((request) => request.url)).toEqual([
      '/api/backoffice/company',
      '/api/auth/refresh',
      '/api/backoffice/company',
    ]);
  });

  it('clears the session, keeps the club to return to, and signals /login when the refresh fails', async () => {
    setSession(buildSession());
    const club = buildCompany();
    setCurrentCompany(club);
    const onExpired = vi.fn();
    const unsubscribe = onSessionExpired(onExpired);
    mockApi(
      route.post('/auth/refresh', apiError('RefreshTokenExpired')),
      route.get('/backoffice/company', apiError('Unauthorized')),
      route.get('/backoffice/company/:id', apiError('Unauthorized')),
    );

    const results = await Promise.allSettled([
      api.get('/backoffice/company'),
      api.get('/backoffice/company/1'),
    ]);

    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(getSession()).toBeNull();
    expect(getCurrentCompany()?.id).toBe(club.id);
    expect(onExpired).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('does not refresh for the auth endpoints and reads the message from body.error', async () => {
    const { requests } = mockApi(route.post('/auth/login', apiError('InvalidCredentials')));

    const error: unknown = await api
      .post('/auth/login', { cpf: '1', password: 'x' }, { authenticated: false })
      .catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 401,
      message: 'Invalid user or password',
      data: { message: 'Credenciais inválidas! Tente novamente.' },
    });
    expect(requests).toHaveLength(1);
  });

  it('falls back to body.message, then to the default sentence', async () => {
    mockApi(route.get('/a', reply(500, { message: 'Falhou' })), route.get('/b', reply(500, {})));

    await expect(api.get('/a', { authenticated: false })).rejects.toMatchObject({
      status: 500,
      message: 'Falhou',
    });
    await expect(api.get('/b', { authenticated: false })).rejects.toMatchObject({
      status: 500,
      message: 'Ocorreu um erro ao processar a requisição.',
    });
  });

  it("keeps a failure's request id (X-Request-Id), for the error page", async () => {
    const failed = reply(500, { error: 'InternalServerError' });
    failed.headers.set('x-request-id', '0123456789abcdef0123456789abcdef');
    mockApi(route.get('/c', failed), route.get('/d', reply(500, {})));

    await expect(api.get('/c', { authenticated: false })).rejects.toMatchObject({
      requestId: '0123456789abcdef0123456789abcdef',
    });
    await expect(api.get('/d', { authenticated: false })).rejects.toMatchObject({
      requestId: null,
    });
  });

  it('gives up after the timeout with status 0', async () => {
    vi.useFakeTimers();
    // The server never answers.
    mockApi(route.get('/backoffice/company', () => new Promise<never>(() => {})));

    const request = api.get('/backoffice/company', { authenticated: false });
    const assertion = expect(request).rejects.toMatchObject({
      status: 0,
      message: 'timeout of 20000ms exceeded',
    });
    await vi.advanceTimersByTimeAsync(20_000);
    await assertion;
  });

  it('reports a network failure with status 0 and the client message', async () => {
    mockApi(route.get('/x', networkError()));

    await expect(api.get('/x', { authenticated: false })).rejects.toMatchObject({
      status: 0,
      message: 'Failed to fetch',
      data: null,
    });
  });

  it('sends FormData as multipart, without a JSON content type', async () => {
    setSession(buildSession());
    const { requests } = mockApi(route.post('/backoffice/placeImage', reply(201, { id: '1' })));
    const form = new FormData();
    form.append('description', 'Quadra');

    await api.post('/backoffice/placeImage', form);

    // The browser writes the multipart type with its boundary; the client sets no JSON type.
    expect(requests[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect((requests[0]?.body as FormData).get('description')).toBe('Quadra');
  });

  it('signs out by revoking the refresh token, and locally even when the server cannot be reached', async () => {
    const session = buildSession();
    setSession(session);
    setCurrentCompany(buildCompany());
    const { requests } = mockApi(route.post('/auth/logout', networkError()));

    await signOut();

    expect(requests[0]?.body).toEqual({ refresh_token: session.refresh_token });
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(getSession()).toBeNull();
    expect(getCurrentCompany()).toBeNull();
  });
});
