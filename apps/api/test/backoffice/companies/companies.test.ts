import { companies } from '@clube/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addStaff, bearerFor, createClubWithStaff } from '../../factories';
import { testJwtSecret, build } from '../../helper';
import { createSigner } from 'fast-jwt';

const context = build();

const get = (url: string, headers: Record<string, string> = {}) =>
  context.app.inject({ method: 'GET', url, headers });

describe('GET /api/backoffice/company', () => {
  it('lists only the clubs the caller is staff of, by name', async () => {
    const db = context.db;
    const first = await createClubWithStaff(db, { name: 'Clube Zeta' });
    const second = await createClubWithStaff(db, { name: 'Clube Alfa' });
    await addStaff(db, second.company.id, first.staff.id, 'consulta');
    const createdAt = new Date('2025-03-01T12:00:00.000Z');
    const updatedAt = new Date('2025-04-02T15:30:45.000Z');
    await db
      .update(companies)
      .set({ logoUrl: '/logo.png', createdAt, updatedAt })
      .where(eq(companies.id, second.company.id));

    const response = await get(
      '/api/backoffice/company',
      await bearerFor(context.app, first.staff.cpf),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          id: second.company.id,
          name: 'Clube Alfa',
          logoUrl: '/logo.png',
          timezone: 'America/Sao_Paulo',
          noShowToleranceMinutes: 15,
          noShowSuspensionCount: null,
          noShowWindowDays: 30,
          noShowSuspensionDays: 7,
          reminderHours: null,
          waitlistOfferMinutes: 15,
          waitlistMaxPerTitle: 3,
          createdAt: '2025-03-01T12:00:00.000Z',
          updatedAt: '2025-04-02T15:30:45.000Z',
          role: 'consulta',
        },
        {
          id: first.company.id,
          name: 'Clube Zeta',
          logoUrl: null,
          timezone: 'America/Sao_Paulo',
          noShowToleranceMinutes: 15,
          noShowSuspensionCount: null,
          noShowWindowDays: 30,
          noShowSuspensionDays: 7,
          reminderHours: null,
          waitlistOfferMinutes: 15,
          waitlistMaxPerTitle: 3,
          createdAt: first.company.createdAt.toISOString(),
          updatedAt: first.company.updatedAt.toISOString(),
          role: 'administrador',
        },
      ],
      canCreateClubs: false,
    });

    const other = await get(
      '/api/backoffice/company',
      await bearerFor(context.app, second.staff.cpf),
    );
    expect(other.json().items.map((club: { id: string }) => club.id)).toEqual([second.company.id]);
  });

  it('answers one club of the caller, and 404 for a club of somebody else', async () => {
    const db = context.db;
    const mine = await createClubWithStaff(db, { name: 'Meu Clube' });
    const theirs = await createClubWithStaff(db, { name: 'Outro Clube' });
    const headers = await bearerFor(context.app, mine.staff.cpf);

    const own = await get(`/api/backoffice/company/${mine.company.id}`, headers);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({
      id: mine.company.id,
      name: 'Meu Clube',
      createdAt: mine.company.createdAt.toISOString(),
      updatedAt: mine.company.updatedAt.toISOString(),
    });

    const foreign = await get(`/api/backoffice/company/${theirs.company.id}`, headers);
    const missing = await get(
      '/api/backoffice/company/00000000-0000-4000-8000-000000000000',
      headers,
    );
    for (const response of [foreign, missing]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ statusCode: 404, error: 'CompanyNotFound' });
    }
  });

  it('answers 400 with field details for a malformed id', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const response = await get(
      '/api/backoffice/company/not-a-uuid',
      await bearerFor(context.app, staff.cpf),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'ValidationError',
      details: [expect.objectContaining({ in: 'params', path: 'id' })],
    });
  });
});

describe('bearer tokens on /api/backoffice', () => {
  it('requires one', async () => {
    const response = await get('/api/backoffice/company');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  });

  it('refuses a token signed with another secret, with alg none, or expired', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const otherSecret = createSigner({ key: 'another-secret-another-secret-another-secret' });
    const none = createSigner({ algorithm: 'none' });
    const expired = createSigner({ key: testJwtSecret, expiresIn: 1 });
    const expiredToken = expired({ sub: staff.id, iat: Math.floor(Date.now() / 1000) - 120 });
    for (const token of [otherSecret({ sub: staff.id }), none({ sub: staff.id }), expiredToken]) {
      const response = await get('/api/backoffice/company', { authorization: `Bearer ${token}` });
      expect(response.statusCode).toBe(401);
    }
  });

  it('reads the token only as "Bearer <token>", and refuses another HMAC algorithm', async () => {
    const { staff } = await createClubWithStaff(context.db);
    const token = createSigner({ key: testJwtSecret })({ sub: staff.id, realm: 'staff' });
    const hs512 = createSigner({ key: testJwtSecret, algorithm: 'HS512' })({ sub: staff.id });
    for (const authorization of [
      `Token ${token}`,
      `Bearer  ${token}`,
      `Bearer ${token} x`,
      'Bearer ',
      `Bearer ${hs512}`,
    ]) {
      const response = await get('/api/backoffice/company', { authorization });
      expect(response.statusCode, authorization).toBe(401);
    }
    // The scheme's name is not case-sensitive (RFC 7235).
    const lowercase = await get('/api/backoffice/company', { authorization: `bearer ${token}` });
    expect(lowercase.statusCode).toBe(200);
  });

  it('refuses a valid token of a user who is no longer staff of any club', async () => {
    const signer = createSigner({ key: testJwtSecret });
    const response = await get('/api/backoffice/company', {
      authorization: `Bearer ${signer({ sub: '00000000-0000-4000-8000-000000000000' })}`,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('server basics', () => {
  it('answers health with the database driver', async () => {
    const response = await get('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: context.database.driver });
  });

  it('answers unknown API routes with the JSON 404 body', async () => {
    const response = await get('/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      statusCode: 404,
      error: 'RouteNotFound',
      message: 'Rota GET /api/does-not-exist não encontrada.',
      params: { method: 'GET', path: '/api/does-not-exist' },
    });
  });

  it('sends security headers and keeps CORS closed by default', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('publishes the OpenAPI document generated from the schemas', async () => {
    const response = await get('/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/backoffice/company/{id}']),
    );
  });
});
