import { Writable } from 'node:stream';
import { outboxMessages } from '@clube/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { loggerOptions } from '../src/lib/logger';
import { formatCpf } from '@clube/shared';
import {
  bearerFor,
  createAssociate,
  createClubWithStaff,
  memberPassword,
  staffPassword,
  uniqueCpf,
} from './factories';
import { createTestDatabase, testJwtSecret } from './helper';
import { encodeMultipart } from './route-table';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, callback) {
    lines.push(String(chunk));
    callback();
  },
});

let app: App;
let closeDatabase: () => Promise<void>;
beforeAll(async () => {
  const { database, drop } = await createTestDatabase();
  const config = { ...loadConfig({ LOG_LEVEL: 'trace' }) };
  app = await buildApp({
    config,
    database,
    jwtSecret: testJwtSecret,
    logger: { ...(loggerOptions(config) as object), stream },
  });
  closeDatabase = async () => {
    await database.close();
    await drop();
  };
});
afterAll(async () => {
  await app.close();
  await closeDatabase();
});

describe('logs', () => {
  it('never contain passwords, tokens or full CPFs', async () => {
    const { staff } = await createClubWithStaff(app.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { cpf: staff.cpf, password: staffPassword },
    });
    const session = login.json();
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { cpf: staff.cpf, password: 'senha-errada-123' },
    });
    const refreshed = await app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    await app.inject({
      method: 'GET',
      url: `/api/backoffice/company?search=${staff.cpf}`,
      headers: { authorization: `Bearer ${session.access_token}` },
    });

    const output = lines.join('');
    expect(output).toContain('request completed'); // the logs were captured at all
    for (const secret of [
      staffPassword,
      'senha-errada-123',
      session.access_token,
      session.refresh_token,
      refreshed.json().refresh_token,
      staff.cpf,
    ]) {
      expect(output).not.toContain(secret);
    }
  });

  it('never contain the password, CPFs or tokens of associate changes, imports and searches', async () => {
    const { company, staff } = await createClubWithStaff(app.db);
    const headers = await bearerFor(app, staff.cpf);
    const associate = await createAssociate(app.db, company.id);
    const newPassword = 'senha-do-associado-42';
    const imported = uniqueCpf();
    const logged = lines.length;

    const changed = await app.inject({
      method: 'PATCH',
      url: '/api/backoffice/associate/update-password',
      headers,
      payload: { associateId: associate.id, newPassword },
    });
    expect(changed.statusCode).toBe(200);

    const csv = `cpf,name,birthdate,cardid,title,isholder\n${formatCpf(imported)},Importada,1990-01-01,777,T9,sim\n12345678900,Inválida,1990-01-01,778,T9,sim\n`;
    const form = await encodeMultipart(
      {},
      { field: 'file', bytes: new TextEncoder().encode(csv), name: 'socios.csv', type: 'text/csv' },
    );
    const report = await app.inject({
      method: 'POST',
      url: `/api/backoffice/associate/import?companyId=${company.id}&skipInvalid=true`,
      headers: { ...headers, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(report.statusCode).toBe(200);

    for (const search of [associate.user.cpf, formatCpf(associate.user.cpf), imported]) {
      const found = await app.inject({
        method: 'GET',
        url: '/api/backoffice/associate/findAllPaginated',
        query: { companyId: company.id, search },
        headers,
      });
      expect(found.statusCode).toBe(200);
    }

    const output = lines.slice(logged).join('');
    expect(output).toContain('/api/backoffice/associate/import'); // these requests were logged
    for (const secret of [
      newPassword,
      associate.user.cpf,
      formatCpf(associate.user.cpf),
      imported,
      formatCpf(imported),
      '12345678900',
      headers.authorization.replace('Bearer ', ''),
    ]) {
      expect(output).not.toContain(secret);
    }
  });
  it('name their request on every line, and the answer names it in X-Request-Id', async () => {
    const { company, staff } = await createClubWithStaff(app.db);
    const headers = await bearerFor(app, staff.cpf);
    const logged = lines.length;
    const responses = [
      await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { cpf: staff.cpf, password: staffPassword },
      }),
      await app.inject({ method: 'GET', url: '/api/nothing-here' }),
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { cpf: 'x' } }),
      await app.inject({
        method: 'GET',
        url: `/api/backoffice/place/company/${company.id}`,
        headers,
      }),
      // A proxy's id is not taken without TRUST_PROXY: a client does not choose its id.
      await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': 'chosen-by-the-client' },
      }),
    ];
    await app.afterResponse.idle();
    const ids = responses.map((response) => response.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(ids.length);

    const entries = lines
      .slice(logged)
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { reqId?: string; msg?: string });
    expect(entries.length).toBeGreaterThanOrEqual(ids.length * 2); // incoming + completed each
    for (const entry of entries) expect(ids).toContain(entry.reqId);
    for (const id of ids) expect(entries.some((entry) => entry.reqId === id)).toBe(true);
  });

  it('never contain the link of Primeiro acesso / Esqueci minha senha', async () => {
    const { company } = await createClubWithStaff(app.db);
    const member = await createAssociate(app.db, company.id, {
      email: 'socia@example.com',
      password: memberPassword,
    });
    const logged = lines.length;
    const requested = await app.inject({
      method: 'POST',
      url: '/api/portal/auth/access-link',
      payload: { cpf: formatCpf(member.cpf) },
    });
    expect(requested.statusCode).toBe(202);
    await app.afterResponse.idle();
    const [message] = await app.db
      .select({ text: outboxMessages.textBody })
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'socia@example.com'));
    const link = /https?:\/\/\S+/.exec(message?.text ?? '')?.[0];
    // The link carries its token in the fragment: …/portal/acesso/senha#token=…
    const token = /token=([\w-]+)/.exec(link ?? '')?.[1];
    expect(token).toBeDefined();
    const output = lines.slice(logged).join('');
    expect(output).toContain('/api/portal/auth/access-link'); // the request was logged
    for (const secret of [link!, token!, member.cpf, formatCpf(member.cpf)]) {
      expect(output).not.toContain(secret);
    }
  });
});
