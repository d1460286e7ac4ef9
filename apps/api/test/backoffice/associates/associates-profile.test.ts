import { randomUUID } from 'node:crypto';
import { appointments, auditEvents, associates, refreshTokens } from '@clube/db';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../src/lib/password';
import { createPlace } from '../../factories';
import { build } from '../../helper';
import { associatesScene } from './associates-scene';

const context = build();
const { request, setUp } = associatesScene(context);

describe('GET /associate/id/{id} and /associate/cardId/{cardId}/companyId/{companyId}', () => {
  it('answers the associate with user, title and age', async () => {
    const { headers, joao, family, mine } = await setUp();
    const response = await request('GET', `/associate/id/${joao.id}`, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: joao.id,
      companyId: mine.company.id,
      cardId: '700123',
      user: { name: 'João Araújo', cpf: joao.user.cpf, email: null },
      associateTitleId: family.id,
      associateTitle: { id: family.id, name: 'Título 0001', blocked: false },
      isHolder: true,
      birthDate: '1990-05-10',
      blocked: false,
    });
    expect(response.json().age).toBeGreaterThanOrEqual(35);

    const byCard = await request(
      'GET',
      `/associate/cardId/700123/companyId/${mine.company.id}`,
      headers,
    );
    expect(byCard.statusCode).toBe(200);
    expect(byCard.json()).toMatchObject({ id: joao.id, user: { name: 'João Araújo' } });
  });

  it("says whether the member has a portal password, and lists the title's other members", async () => {
    const { headers, joao, maria, beto } = await setUp();
    const before = (await request('GET', `/associate/id/${joao.id}`, headers)).json();
    expect(before.portalAccess).toBe(false);
    expect(before.titleMembers).toEqual([
      { id: maria.id, name: 'Maria Araújo', cardId: '700124', isHolder: false },
    ]);
    expect((await request('GET', `/associate/id/${beto.id}`, headers)).json().titleMembers).toEqual(
      [],
    );
    const set = await request('PATCH', '/associate/update-password', headers, {
      associateId: joao.id,
      newPassword: 'segredo123',
    });
    expect(set.statusCode).toBe(200);
    const after = (await request('GET', `/associate/id/${joao.id}`, headers)).json();
    expect(after.portalAccess).toBe(true);
    const fromMaria = (await request('GET', `/associate/id/${maria.id}`, headers)).json();
    expect(fromMaria.titleMembers).toEqual([
      { id: joao.id, name: 'João Araújo', cardId: '700123', isHolder: true },
    ]);
  });

  it('answers 404 for another club, a missing id or card, and 400 for malformed ones', async () => {
    const { headers, theirHeaders, foreign, joao, mine, theirs } = await setUp();
    const responses = [
      await request('GET', `/associate/id/${foreign.id}`, headers),
      await request('GET', `/associate/id/${joao.id}`, theirHeaders),
      await request('GET', '/associate/id/00000000-0000-4000-8000-000000000000', headers),
      await request('GET', `/associate/cardId/700123/companyId/${theirs.company.id}`, headers),
      await request('GET', `/associate/cardId/999999/companyId/${mine.company.id}`, headers),
      await request('GET', `/associate/id/${foreign.id}/appointments-summary`, headers),
    ];
    for (const response of responses) expect(response.statusCode).toBe(404);
    expect(responses[0]!.json()).toMatchObject({ error: 'AssociateNotFound' });
    expect((await request('GET', '/associate/id/nope', headers)).statusCode).toBe(400);
    const badCard = await request(
      'GET',
      `/associate/cardId/12-ab/companyId/${mine.company.id}`,
      headers,
    );
    expect(badCard.statusCode).toBe(400);
  });
});

describe('PATCH /associate/update-password', () => {
  it('stores an argon2id hash on the membership, ends its portal sessions and audits without the password', async () => {
    const { headers, joao } = await setUp();
    const db = context.db;
    const first = await request('PATCH', '/associate/update-password', headers, {
      associateId: joao.id,
      newPassword: 'antiga1',
    });
    expect(first.statusCode).toBe(200);
    await db.insert(refreshTokens).values({
      associateId: joao.id,
      familyId: randomUUID(),
      tokenHash: 'a-portal-session',
      expiresAt: new Date(Date.now() + 86_400_000),
    });

    const response = await request('PATCH', '/associate/update-password', headers, {
      associateId: joao.id,
      newPassword: 'nova-senha',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const [associate] = await db.select().from(associates).where(eq(associates.id, joao.id));
    expect(associate!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(associate!.passwordHash!, 'nova-senha')).toBe(true);
    expect(await verifyPassword(associate!.passwordHash!, 'antiga1')).toBe(false);
    const open = await db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.associateId, joao.id), isNull(refreshTokens.revokedAt)));
    expect(open).toHaveLength(0);

    const audits = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, joao.id), eq(auditEvents.action, 'associate.update-password')),
      );
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain('nova-senha');
  });

  it('refuses an empty or short password with field details', async () => {
    const { headers, joao } = await setUp();
    for (const newPassword of ['', '12345']) {
      const response = await request('PATCH', '/associate/update-password', headers, {
        associateId: joao.id,
        newPassword,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        expect.objectContaining({ in: 'body', path: 'newPassword' }),
      ]);
    }
  });

  it('answers 404 for an associate of another club and changes nothing', async () => {
    const { headers, foreign } = await setUp();
    const response = await request('PATCH', '/associate/update-password', headers, {
      associateId: foreign.id,
      newPassword: 'qualquer-uma',
    });
    expect(response.statusCode).toBe(404);
    const [associate] = await context.db
      .select()
      .from(associates)
      .where(eq(associates.id, foreign.id));
    expect(associate!.passwordHash).toBeNull();
  });
});

describe('GET /associate/id/{id}/appointments-summary', () => {
  it('lists upcoming and past bookings and counts this month per place for the title', async () => {
    const { headers, joao, maria, mine } = await setUp();
    const db = context.db;
    const place = await createPlace(db, mine.company.id, {
      name: 'Quadra 1',
      associateReservationLimit: 4,
    });
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    const book = (
      associate: typeof joao,
      startsIn: number,
      status: 'SCHEDULED' | 'CANCELLED' = 'SCHEDULED',
    ) => ({
      companyId: mine.company.id,
      placeId: place.id,
      associateId: associate.id,
      associateTitleId: associate.associateTitleId,
      startsAt: new Date(now + startsIn),
      endsAt: new Date(now + startsIn + hour),
      status,
      cancelledAt: status === 'CANCELLED' ? new Date() : null,
    });
    await db
      .insert(appointments)
      .values([
        book(joao, 2 * hour),
        book(joao, 3 * hour, 'CANCELLED'),
        book(maria, 4 * hour),
        book(joao, -400 * 24 * hour),
      ]);
    const response = await request('GET', `/associate/id/${joao.id}/appointments-summary`, headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.upcoming).toHaveLength(1);
    expect(body.upcoming[0]).toMatchObject({ placeName: 'Quadra 1', status: 'SCHEDULED' });
    expect(body.recent).toHaveLength(1);
    expect(body.month).toMatch(/^\d{4}-\d{2}$/);
    const quota = body.quota.find((entry: { placeId: string }) => entry.placeId === place.id);
    // Joao's and Maria's upcoming bookings share the title; whether both fall in this month
    // depends on the clock, so count what this month really holds.
    expect(quota.limit).toBe(4);
    expect(quota.used).toBeGreaterThanOrEqual(0);
    expect(quota.used).toBeLessThanOrEqual(2);
  });
});
