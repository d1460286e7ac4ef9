import { auditEvents, companyStaff } from '@clube/db';
import { describe, expect, it } from 'vitest';
import { createAssociate, createClubWithBearer, createUser } from '../../factories';
import { build } from '../../helper';
import { auditScene } from './audit-scene';

const context = build();
const { trail, wholeTrail } = auditScene(context);

describe('GET /api/backoffice/audit', () => {
  /** A club with `count` events at one place (every other one about a second place). */
  async function clubWithEvents(count: number) {
    const club = await createClubWithBearer(context.app);
    const first = await createAssociate(context.db, club.company.id, { name: 'Primeira' });
    const rows = Array.from({ length: count }, (_, index) => ({
      companyId: club.company.id,
      actorUserId: club.staff.id,
      action: 'appointment.cancel',
      entityType: 'appointment',
      entityId: String(index),
      associateId: index % 2 === 0 ? first.id : null,
      // Many events share one instant: the id keeps them apart in the page order.
      createdAt: new Date(Date.UTC(2026, 5, 10, 15, Math.floor(index / 3))),
    }));
    await context.db.insert(auditEvents).values(rows);
    return { ...club, first };
  }

  it('pages newest first by cursor, every entry once, and filters by associate and period', async () => {
    const club = await clubWithEvents(23);
    const companyId = club.company.id;
    const firstPage = await trail(club.headers, { companyId, take: 5 });
    expect(firstPage.items).toHaveLength(5);
    expect(firstPage.nextCursor).toEqual(expect.any(String));

    const all = await wholeTrail(club.headers, { companyId }, 5);
    const ours = all.filter((entry) => entry.action === 'appointment.cancel');
    expect(ours.map((entry) => entry.entityId)).toEqual(
      Array.from({ length: 23 }, (_, index) => String(22 - index)),
    );

    const ofFirst = await wholeTrail(club.headers, { companyId, associateId: club.first.id }, 4);
    expect(ofFirst).toHaveLength(12);
    expect(ofFirst.every((entry) => entry.associate?.name === 'Primeira')).toBe(true);

    // 2026-06-10 in São Paulo: 15:00Z is 12:00 there; the day before holds none of them.
    expect(
      await wholeTrail(club.headers, { companyId, from: '2026-06-10', to: '2026-06-10' }),
    ).toHaveLength(23);
    expect(
      await wholeTrail(club.headers, { companyId, from: '2026-06-09', to: '2026-06-09' }),
    ).toHaveLength(0);
    const byPerson = await wholeTrail(club.headers, {
      companyId,
      person: club.staff.name.slice(2, 8).toUpperCase(),
      action: 'appointment.cancel',
    });
    expect(byPerson).toHaveLength(23);
    expect(
      await wholeTrail(club.headers, { companyId, person: 'ninguém com esse nome %' }),
    ).toHaveLength(0);
  });

  it('names the associate it is filtered by in the same answer, even on an empty page', async () => {
    const club = await clubWithEvents(2);
    const companyId = club.company.id;
    const quiet = await createAssociate(context.db, companyId, { name: 'Sem Eventos' });
    const answer = async (query: Record<string, string>) =>
      (
        await context.app.inject({
          method: 'GET',
          url: '/api/backoffice/audit',
          headers: club.headers,
          query,
        })
      ).json();
    expect((await answer({ companyId, associateId: club.first.id })).associate).toEqual({
      id: club.first.id,
      name: 'Primeira',
    });
    const empty = await answer({ companyId, associateId: quiet.id });
    expect(empty.items).toEqual([]);
    expect(empty.associate).toEqual({ id: quiet.id, name: 'Sem Eventos' });
    expect((await answer({ companyId })).associate).toBeNull();
  });

  it('finds a person by name whatever the accents and capitals typed', async () => {
    const club = await createClubWithBearer(context.app);
    const joao = await createUser(context.db, { name: 'João Araújo' });
    await context.db
      .insert(companyStaff)
      .values({ companyId: club.company.id, userId: joao.id, role: 'recepcao' });
    const marcia = await createAssociate(context.db, club.company.id, { name: 'MÁRCIA Lopes' });
    await context.db.insert(auditEvents).values([
      {
        companyId: club.company.id,
        actorUserId: joao.id,
        action: 'appointment.cancel',
        entityType: 'appointment',
        entityId: '1',
      },
      {
        companyId: club.company.id,
        actorUserId: null,
        actorAssociateId: marcia.id,
        action: 'appointment.cancel',
        entityType: 'appointment',
        entityId: '2',
      },
      {
        companyId: club.company.id,
        actorUserId: club.staff.id,
        action: 'appointment.cancel',
        entityType: 'appointment',
        entityId: '3',
      },
    ]);
    const byPerson = async (person: string) =>
      (await wholeTrail(club.headers, { companyId: club.company.id, person })).map(
        (entry) => entry.entityId,
      );
    expect(await byPerson('joao')).toEqual(['1']);
    expect(await byPerson('JOAO ARAU')).toEqual(['1']);
    expect(await byPerson('joão')).toEqual(['1']);
    expect(await byPerson('marcia')).toEqual(['2']);
    expect(await byPerson('Márcia')).toEqual(['2']);
  });

  it('never shows another club’s events, whatever the filters', async () => {
    const clubA = await clubWithEvents(3);
    const clubB = await createClubWithBearer(context.app);
    const asB = (query: Record<string, string>) =>
      context.app.inject({
        method: 'GET',
        url: '/api/backoffice/audit',
        headers: clubB.headers,
        query,
      });
    const foreign = await asB({ companyId: clubA.company.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('CompanyNotFound');
    const filtered = await asB({ companyId: clubB.company.id, associateId: clubA.first.id });
    expect(filtered.statusCode).toBe(200);
    expect(filtered.json().items).toEqual([]);
    expect(filtered.json().associate).toBeNull();
    const own = await wholeTrail(clubB.headers, { companyId: clubB.company.id });
    expect(own.every((entry) => entry.actor.id !== clubA.staff.id)).toBe(true);
    const exported = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/audit/export.csv',
      headers: clubB.headers,
      query: { companyId: clubA.company.id },
    });
    expect(exported.statusCode).toBe(404);
  });

  it('refuses a malformed cursor, an unknown type and a period that ends before it starts', async () => {
    const club = await createClubWithBearer(context.app);
    const cases: Array<Record<string, string>> = [
      { cursor: 'abc' },
      { cursor: '99999999999999999999.99999999999999999999' },
      { action: 'drop table' },
      { from: '2026-06-10', to: '2026-06-09' },
      { take: '0' },
    ];
    for (const query of cases) {
      const response = await context.app.inject({
        method: 'GET',
        url: '/api/backoffice/audit',
        headers: club.headers,
        query: { companyId: club.company.id, ...query },
      });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().error).toBe('ValidationError');
    }
  });
});
