import { describe, expect, it } from 'vitest';
import { apiError, mockApi, reply, resetMockApi, route } from './mock-api';

describe('the mock API of component tests', () => {
  it('fails a request no test declared, and then the test itself', async () => {
    mockApi(route.get('/backoffice/company', { items: [] }));

    // The request fails as the app sees it (its code may turn that into a message)...
    await expect(fetch('/api/backoffice/place/123')).rejects.toThrow(TypeError);
    // ...and the check run after every test throws, naming it, so the test fails either way.
    expect(() => resetMockApi()).toThrow(
      'The test sent requests no handler answers (declare them with mockApi):\nGET /api/backoffice/place/123',
    );
    // The check forgot what it reported: nothing is left for the check after this test.
    expect(() => resetMockApi()).not.toThrow();
  });

  it('forgets the handlers and the log of a test', async () => {
    // A route without a default answer (the clubs list has one).
    const { requests } = mockApi(route.get('/backoffice/place/company/c1', { items: [] }));
    await fetch('/api/backoffice/place/company/c1');
    expect(requests).toHaveLength(1);

    resetMockApi();

    expect(requests).toHaveLength(0);
    await expect(fetch('/api/backoffice/place/company/c1')).rejects.toThrow(TypeError);
    expect(() => resetMockApi()).toThrow('GET /api/backoffice/place/company/c1');
  });

  it('records what the app sent and answers each request, the later declaration first', async () => {
    const { requests } = mockApi(
      route.patch('/backoffice/company/:companyId', ({ body, params }) => ({ body, params })),
      route.delete('/backoffice/company/:companyId/logo', reply(204)),
    );
    mockApi(route.delete('/backoffice/company/:companyId/logo', apiError('NotFound')));

    const patched = await fetch('/api/backoffice/company/c1?x=1', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
      body: JSON.stringify({ name: 'Clube' }),
    });
    expect(await patched.json()).toEqual({ body: { name: 'Clube' }, params: { companyId: 'c1' } });
    const removed = [
      await fetch('/api/backoffice/company/c1/logo', { method: 'DELETE' }),
      await fetch('/api/backoffice/company/c1/logo', { method: 'DELETE' }),
    ];
    // A Response given once answers every request with its own copy.
    expect(removed.map((response) => response.status)).toEqual([404, 404]);
    expect(await removed[1]!.json()).toEqual({
      statusCode: 404,
      error: 'NotFound',
      message: 'Registro não encontrado.',
    });

    expect(requests[0]).toMatchObject({
      method: 'PATCH',
      url: '/api/backoffice/company/c1?x=1',
      headers: { authorization: 'Bearer t' },
      body: { name: 'Clube' },
    });
    expect(requests[0]?.query.get('x')).toBe('1');
    expect(requests.map((request) => request.method)).toEqual(['PATCH', 'DELETE', 'DELETE']);
  });

  it('answers an error key with its status, wire code and default message', async () => {
    mockApi(route.post('/auth/login', apiError('InvalidCredentials')));

    const response = await fetch('/api/auth/login', { method: 'POST' });

    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      statusCode: 401,
      error: 'Invalid user or password',
      message: 'Credenciais inválidas! Tente novamente.',
    });
  });
});
