import { appointments, auditEvents, outboxMessages, places } from '@clube/db';
import { bookingRefusalSchema } from '@clube/shared';
import { and, asc, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import {
  createAppointment,
  createAssociate,
  createBlockedTime,
  createBookingScene,
  createCategory,
  createClubWithBearer,
  createPlace,
} from '../../factories';
import { build } from '../../helper';

const context = build({ publicUrl: 'https://reservas.clube.test' });

/** A club with two courts of one category, Ana booked at Quadra 1 at 09:00 two days ahead. */
async function scene(categoryValues: Parameters<typeof createCategory>[2] = {}) {
  const base = await createBookingScene(context.app);
  const db = context.app.db;
  const courts = await createCategory(db, base.company.id, { name: 'Tênis', ...categoryValues });
  const one = await createPlace(db, base.company.id, { name: 'Quadra 1', categoryId: courts.id });
  const two = await createPlace(db, base.company.id, { name: 'Quadra 2', categoryId: courts.id });
  const ana = await createAssociate(db, base.company.id, { name: 'Ana Souza', email: 'ana@x.com' });
  const date = base.day(2);
  const slot = (time: string, minutes = 60) => {
    const startsAt = base.at(date, time);
    return { startsAt, endsAt: new Date(startsAt.getTime() + minutes * 60_000) };
  };
  const booking = await createAppointment(db, { place: one, associate: ana, ...slot('09:00') });
  const move = (id: string, body: Record<string, unknown>, headers = base.headers) =>
    context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/appointment/${id}/move`,
      headers,
      payload: body,
    });
  return { ...base, db, courts, one, two, ana, date, slot, booking, move };
}

const refusalOf = (body: unknown) => bookingRefusalSchema.parse(body);

describe('PATCH /appointment/{id}/move', () => {
  it('moves a booking to another place and time, audited, the member told once', async () => {
    const s = await scene();
    const to = s.slot('10:00');
    const response = await s.move(s.booking.id, {
      placeId: s.two.id,
      startsAt: to.startsAt.toISOString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: s.booking.id,
      placeId: s.two.id,
      startsAt: to.startsAt.toISOString(),
      endsAt: to.endsAt.toISOString(),
      status: 'SCHEDULED',
    });

    const [audit] = await s.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, s.booking.id), eq(auditEvents.action, 'appointment.move')),
      );
    expect(audit).toMatchObject({
      companyId: s.company.id,
      actorUserId: s.staff.id,
      placeId: s.two.id,
      associateId: s.ana.id,
      data: {
        fromPlaceId: s.one.id,
        before: { place: 'Quadra 1', startsAt: s.slot('09:00').startsAt.toISOString() },
        after: { place: 'Quadra 2', startsAt: to.startsAt.toISOString() },
      },
    });

    const messages = await s.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.companyId, s.company.id));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      associateId: s.ana.id,
      kind: 'booking-changed-by-club',
      recipient: 'ana@x.com',
    });
    // Named as the member knew it: where and when it was.
    const [y0, m0, d0] = s.date.split('-');
    expect(messages[0]!.subject).toBe(
      `Reserva alterada pelo clube: Quadra 1, ${d0}/${m0}/${y0}, 09:00 — ${s.company.name}`,
    );
    const [y, m, d] = s.date.split('-');
    expect(messages[0]!.textBody).toContain(
      `Quadra 1, ${d}/${m}/${y}, 09:00–10:00: transferida para Quadra 2, ${d}/${m}/${y}, 10:00–11:00.`,
    );
  });

  it('sends the moved booking as an update of its calendar event: same UID, a higher SEQUENCE', async () => {
    const s = await scene();
    const eventsOfMoves = async () => {
      const rows = await s.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.companyId, s.company.id))
        .orderBy(asc(outboxMessages.createdAt));
      return rows.map((row) => {
        const [attachment] = row.attachments;
        expect(attachment).toMatchObject({
          filename: 'reserva.ics',
          contentType: 'text/calendar; method=PUBLISH',
        });
        expect(row.textBody).toContain('atualiza a reserva na sua agenda');
        const calendar = new ICAL.Component(ICAL.parse(attachment!.content));
        expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
        const vevent = calendar.getFirstSubcomponent('vevent')!;
        const event = new ICAL.Event(vevent);
        return {
          uid: event.uid,
          sequence: Number(vevent.getFirstPropertyValue('sequence')),
          start: event.startDate.toJSDate().toISOString(),
          location: event.location,
        };
      });
    };
    const first = s.slot('10:00');
    expect(
      (await s.move(s.booking.id, { placeId: s.two.id, startsAt: first.startsAt.toISOString() }))
        .statusCode,
    ).toBe(200);
    const second = s.slot('12:00');
    expect(
      (await s.move(s.booking.id, { placeId: s.one.id, startsAt: second.startsAt.toISOString() }))
        .statusCode,
    ).toBe(200);
    const uid = `${s.booking.id}@clube-reservas`;
    expect(await eventsOfMoves()).toEqual([
      {
        uid,
        sequence: 1,
        start: first.startsAt.toISOString(),
        location: expect.stringMatching(/^Quadra 2, /),
      },
      {
        uid,
        sequence: 2,
        start: second.startsAt.toISOString(),
        location: expect.stringMatching(/^Quadra 1, /),
      },
    ]);
  });

  it('moves within the same place to another time: its own slot and quota do not count against it', async () => {
    // One a day in the category and one a month at the place: the booking itself must not refuse
    // its move, nor hold the hour it overlaps.
    const s = await scene({ blockedAppointmentDay: true });
    const db = s.db;
    await db
      .update(places)
      .set({ associateReservationLimit: 1, bookRange: 120 })
      .where(eq(places.id, s.one.id));
    await db
      .update(appointments)
      .set({ startsAt: s.slot('08:00').startsAt, endsAt: s.slot('08:00', 120).endsAt })
      .where(eq(appointments.id, s.booking.id));
    // 08:00–10:00 moves to 10:00–12:00: adjacent, on the 120-minute grid from 08:00.
    const response = await s.move(s.booking.id, {
      placeId: s.one.id,
      startsAt: s.slot('10:00').startsAt.toISOString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().endsAt).toBe(s.slot('10:00', 120).endsAt.toISOString());
  });

  it('refuses a taken target with the booking refusal shape', async () => {
    const s = await scene();
    const bruno = await createAssociate(s.db, s.company.id, { name: 'Bruno' });
    await createAppointment(s.db, { place: s.two, associate: bruno, ...s.slot('10:00') });
    const response = await s.move(s.booking.id, {
      placeId: s.two.id,
      startsAt: s.slot('10:00').startsAt.toISOString(),
    });
    expect(response.statusCode).toBe(409);
    const body = refusalOf(response.json());
    expect(body.error).toBe('TimeAlreadyTaken');
    expect(body.details?.failures.map((failure) => failure.code)).toEqual(['TimeAlreadyTaken']);
    const [row] = await s.db.select().from(appointments).where(eq(appointments.id, s.booking.id));
    expect(row!.placeId).toBe(s.one.id);
  });

  it('refuses a blocked target', async () => {
    const s = await scene();
    await createBlockedTime(s.db, s.two, s.slot('10:00'));
    const response = await s.move(s.booking.id, {
      placeId: s.two.id,
      startsAt: s.slot('10:00').startsAt.toISOString(),
    });
    expect(response.statusCode).toBe(422);
    expect(refusalOf(response.json()).error).toBe('TimeNotAvailable');
  });

  it('refuses a target whose slots do not hold the booking (another length, off the grid)', async () => {
    const s = await scene();
    const long = await createPlace(s.db, s.company.id, {
      name: 'Quadra 3',
      categoryId: s.courts.id,
      bookRange: 90,
    });
    for (const [placeId, time] of [
      [long.id, '09:30'],
      [s.two.id, '09:30'],
    ] as const) {
      const response = await s.move(s.booking.id, {
        placeId,
        startsAt: s.slot(time).startsAt.toISOString(),
      });
      expect(response.statusCode).toBe(409);
      const body = refusalOf(response.json());
      expect(body.error).toBe('AppointmentMoveMisfit');
      expect(body.message).toContain('mesma duração');
    }
  });

  it('refuses a place of another category, and the same place and time', async () => {
    const s = await scene();
    const other = await createPlace(s.db, s.company.id, { name: 'Piscina' });
    const response = await s.move(s.booking.id, {
      placeId: other.id,
      startsAt: s.slot('10:00').startsAt.toISOString(),
    });
    expect(response.statusCode).toBe(422);
    expect(refusalOf(response.json()).error).toBe('AppointmentMoveOtherCategory');
    const same = await s.move(s.booking.id, {
      placeId: s.one.id,
      startsAt: s.slot('09:00').startsAt.toISOString(),
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().error).toBe('AppointmentMoveUnchanged');
  });

  it("answers 404 for another club's booking, and for another club's place", async () => {
    const s = await scene();
    const other = await createClubWithBearer(context.app);
    const response = await s.move(
      s.booking.id,
      { placeId: s.two.id, startsAt: s.slot('10:00').startsAt.toISOString() },
      other.headers,
    );
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('AppointmentNotFound');
    const theirs = await createPlace(s.db, other.company.id, { name: 'Quadra deles' });
    const toTheirs = await s.move(s.booking.id, {
      placeId: theirs.id,
      startsAt: s.slot('10:00').startsAt.toISOString(),
    });
    expect(toTheirs.statusCode).toBe(404);
    expect(toTheirs.json().error).toBe('PlaceNotFound');
  });

  it('refuses a move into the past and a booking that has started', async () => {
    const s = await scene();
    const yesterday = s.day(-1);
    const past = await s.move(s.booking.id, {
      placeId: s.two.id,
      startsAt: s.at(yesterday, '10:00').toISOString(),
    });
    expect(past.statusCode).toBe(422);
    expect(refusalOf(past.json()).error).toBe('TimeNotAvailable');

    const started = await createAppointment(s.db, {
      place: s.one,
      associate: s.ana,
      startsAt: s.at(yesterday, '09:00'),
      endsAt: s.at(yesterday, '10:00'),
    });
    const response = await s.move(started.id, {
      placeId: s.two.id,
      startsAt: s.slot('10:00').startsAt.toISOString(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('AppointmentMoveStarted');
    const messages = await s.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.companyId, s.company.id));
    expect(messages).toHaveLength(0);
  });

  it('answers a clear 400 for a body without a target', async () => {
    const s = await scene();
    const response = await s.move(s.booking.id, { startsAt: 'amanhã' });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Informe o espaço de destino');
  });

  it('answers 400 for a year outside 1900–2999, like every other route', async () => {
    const s = await scene();
    for (const startsAt of ['1899-12-31T12:00:00.000Z', '3000-01-01T12:00:00.000Z']) {
      const response = await s.move(s.booking.id, { placeId: s.two.id, startsAt });
      expect(response.statusCode, startsAt).toBe(400);
      expect(response.json()).toMatchObject({ error: 'ValidationError' });
    }
  });
});
