import { defaultPgliteSharedBuffersMb, openDatabase, queryRows } from '@clube/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, resolveVapidKeys } from '../src/config';

describe('embedded database memory', () => {
  it('reads PGLITE_SHARED_BUFFERS_MB, defaulting to a small idle footprint, and refuses a bad one', () => {
    expect(loadConfig({}).database).toMatchObject({
      driver: 'pglite',
      sharedBuffersMb: defaultPgliteSharedBuffersMb,
    });
    expect(loadConfig({ PGLITE_SHARED_BUFFERS_MB: '64' }).database).toMatchObject({
      sharedBuffersMb: 64,
    });
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: '4' })).toThrow(ConfigError);
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS_MB: 'muito' })).toThrow(ConfigError);
  });

  it('starts PGlite with those shared buffers instead of its 128 MB default', async () => {
    const showSharedBuffers = async (sharedBuffersMb?: number) => {
      const database = await openDatabase({
        driver: 'pglite',
        dataDir: 'memory://',
        sharedBuffersMb,
      });
      try {
        const [row] = await queryRows<{ shared_buffers: string }>(
          database.db,
          sql`show shared_buffers`,
        );
        return row?.shared_buffers;
      } finally {
        await database.close();
      }
    };
    expect(await showSharedBuffers()).toBe(`${defaultPgliteSharedBuffersMb}MB`);
    expect(await showSharedBuffers(16)).toBe('16MB');
  });
});

describe('TRUST_PROXY', () => {
  it('reads a hop count or a list of proxy addresses and CIDRs, and false or 0 as no proxy', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,::1,fd00::/8,loopback' }).trustProxy,
    ).toEqual(['10.0.0.5', '10.1.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });

  it('refuses true, which would trust the addresses the client writes, with the way out', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true confiaria no X-Forwarded-For escrito pelo cliente; use o número de proxies/,
    );
  });

  it('refuses anything else, naming the bad entries', () => {
    for (const value of ['sim', '10.0.0.0/33', '10.0.0.300', '-1', '1.5', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1, proxy.interno' })).toThrow(
      /inválido: proxy\.interno/,
    );
  });
});

describe('requests worked on at once (REQUEST_CONCURRENCY)', () => {
  it('defaults to three, reads a number of requests and refuses anything else', () => {
    expect(loadConfig({}).requestConcurrency).toBe(3);
    expect(loadConfig({ REQUEST_CONCURRENCY: '12' }).requestConcurrency).toBe(12);
    expect(() => loadConfig({ REQUEST_CONCURRENCY: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ REQUEST_CONCURRENCY: 'muitas' })).toThrow(ConfigError);
  });

  it('says where an answer spent its time only when SERVER_TIMING is true', () => {
    expect(loadConfig({}).serverTiming).toBe(false);
    expect(loadConfig({ SERVER_TIMING: 'true' }).serverTiming).toBe(true);
    expect(loadConfig({ SERVER_TIMING: 'false' }).serverTiming).toBe(false);
    expect(() => loadConfig({ SERVER_TIMING: 'sim' })).toThrow(ConfigError);
  });
});

describe('Web Push (VAPID)', () => {
  const publicKey = `B${'A'.repeat(86)}`;
  const privateKey = 'k'.repeat(43);

  it('uses the keys given by the environment, and mailto: the sender unless a subject is given', () => {
    const config = loadConfig({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      MAIL_FROM: 'Clube <reservas@clube.test>',
    });
    expect(config.vapidKeys).toEqual({ publicKey, privateKey });
    expect(resolveVapidKeys(config)).toEqual({ publicKey, privateKey });
    expect(config.vapidSubject).toBe('mailto:reservas@clube.test');
    expect(loadConfig({ VAPID_SUBJECT: 'https://clube.test/contato' }).vapidSubject).toBe(
      'https://clube.test/contato',
    );
    expect(config.pushHttpEndpoints).toBe(false);
  });

  it('refuses one key without the other, a malformed key and a subject that is no address', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY são dadas juntas/,
    );
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'curta', VAPID_PRIVATE_KEY: privateKey })).toThrow(
      /VAPID_PUBLIC_KEY: deve ser uma chave pública P-256/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'secretaria' })).toThrow(
      /VAPID_SUBJECT: deve ser mailto:/,
    );
  });

  it('keeps push off with PostgreSQL and no keys given (every process must sign alike)', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@127.0.0.1/clube',
      JWT_SECRET: 'x'.repeat(32),
    });
    expect(resolveVapidKeys(config)).toBeUndefined();
  });
});
