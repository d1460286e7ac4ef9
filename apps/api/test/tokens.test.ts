import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, users } from '@clube/db';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app';
import { loadConfig } from '../src/config';
import { createClubWithStaff, login, staffPassword } from './factories';
import { build, testJwtSecret } from './helper';

const context = build();

const refresh = (app: App, token: string) =>
  app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: token } });

describe('tokens of a deleted user', () => {
  it('open nothing: the access token answers 401 and the refresh token is gone', async () => {
    const db = context.db;
    const { staff } = await createClubWithStaff(db);
    const session = await login(context.app, staff.cpf);
    const headers = { authorization: `Bearer ${session.access_token}` };
    const before = await context.app.inject({ url: '/api/backoffice/company', headers });
    expect(before.statusCode).toBe(200);

    await db.delete(users).where(eq(users.id, staff.id));

    const after = await context.app.inject({ url: '/api/backoffice/company', headers });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ statusCode: 401, error: 'NoBackofficeAccess' });
    const refreshed = await refresh(context.app, session.refresh_token);
    expect(refreshed.statusCode).toBe(401);
  });
});

describe('npm run cli -- reset-staff-password', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'clube-reset-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** The API on the embedded database of `dataDir`, for as long as `use` runs. */
  async function withApp<T>(use: (app: App) => Promise<T>) {
    const config = loadConfig({ DATA_DIR: dataDir });
    const database = await openDatabase(config.database);
    await database.migrate(config.migrationsDir);
    const app = await buildApp({ config, database, jwtSecret: testJwtSecret });
    try {
      return await use(app);
    } finally {
      await app.close();
      await database.close();
    }
  }

  it('ends every open session of the staff member, access tokens included; the new password logs in', async () => {
    const { staff, sessions } = await withApp(async (app) => {
      const club = await createClubWithStaff(app.db);
      // Two devices, two refresh-token families.
      const sessions = [await login(app, club.staff.cpf), await login(app, club.staff.cpf)];
      return { staff: club.staff, sessions };
    });

    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli.ts',
        'reset-staff-password',
        '--cpf',
        staff.cpf,
        '--password',
        'senha-redefinida',
      ],
      {
        cwd: join(import.meta.dirname, '..'),
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('sessões abertas encerradas');

    await withApp(async (app) => {
      for (const session of sessions) {
        const headers = { authorization: `Bearer ${session.access_token}` };
        const read = await app.inject({ url: '/api/backoffice/company', headers });
        expect(read.statusCode).toBe(401);
        expect(read.json()).toMatchObject({ error: 'Unauthorized' });
        expect((await refresh(app, session.refresh_token)).statusCode).toBe(401);
      }
      await expect(login(app, staff.cpf, staffPassword)).rejects.toThrow(/401/);
      const fresh = await login(app, staff.cpf, 'senha-redefinida');
      expect((await refresh(app, fresh.refresh_token)).statusCode).toBe(200);
    });
  }, 180_000);
});
