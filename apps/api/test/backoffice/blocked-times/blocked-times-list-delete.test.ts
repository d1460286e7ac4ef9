import { auditEvents } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build } from '../../helper';
import { blockedTimesScene, block } from './blocked-times-scene';

const context = build();
const { clubWithPlaces, single, findAll, blocksOf } = blockedTimesScene(context);

describe('GET /api/backoffice/blocked-time/findAll', () => {
  async function clubWithBlocks() {
    const club = await clubWithPlaces(['Quadra A', 'Quadra B']);
    const [a, b] = club.places as [(typeof club.places)[0], (typeof club.places)[0]];
    const make = (placeId: string, description: string, startAt: string, endsAt: string) =>
      single(club.headers, { description, startAt, endsAt, placeId });
    await make(a.id, 'Antes', '2030-05-01T10:00:00.000Z', '2030-05-01T12:00:00.000Z');
    await make(a.id, 'Atravessa o início', '2030-05-01T23:00:00.000Z', '2030-05-02T01:00:00.000Z');
    await make(b.id, 'Dentro', '2030-05-02T10:00:00.000Z', '2030-05-02T11:00:00.000Z');
    await make(a.id, 'Termina no início', '2030-05-01T20:00:00.000Z', '2030-05-02T00:00:00.000Z');
    await make(b.id, 'Depois', '2030-05-03T00:00:00.000Z', '2030-05-03T02:00:00.000Z');
    return { ...club, a, b };
  }
  const day = { startTime: '2030-05-02T00:00:00.000Z', endTime: '2030-05-03T00:00:00.000Z' };
  const descriptions = (response: { json: () => { items: Array<{ description: string }> } }) =>
    response.json().items.map((item) => item.description);

  it('lists the club blocks that overlap the range, with the place name, by start', async () => {
    const { company, headers } = await clubWithBlocks();
    const response = await findAll(headers, { companyId: company.id, ...day });
    expect(response.statusCode).toBe(200);
    expect(descriptions(response)).toEqual(['Atravessa o início', 'Dentro']);
    expect(response.json().items[1]).toMatchObject({
      place: { name: 'Quadra B' },
      startAt: '2030-05-02T10:00:00.000Z',
      endsAt: '2030-05-02T11:00:00.000Z',
      createdAt: expect.any(String),
    });
  });

  it('filters by place', async () => {
    const { a, headers } = await clubWithBlocks();
    const response = await findAll(headers, { placeId: a.id, ...day });
    expect(descriptions(response)).toEqual(['Atravessa o início']);
    const all = await findAll(headers, { placeId: a.id });
    expect(descriptions(all)).toEqual(['Antes', 'Termina no início', 'Atravessa o início']);
  });

  it('needs a place or a club', async () => {
    const { headers } = await clubWithPlaces();
    const response = await findAll(headers, day);
    expect(response.statusCode).toBe(400);
  });

  it('answers 404 for a place or club of another club', async () => {
    const { headers } = await clubWithPlaces();
    const other = await clubWithBlocks();
    expect((await findAll(headers, { companyId: other.company.id, ...day })).statusCode).toBe(404);
    expect((await findAll(headers, { placeId: other.a.id, ...day })).statusCode).toBe(404);
  });
});

describe('DELETE /api/backoffice/blocked-time/{id}', () => {
  it('deletes a block and audits what it was', async () => {
    const { places, staff, headers } = await clubWithPlaces();
    const created = await single(headers, { ...block, placeId: places[0]!.id });
    const id = created.json().items[0].id;
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/blocked-time/${id}`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(await blocksOf([places[0]!.id])).toHaveLength(0);
    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'blocked-time.delete')));
    expect(audit).toMatchObject({ actorUserId: staff.id, data: { description: 'Manutenção' } });
  });

  it('answers 404 for a block of another club, deleting nothing', async () => {
    const { headers } = await clubWithPlaces();
    const other = await clubWithPlaces();
    const created = await single(other.headers, { ...block, placeId: other.places[0]!.id });
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/blocked-time/${created.json().items[0].id}`,
      headers,
    });
    expect(response.statusCode).toBe(404);
    expect(await blocksOf([other.places[0]!.id])).toHaveLength(1);
  });
});
