import { appointments, auditEvents, blockedTimes } from '@clube/db';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearerFor,
  createAppointment,
  createAssociate,
  createClubWithStaff,
  createPlace,
} from '../../factories';
import { lockPlace } from '../../../src/lib/place-lock';
import { build } from '../../helper';

const context = build();

type Headers = Record<string, string>;

async function clubWithPlaces(names: string[] = ['Quadra 1'], timezone?: string) {
  const db = context.db;
  const club = await createClubWithStaff(db, { timezone });
  const places = [];
  for (const name of names) places.push(await createPlace(db, club.company.id, { name }));
  return { ...club, places, headers: await bearerFor(context.app, club.staff.cpf) };
}

const post = (url: string, headers: Headers, payload: object) =>
  context.app.inject({ method: 'POST', url, headers, payload });
const single = (headers: Headers, payload: object) =>
  post('/api/backoffice/blocked-time/single', headers, payload);
const bulk = (headers: Headers, payload: object) =>
  post('/api/backoffice/blocked-time/bulk', headers, payload);
const findAll = (headers: Headers, query: Record<string, string>) =>
  context.app.inject({
    method: 'GET',
    url: `/api/backoffice/blocked-time/findAll?${new URLSearchParams(query)}`,
    headers,
  });

async function blocksOf(placeIds: string[]) {
  return context.db.select().from(blockedTimes).where(inArray(blockedTimes.placeId, placeIds));
}

const block = {
  description: 'Manutenção',
  startAt: '2030-03-04T09:00:00.000Z',
  endsAt: '2030-03-04T11:00:00.000Z',
};

describe('POST /api/backoffice/blocked-time/single', () => {
  it('blocks a place and audits it', async () => {
    const { places, staff, headers } = await clubWithPlaces(['Piscina']);
    const place = places[0]!;
    const response = await single(headers, { ...block, placeId: place.id });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      items: [
        {
          id: expect.any(String),
          placeId: place.id,
          place: { id: place.id, name: 'Piscina' },
          description: 'Manutenção',
          startAt: block.startAt,
          endsAt: block.endsAt,
          recurrenceId: null,
          createdAt: expect.any(String),
        },
      ],
      kept: [],
      cancelled: [],
      moved: [],
    });
    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, body.items[0].id));
    expect(audit).toMatchObject({ action: 'blocked-time.create', actorUserId: staff.id });
  });

  it('requires a reason and a start before the end', async () => {
    const { places, headers } = await clubWithPlaces();
    const placeId = places[0]!.id;

    const noReason = await single(headers, { ...block, description: '   ', placeId });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([
      expect.objectContaining({
        path: 'description',
        message: 'A descrição do motivo é obrigatória',
      }),
    ]);

    const reversed = await single(headers, {
      ...block,
      startAt: block.endsAt,
      endsAt: block.startAt,
      placeId,
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      error: 'ValidationError',
      details: [expect.objectContaining({ path: 'endsAt' })],
    });
    expect(await blocksOf([placeId])).toHaveLength(0);
  });

  it('answers 404 for a place of another club, creating nothing', async () => {
    const { headers } = await clubWithPlaces();
    const other = await clubWithPlaces();
    const response = await single(headers, { ...block, placeId: other.places[0]!.id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'PlaceNotFound' });
    expect(await blocksOf([other.places[0]!.id])).toHaveLength(0);
  });
});

describe('POST /api/backoffice/blocked-time/bulk', () => {
  it('blocks every chosen place at once', async () => {
    const { places, headers } = await clubWithPlaces(['Quadra A', 'Quadra B']);
    const response = await bulk(headers, { ...block, placeIds: places.map((place) => place.id) });
    expect(response.statusCode).toBe(201);
    expect(
      response.json().items.map((item: { place: { name: string } }) => item.place.name),
    ).toEqual(['Quadra A', 'Quadra B']);
    expect(await blocksOf(places.map((place) => place.id))).toHaveLength(2);
  });

  it('creates nothing when one place is of another club or does not exist', async () => {
    const { places, headers } = await clubWithPlaces(['Quadra A', 'Quadra B']);
    const other = await clubWithPlaces();
    const ownIds = places.map((place) => place.id);
    for (const intruder of [other.places[0]!.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await bulk(headers, { ...block, placeIds: [...ownIds, intruder] });
      expect(response.statusCode).toBe(404);
    }
    expect(await blocksOf([...ownIds, other.places[0]!.id])).toHaveLength(0);
  });

  it('creates nothing when one place has a conflicting appointment', async () => {
    const { company, places, headers } = await clubWithPlaces(['Quadra A', 'Quadra B']);
    const associate = await createAssociate(context.db, company.id, {
      name: 'Maria Lima',
    });
    const appointment = await createAppointment(context.db, {
      place: places[1]!,
      associate,
      startsAt: new Date('2030-03-04T10:00:00.000Z'),
      endsAt: new Date('2030-03-04T11:00:00.000Z'),
    });
    const response = await bulk(headers, { ...block, placeIds: places.map((place) => place.id) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'BlockConflictsWithAppointments',
      details: {
        appointments: [
          {
            id: appointment.id,
            placeId: places[1]!.id,
            placeName: 'Quadra B',
            startsAt: '2030-03-04T10:00:00.000Z',
            endsAt: '2030-03-04T11:00:00.000Z',
            associateName: 'Maria Lima',
          },
        ],
      },
    });
    expect(await blocksOf(places.map((place) => place.id))).toHaveLength(0);
  });

  it('answers 400 without any place', async () => {
    const { headers } = await clubWithPlaces();
    const response = await bulk(headers, { ...block, placeIds: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().details[0]).toMatchObject({ path: 'placeIds' });
  });
});

describe('blocks over appointments', () => {
  async function bookedPlace() {
    const club = await clubWithPlaces(['Quadra Central']);
    const db = context.db;
    const associate = await createAssociate(db, club.company.id, { name: 'João Prado' });
    const place = club.places[0]!;
    const at = (start: string, end: string) =>
      createAppointment(db, { place, associate, startsAt: new Date(start), endsAt: new Date(end) });
    const overlapping = await at('2030-03-04T08:00:00.000Z', '2030-03-04T09:30:00.000Z');
    // Touching the block's end is not an overlap.
    const touching = await at('2030-03-04T11:00:00.000Z', '2030-03-04T12:00:00.000Z');
    const cancelled = await at('2030-03-04T10:00:00.000Z', '2030-03-04T10:30:00.000Z');
    await db
      .update(appointments)
      .set({ status: 'CANCELLED', cancelledAt: new Date() })
      .where(eq(appointments.id, cancelled.id));
    return { ...club, place, overlapping, touching };
  }

  it('refuses a block over a SCHEDULED appointment, listing only the overlapping ones', async () => {
    const { place, headers, overlapping } = await bookedPlace();
    const response = await single(headers, { ...block, placeId: place.id });
    expect(response.statusCode).toBe(409);
    const conflicts = response.json().details.appointments;
    expect(conflicts.map((conflict: { id: string }) => conflict.id)).toEqual([overlapping.id]);
    expect(conflicts[0]).toMatchObject({
      associateName: 'João Prado',
      placeName: 'Quadra Central',
    });
    expect(await blocksOf([place.id])).toHaveLength(0);
    const [still] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, overlapping.id));
    expect(still!.status).toBe('SCHEDULED');
  });

  it('cancels them when told to, with the block reason, in the same request, audited', async () => {
    const { place, staff, headers, overlapping, touching } = await bookedPlace();
    const response = await single(headers, {
      ...block,
      placeId: place.id,
      resolutions: [{ appointmentId: overlapping.id, action: 'cancel' }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      kept: [],
      moved: [],
      cancelled: [
        {
          appointmentId: overlapping.id,
          associate: { name: 'João Prado', cardId: expect.any(String) },
          place: { id: place.id, name: 'Quadra Central' },
          startsAt: '2030-03-04T08:00:00.000Z',
        },
      ],
    });
    expect(await blocksOf([place.id])).toHaveLength(1);

    const rows = await context.db
      .select()
      .from(appointments)
      .where(inArray(appointments.id, [overlapping.id, touching.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(overlapping.id)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: staff.id,
      cancellationReason: 'Manutenção',
    });
    expect(byId.get(overlapping.id)!.cancelledAt).toBeInstanceOf(Date);
    expect(byId.get(touching.id)!.status).toBe('SCHEDULED');

    const audits = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, overlapping.id), eq(auditEvents.action, 'appointment.cancel')),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(staff.id);
  });
});

describe('weekly recurrence', () => {
  it('expands into one row a week sharing a recurrence id, in every chosen place', async () => {
    const { places, headers } = await clubWithPlaces(['Quadra A', 'Quadra B']);
    // Mondays 06:00–08:00 in São Paulo (UTC−3).
    const response = await bulk(headers, {
      description: 'Manutenção semanal',
      startAt: '2030-03-04T09:00:00.000Z',
      endsAt: '2030-03-04T11:00:00.000Z',
      placeIds: places.map((place) => place.id),
      recurrence: { weekly: true, until: '2030-03-25' },
    });
    expect(response.statusCode).toBe(201);
    const items = response.json().items;
    expect(items).toHaveLength(8);
    expect(new Set(items.map((item: { recurrenceId: string }) => item.recurrenceId)).size).toBe(1);
    expect(items[0].recurrenceId).toEqual(expect.any(String));
    const starts = [...new Set(items.map((item: { startAt: string }) => item.startAt))];
    expect(starts).toEqual([
      '2030-03-04T09:00:00.000Z',
      '2030-03-11T09:00:00.000Z',
      '2030-03-18T09:00:00.000Z',
      '2030-03-25T09:00:00.000Z',
    ]);
  });

  it('keeps the club wall-clock time across a daylight-saving change', async () => {
    // New York: EST (UTC−5) until Sunday 2030-03-10, then EDT (UTC−4).
    const { places, headers } = await clubWithPlaces(['Court'], 'America/New_York');
    const response = await single(headers, {
      description: 'Limpeza',
      startAt: '2030-03-04T11:00:00.000Z',
      endsAt: '2030-03-04T13:00:00.000Z',
      placeId: places[0]!.id,
      recurrence: { weekly: true, until: '2030-03-11' },
    });
    expect(response.statusCode).toBe(201);
    expect(
      response
        .json()
        .items.map((item: { startAt: string; endsAt: string }) => [item.startAt, item.endsAt]),
    ).toEqual([
      ['2030-03-04T11:00:00.000Z', '2030-03-04T13:00:00.000Z'],
      ['2030-03-11T10:00:00.000Z', '2030-03-11T12:00:00.000Z'],
    ]);
  });

  it('refuses a conflict on any occurrence, and more than 104 occurrences', async () => {
    const { company, places, headers } = await clubWithPlaces();
    const place = places[0]!;
    const associate = await createAssociate(context.db, company.id);
    // An appointment on the third Monday only.
    await createAppointment(context.db, {
      place,
      associate,
      startsAt: new Date('2030-03-18T10:00:00.000Z'),
      endsAt: new Date('2030-03-18T11:00:00.000Z'),
    });
    const weekly = {
      ...block,
      placeId: place.id,
      recurrence: { weekly: true, until: '2030-03-25' },
    };
    const conflict = await single(headers, weekly);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().details.appointments[0].startsAt).toBe('2030-03-18T10:00:00.000Z');

    const tooMany = await single(headers, {
      ...weekly,
      recurrence: { weekly: true, until: '2032-12-31' },
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details[0]).toMatchObject({ path: 'recurrence.until' });
    expect(await blocksOf([place.id])).toHaveLength(0);
  });
});

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

describe('serialisation with bookings', () => {
  it('waits for a transaction holding the place lock, then sees the appointment it booked', async () => {
    const { company, places, headers } = await clubWithPlaces();
    const place = places[0]!;
    const associate = await createAssociate(context.db, company.id);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let hasLock = () => {};
    const locked = new Promise<void>((resolve) => {
      hasLock = resolve;
    });
    // Stands in for the booking transaction: same lock, appointment committed only at the end.
    const booking = context.db.transaction(async (tx) => {
      await lockPlace(tx, place.id);
      await createAppointment(tx, {
        place,
        associate,
        startsAt: new Date('2030-03-04T09:30:00.000Z'),
        endsAt: new Date('2030-03-04T10:30:00.000Z'),
      });
      hasLock();
      await held;
    });
    await locked;
    const blocking = single(headers, { ...block, placeId: place.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await booking;
    const response = await blocking;
    expect(response.statusCode).toBe(409);
    expect(await blocksOf([place.id])).toHaveLength(0);
  });
});
