import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { loggerOptions } from '../src/lib/logger';
import { createClubWithStaff, staffPassword } from './factories';
import { createTestDatabase, testJwtSecret } from './helper';

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
});
