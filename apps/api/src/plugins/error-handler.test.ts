import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandlerPlugin } from './error-handler';

/** A route that fails the way a database driver does, with its SQLSTATE on `code`. */
async function answerTo(sqlState: string) {
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  app.get('/', async () => {
    throw Object.assign(new Error('driver message with SQL'), { code: sqlState });
  });
  const response = await app.inject({ method: 'GET', url: '/' });
  await app.close();
  return response;
}

describe('database failures on the wire', () => {
  it.each(['40P01', '40001'])(
    'a transaction the database rolled back (%s) answers 503 with Retry-After, not a 500',
    async (sqlState) => {
      const response = await answerTo(sqlState);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ error: 'ServerBusy' });
      expect(response.body).not.toContain('SQL');
    },
  );

  it('an unknown SQLSTATE stays a bare 500 without the driver message', async () => {
    const response = await answerTo('XX000');
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('SQL');
  });
});
