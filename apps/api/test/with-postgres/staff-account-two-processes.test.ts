import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '@clube/db';
import { formatCpf } from '@clube/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClubWithStaff, staffPassword, uniqueCpf } from '../factories';
import {
  loginThrough,
  requestJson,
  startServer,
  tallyResponses,
  type ServerProcess,
} from '../server-process';
import { createEmptyPostgresDatabase } from './postgres-database';

/**
 * The account takeover of a staff account (club C sets up a CPF's account, club D adds the CPF
 * later) tried across two API processes on one PostgreSQL: every step goes through the process
 * the previous one did not, and the one-time password D hands over is tried on both at once.
 */
let servers: ServerProcess[] = [];
let database: DatabaseHandle | undefined;
let drop: () => Promise<void> = async () => {};
const dataDirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), 'clube-staff-takeover-')));

beforeAll(async () => {
  const scratch = await createEmptyPostgresDatabase();
  drop = scratch.drop;
  servers = await Promise.all(
    dataDirs.map((dataDir) =>
      startServer({ DATABASE_URL: scratch.url, DATABASE_POOL_SIZE: '5', DATA_DIR: dataDir }),
    ),
  );
  database = await openDatabase({ driver: 'postgres', url: scratch.url, poolSize: 3 });
}, 240_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.close();
  await drop();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
}, 120_000);

const on = (index: number, path: string) => `${servers[index]!.url}${path}`;

describe('a staff account across two processes', () => {
  it('club C cannot carry the account it set up into club D, on either process', async () => {
    const db = database!.db;
    const clubC = await createClubWithStaff(db, { name: 'Clube C' });
    const clubD = await createClubWithStaff(db, { name: 'Clube D' });
    const adminC = await loginThrough(servers[0]!.url, clubC.staff.cpf, staffPassword);
    const adminD = await loginThrough(servers[1]!.url, clubD.staff.cpf, staffPassword);
    const cpf = formatCpf(uniqueCpf());

    // C adds the CPF, its administrator takes the one-time password and replaces it.
    const addedByC = await requestJson(on(0, `/api/backoffice/company/${clubC.company.id}/staff`), {
      token: adminC,
      body: { cpf, name: 'Pessoa', email: 'admin@clube-c.test', role: 'consulta' },
    });
    expect(addedByC.status).toBe(201);
    const otpC = addedByC.body.oneTimePassword as string;
    const first = await requestJson(on(1, '/api/auth/login'), { body: { cpf, password: otpC } });
    expect(first.status).toBe(200);
    const changed = await requestJson(on(0, '/api/backoffice/profile/password'), {
      method: 'PATCH',
      token: first.body.access_token as string,
      body: { currentPassword: otpC, newPassword: 'senha-do-clube-c' },
    });
    expect(changed.status).toBe(200);
    const userId = (addedByC.body.member as { userId: string }).userId;
    const removed = await requestJson(
      on(1, `/api/backoffice/company/${clubC.company.id}/staff/${userId}`),
      { method: 'DELETE', token: adminC },
    );
    expect(removed.status).toBe(200);

    // D adds the CPF: what it typed comes back, and a one-time password.
    const addedByD = await requestJson(on(0, `/api/backoffice/company/${clubD.company.id}/staff`), {
      token: adminD,
      body: { cpf, name: 'Nome Digitado', role: 'administrador' },
    });
    expect(addedByD.status).toBe(201);
    expect(addedByD.body.member).toMatchObject({
      name: 'Nome Digitado',
      email: null,
      invitationPending: true,
    });
    const otpD = addedByD.body.oneTimePassword as string;

    // C's password opens nothing, on either process.
    for (const index of [0, 1]) {
      const asC = await requestJson(on(index, '/api/auth/login'), {
        body: { cpf, password: 'senha-do-clube-c' },
      });
      expect(asC.status).toBe(401);
    }

    // The person uses D's code on both processes at once: it works once.
    const both = await Promise.all(
      [0, 1].map((index) =>
        requestJson(on(index, '/api/auth/login'), { body: { cpf, password: otpD } }),
      ),
    );
    expect(tallyResponses(both)).toEqual({ '200': 1, 'Invalid user or password': 1 });
    const person = both.find((response) => response.status === 200)!;
    const places = await requestJson(on(1, `/api/backoffice/place/company/${clubD.company.id}`), {
      token: person.body.access_token as string,
    });
    // A one-time password opens nothing but the password change.
    expect(places.body.error).toBe('PasswordChangeRequired');

    for (const index of [0, 1]) {
      const asC = await requestJson(on(index, '/api/auth/login'), {
        body: { cpf, password: 'senha-do-clube-c' },
      });
      expect(asC.status).toBe(401);
      const refreshed = await requestJson(on(index, '/api/auth/refresh'), {
        body: { refresh_token: changed.body.refresh_token },
      });
      expect(refreshed.status).toBe(401);
    }
  }, 120_000);
});
