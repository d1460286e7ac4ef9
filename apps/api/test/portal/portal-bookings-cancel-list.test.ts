import { appointments, auditEvents } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAppointment, createAssociate, createClubWithStaff, createPlace } from '../factories';
import { build } from '../helper';
import { portalBookingsScene } from './portal-bookings-scene';

const context = build();
const { scene, request } = portalBookingsScene(context);

describe('PATCH /api/portal/bookings/{id}/cancel', () => {
  const cancel = (headers: Record<string, string>, id: string) =>
    request('PATCH', `/api/portal/bookings/${id}/cancel`, headers);

  it('cancels a booking of the title, recording the member as who cancelled', async () => {
    const s = await scene();
    // Booked by staff for the dependent: the holder may still cancel it (same title).
    const booking = await createAppointment(context.db, {
      place: s.place,
      associate: s.dependent,
      startsAt: s.at(s.day(3), '10:00'),
      endsAt: s.at(s.day(3), '11:00'),
    });
    const response = await cancel(s.holderSession.headers, booking.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: booking.id,
      status: 'CANCELLED',
      cancellable: false,
    });
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booking.id));
    expect(row).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: null,
      cancelledByAssociateId: s.holder.id,
    });
    const [event] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, booking.id), eq(auditEvents.action, 'appointment.cancel')),
      );
    expect(event).toMatchObject({ actorUserId: null, actorAssociateId: s.holder.id });
    // Already cancelled: nothing left to cancel.
    expect((await cancel(s.holderSession.headers, booking.id)).statusCode).toBe(404);
  });

  it('answers 404 for another title’s booking and another club’s, leaving them scheduled', async () => {
    const s = await scene();
    const theirs = await createAppointment(context.db, {
      place: s.place,
      associate: s.neighbour,
      startsAt: s.at(s.day(3), '10:00'),
      endsAt: s.at(s.day(3), '11:00'),
    });
    const { company: otherClub } = await createClubWithStaff(context.db);
    const otherPlace = await createPlace(context.db, otherClub.id);
    const stranger = await createAssociate(context.db, otherClub.id);
    const elsewhere = await createAppointment(context.db, {
      place: otherPlace,
      associate: stranger,
      startsAt: s.at(s.day(3), '10:00'),
      endsAt: s.at(s.day(3), '11:00'),
    });
    for (const id of [theirs.id, elsewhere.id]) {
      const response = await cancel(s.holderSession.headers, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('AppointmentNotFound');
      const [row] = await context.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row!.status).toBe('SCHEDULED');
    }
  });

  it('refuses once the place’s cancellation deadline has passed, and says so in the list', async () => {
    const s = await scene({ maxCancelBookingTime: 72 });
    const late = await createAppointment(context.db, {
      place: s.place,
      associate: s.holder,
      startsAt: s.at(s.day(2), '10:00'),
      endsAt: s.at(s.day(2), '11:00'),
    });
    const early = await createAppointment(context.db, {
      place: s.place,
      associate: s.holder,
      startsAt: s.at(s.day(5), '10:00'),
      endsAt: s.at(s.day(5), '11:00'),
    });
    const list = await request(
      'GET',
      '/api/portal/bookings?scope=upcoming',
      s.holderSession.headers,
    );
    const byId = new Map(list.json().items.map((item: { id: string }) => [item.id, item]));
    expect(byId.get(late.id)).toMatchObject({
      cancellable: false,
      cancelDeadline: new Date(late.startsAt.getTime() - 72 * 3_600_000).toISOString(),
    });
    expect(byId.get(early.id)).toMatchObject({ cancellable: true });

    const refused = await cancel(s.holderSession.headers, late.id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('MaxCancelBookingTimeMissed');
    expect((await cancel(s.holderSession.headers, early.id)).statusCode).toBe(200);
  });
});

describe('GET /api/portal/bookings', () => {
  it('lists the whole title’s bookings by scope, never another title’s', async () => {
    const s = await scene();
    const mine = await createAppointment(context.db, {
      place: s.place,
      associate: s.holder,
      startsAt: s.at(s.day(2), '10:00'),
      endsAt: s.at(s.day(2), '11:00'),
    });
    const dependents = await createAppointment(context.db, {
      place: s.place,
      associate: s.dependent,
      startsAt: s.at(s.day(3), '10:00'),
      endsAt: s.at(s.day(3), '11:00'),
    });
    const past = await createAppointment(context.db, {
      place: s.place,
      associate: s.dependent,
      startsAt: s.at(s.day(-3), '10:00'),
      endsAt: s.at(s.day(-3), '11:00'),
    });
    const cancelled = await createAppointment(context.db, {
      place: s.place,
      associate: s.holder,
      startsAt: s.at(s.day(4), '10:00'),
      endsAt: s.at(s.day(4), '11:00'),
    });
    await cancel(s.holderSession.headers, cancelled.id);
    await createAppointment(context.db, {
      place: s.place,
      associate: s.neighbour,
      startsAt: s.at(s.day(2), '12:00'),
      endsAt: s.at(s.day(2), '13:00'),
    });

    const idsOf = async (scope: string, headers = s.dependentSession.headers) => {
      const response = await request('GET', `/api/portal/bookings?scope=${scope}`, headers);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(s.neighbour.id);
      expect(response.body).not.toContain('Vera');
      expect(response.body).not.toContain(s.neighbour.cpf);
      return response.json().items.map((item: { id: string }) => item.id);
    };
    expect(await idsOf('upcoming')).toEqual([mine.id, dependents.id]);
    expect(await idsOf('past')).toEqual([past.id]);
    expect(await idsOf('cancelled')).toEqual([cancelled.id]);
    const neighbours = await request('GET', '/api/portal/bookings', s.neighbourSession.headers);
    expect(neighbours.json().items).toHaveLength(1);
    expect(neighbours.body).not.toContain('Helena');
  });
});

async function cancel(headers: Record<string, string>, id: string) {
  return context.app.inject({ method: 'PATCH', url: `/api/portal/bookings/${id}/cancel`, headers });
}
