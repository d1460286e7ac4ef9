import { appointments } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBookingScene, createAssociate } from '../../factories';
import { build } from '../../helper';

const context = build();

const book = (headers: Record<string, string>, payload: object) =>
  context.app.inject({ method: 'POST', url: '/api/backoffice/appointment', headers, payload });

const tally = (statuses: { statusCode: number; json: () => { error?: string } }[]) =>
  statuses.reduce<Record<string, number>>((counts, response) => {
    const key = response.statusCode === 201 ? '201' : `${response.json().error}`;
    counts[key] = (counts[key] ?? 0) + 1;
    return counts;
  }, {});

describe('simultaneous bookings', () => {
  it('let exactly one of 20 bookings of one slot through', async () => {
    const db = context.db;
    const scene = await createBookingScene(context.app);
    const people = await Promise.all(
      Array.from({ length: 20 }, () => createAssociate(db, scene.company.id)),
    );
    const responses = await Promise.all(
      people.map((person) => book(scene.headers, scene.bodyFor(scene.day(3), '12:00', person))),
    );
    expect(tally(responses)).toEqual({ '201': 1, TimeAlreadyTaken: 19 });
    const rows = await db
      .select()
      .from(appointments)
      .where(and(eq(appointments.placeId, scene.place.id), eq(appointments.status, 'SCHEDULED')));
    expect(rows).toHaveLength(1);
  });

  it('hold a title with limit 3 to 3 of 10 bookings on different slots', async () => {
    const db = context.db;
    const scene = await createBookingScene(context.app, { associateReservationLimit: 3 });
    const family = await Promise.all(
      Array.from({ length: 10 }, () =>
        createAssociate(db, scene.company.id, {
          associateTitleId: scene.associate.associateTitleId,
        }),
      ),
    );
    const times = [
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
    ];
    const responses = await Promise.all(
      family.map((person, index) =>
        book(scene.headers, scene.bodyFor(scene.day(3), times[index]!, person)),
      ),
    );
    expect(tally(responses)).toEqual({ '201': 3, ReservationsLimitReached: 7 });
    const rows = await db
      .select()
      .from(appointments)
      .where(eq(appointments.associateTitleId, scene.associate.associateTitleId));
    expect(rows).toHaveLength(3);
  });
});
