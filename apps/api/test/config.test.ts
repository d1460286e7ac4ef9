import { defaultPgliteSharedBuffersMb, openDatabase, queryRows } from '@clube/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

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
