import { auditEvents } from '@clube/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAppointment, createAssociate } from '../../factories';
import { build } from '../../helper';
import { blockedTimesScene, block } from './blocked-times-scene';

const context = build();
const { clubWithPlaces, single, bulk, blocksOf } = blockedTimesScene(context);

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
