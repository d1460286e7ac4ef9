import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loginLimits, staffLoginAddressLimit } from '../../src/services/auth/login';
import {
  createAssociate,
  createClubWithStaff,
  memberPassword,
  portalLogin,
  staffPassword,
} from '../factories';
import { build, type BuiltApp } from '../helper';

// Collected only when REDIS_URL is set (vitest.config.ts); CI sets it for the PostgreSQL pass.
const redisUrl = process.env.REDIS_URL;

describe('login rate limit in Redis, shared by two API processes', () => {
  const prefix = `clube-test-${randomBytes(4).toString('hex')}:`;
  const first = build({ redisUrl, redisPrefix: prefix });
  const second = build({ redisUrl, redisPrefix: prefix });

  it('counts failures across both and answers 429 past the limit on either', async () => {
    const { staff } = await createClubWithStaff(first.db);
    const attempt = (context: BuiltApp, password: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { cpf: staff.cpf, password },
        remoteAddress: '10.9.0.1',
      });
    for (let index = 0; index < loginLimits.perCpfAndAddress; index += 1) {
      const response = await attempt(index % 2 === 0 ? first : second, 'errada1');
      expect(response.statusCode).toBe(401);
    }
    expect((await attempt(second, staffPassword)).statusCode).toBe(429);
    expect((await attempt(first, staffPassword)).statusCode).toBe(429);
  });

  it('refuses an address over its limit on the other process before reading its body', async () => {
    const address = '10.9.0.7';
    const { key, limit } = staffLoginAddressLimit(address);
    for (let index = 0; index < limit; index += 1)
      await first.app.rateLimiter.hit(key, loginLimits.windowSeconds);
    const refused = await second.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      // Read, this would answer 400.
      payload: '{ não é json',
      remoteAddress: address,
    });
    expect(refused.statusCode).toBe(429);
  });

  it("counts a member's failed portal sign-ins at one address across both, like staff's", async () => {
    const { company } = await createClubWithStaff(first.db);
    const member = await createAssociate(first.db, company.id, { password: memberPassword });
    const attempt = (context: BuiltApp, password: string, address = '10.9.0.2') =>
      portalLogin(context.app, { cpf: member.cpf, password }, address);
    for (let index = 0; index < loginLimits.perCpfAndAddress; index += 1) {
      const response = await attempt(index % 2 === 0 ? first : second, 'errada1');
      expect(response.statusCode).toBe(401);
    }
    expect((await attempt(second, memberPassword)).statusCode).toBe(429);
    expect((await attempt(first, memberPassword)).statusCode).toBe(429);
    // Another address is not locked out by the first one's failures.
    expect((await attempt(first, memberPassword, '10.9.0.3')).statusCode).toBe(200);
  });
});
