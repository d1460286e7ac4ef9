import { appointments, associates, auditEvents, categories } from '@clube/db';
import { dateLabel, monthOf } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAppointment,
  createAssociate,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
  memberPassword,
  memberSession,
} from '../factories';
import { build } from '../helper';
import { portalBookingsScene, slotOf, codesOf } from './portal-bookings-scene';

const context = build();
const { scene, request, book, check } = portalBookingsScene(context);

describe('POST /api/portal/bookings', () => {
  it('books for the member, recorded and audited as booked by the member on the portal', async () => {
    const s = await scene();
    const startsAt = s.at(s.day(2), '10:00');
    const response = await book(s.holderSession.headers, slotOf(s.place, startsAt));
    expect(response.statusCode).toBe(201);
    const booking = response.json();
    expect(booking).toMatchObject({
      place: { id: s.place.id },
      associate: { id: s.holder.id, name: 'Helena Titular' },
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
      status: 'SCHEDULED',
      bookedVia: 'portal',
      cancellable: true,
    });
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booking.id));
    expect(row).toMatchObject({
      createdBy: null,
      createdByAssociateId: s.holder.id,
      associateTitleId: s.title.id,
    });
    const [event] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, booking.id), eq(auditEvents.action, 'appointment.create')),
      );
    expect(event).toMatchObject({ actorUserId: null, actorAssociateId: s.holder.id });
  });

  it('shows the back office who booked: the member through the portal, or staff', async () => {
    const s = await scene();
    const date = s.day(2);
    const viaPortal = await book(s.holderSession.headers, slotOf(s.place, s.at(date, '10:00')));
    const startsAt = s.at(date, '11:00');
    const viaStaff = await request('POST', '/api/backoffice/appointment', s.staffHeaders, {
      associateId: s.dependent.id,
      placeId: s.place.id,
      cardId: s.dependent.cardId,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
    });
    expect(viaStaff.statusCode).toBe(201);
    expect(viaStaff.json()).toMatchObject({
      bookedVia: 'staff',
      bookedBy: { name: 'Staff de Teste' },
    });
    const list = await request(
      'GET',
      `/api/backoffice/appointment?placeId=${s.place.id}`,
      s.staffHeaders,
    );
    const byId = new Map(list.json().items.map((item: { id: string }) => [item.id, item]));
    expect(byId.get(viaPortal.json().id)).toMatchObject({
      bookedVia: 'portal',
      bookedBy: { name: 'Helena Titular' },
      createdBy: null,
    });
    expect(byId.get(viaStaff.json().id)).toMatchObject({ bookedVia: 'staff' });
  });

  it('lets a holder book for a member of their title', async () => {
    const s = await scene();
    const response = await book(
      s.holderSession.headers,
      slotOf(s.place, s.at(s.day(2), '10:00'), s.dependent.id),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().associate).toMatchObject({ id: s.dependent.id });
  });

  it('refuses a non-holder booking for another member of the title', async () => {
    const s = await scene();
    const body = slotOf(s.place, s.at(s.day(2), '10:00'), s.holder.id);
    for (const response of [
      await book(s.dependentSession.headers, body),
      await check(s.dependentSession.headers, body),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe('OnlyHolderBooksForOthers');
    }
    // For themself the dependent may book.
    const own = await book(s.dependentSession.headers, slotOf(s.place, s.at(s.day(2), '10:00')));
    expect(own.statusCode).toBe(201);
  });

  it('answers 404 for a member of another title or another club, and for another club’s place', async () => {
    const s = await scene();
    const { company: otherClub } = await createClubWithStaff(context.db);
    await createOperatingHours(context.db, otherClub.id);
    const otherPlace = await createPlace(context.db, otherClub.id);
    const stranger = await createAssociate(context.db, otherClub.id);
    const startsAt = s.at(s.day(2), '10:00');
    for (const associateId of [s.neighbour.id, stranger.id]) {
      const response = await book(s.holderSession.headers, slotOf(s.place, startsAt, associateId));
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('AssociateNotFound');
    }
    const response = await book(s.holderSession.headers, slotOf(otherPlace, startsAt));
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('PlaceNotFound');
    expect(
      await context.db.select().from(appointments).where(eq(appointments.placeId, otherPlace.id)),
    ).toEqual([]);
  });

  it('lists every failing rule in the member’s words, and books nothing', async () => {
    const s = await scene({ ageRestriction: 18, availableBookingDays: 3 });
    await context.db
      .update(associates)
      .set({ birthDate: '2015-01-01' })
      .where(eq(associates.id, s.dependent.id));
    await s.blockTitle('Mensalidade em atraso');
    const body = slotOf(s.place, s.at(s.day(5), '10:30'), s.dependent.id);

    const checked = await check(s.holderSession.headers, body);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toMatchObject({ ok: false, quota: { used: 0, limit: 0 } });
    const failures = checked.json().failures;
    expect(codesOf(failures)).toEqual([
      'TitleBlocked',
      'TimeNotAvailable',
      'AvailableBookingDaysMissed',
      'AgeRestriction',
    ]);
    // The block's text is the table's; the reason staff gave travels beside it, as data.
    expect(failures[0]).toEqual({
      code: 'TitleBlocked',
      message: 'O título está bloqueado para reservas.',
      reason: 'Mensalidade em atraso',
    });
    // The age rule gives the minimum age.
    expect(failures[3]).toEqual({
      code: 'AgeRestriction',
      message: 'Quem vai usar a reserva não tem a idade mínima exigida por este espaço: 18 anos.',
      params: { minimumAge: 18 },
    });

    const refused = await book(s.holderSession.headers, body);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: 'TitleBlocked',
      message: 'O título está bloqueado para reservas.',
      details: { failures },
    });
    expect(
      await context.db.select().from(appointments).where(eq(appointments.placeId, s.place.id)),
    ).toEqual([]);
  });

  it('names the booking that causes a waiting period, and says when the quota resets', async () => {
    const s = await scene({ associateReservationLimit: 1 });
    await context.db
      .update(categories)
      .set({ blockedAppointmentDay: true })
      .where(eq(categories.id, s.place.categoryId));
    const date = s.day(2);
    const first = await book(s.dependentSession.headers, slotOf(s.place, s.at(date, '09:00')));
    expect(first.statusCode).toBe(201);

    const checked = await check(s.holderSession.headers, slotOf(s.place, s.at(date, '15:00')));
    const [waiting, quota] = checked.json().failures;
    expect(waiting).toEqual({
      code: 'WaitingPeriodRequired',
      message: `O título já tem uma reserva nesta categoria que impede esta (no mesmo dia ou no mesmo horário do dia anterior): ${s.place.name}, ${dateLabel(date)} às 09:00.`,
      params: { place: s.place.name, date: dateLabel(date), time: '09:00' },
    });
    expect(quota).toMatchObject({ code: 'ReservationsLimitReached', from: monthOf(date).next });
  });

  it('answers ok for a booking every rule allows', async () => {
    const s = await scene({ associateReservationLimit: 4 });
    const checked = await check(s.holderSession.headers, slotOf(s.place, s.at(s.day(2), '10:00')));
    expect(checked.json()).toEqual({ ok: true, failures: [], quota: { used: 0, limit: 4 } });
  });

  it('counts the monthly quota per title: a family member’s booking uses it, a cancelled one does not', async () => {
    const s = await scene({ associateReservationLimit: 1 });
    const date = s.day(2);
    const first = await book(s.dependentSession.headers, slotOf(s.place, s.at(date, '09:00')));
    expect(first.statusCode).toBe(201);

    const second = await book(s.holderSession.headers, slotOf(s.place, s.at(date, '11:00')));
    expect(second.statusCode).toBe(422);
    expect(second.json()).toMatchObject({
      error: 'ReservationsLimitReached',
      message: 'O título já usou todas as reservas deste mês neste espaço.',
    });
    // Another title's quota is its own.
    const neighbour = await book(s.neighbourSession.headers, slotOf(s.place, s.at(date, '12:00')));
    expect(neighbour.statusCode).toBe(201);

    const cancel = await request(
      'PATCH',
      `/api/portal/bookings/${first.json().id}/cancel`,
      s.holderSession.headers,
    );
    expect(cancel.statusCode).toBe(200);
    const again = await book(s.holderSession.headers, slotOf(s.place, s.at(date, '11:00')));
    expect(again.statusCode).toBe(201);
  });

  it('answers 409 for a slot somebody else holds, without saying who', async () => {
    const s = await scene();
    const startsAt = s.at(s.day(2), '10:00');
    expect((await book(s.neighbourSession.headers, slotOf(s.place, startsAt))).statusCode).toBe(
      201,
    );
    const taken = await book(s.holderSession.headers, slotOf(s.place, startsAt));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('TimeAlreadyTaken');
    expect(taken.body).not.toContain(s.neighbour.id);
    expect(taken.body).not.toContain('Vera');
  });

  describe('a blocked member', () => {
    it('signs in and sees the block, cannot book (with the reason), and can cancel', async () => {
      const s = await scene();
      const existing = await createAppointment(context.db, {
        place: s.place,
        associate: s.holder,
        startsAt: s.at(s.day(3), '10:00'),
        endsAt: s.at(s.day(3), '11:00'),
      });
      await context.db
        .update(associates)
        .set({ blocked: true, blockedReason: 'Exame médico vencido' })
        .where(eq(associates.id, s.holder.id));
      const { headers } = await memberSession(context.app, s.holder, memberPassword);

      const me = await request('GET', '/api/portal/me', headers);
      expect(me.json().member).toMatchObject({
        blocked: true,
        blockedReason: 'Exame médico vencido',
      });

      const refused = await book(headers, slotOf(s.place, s.at(s.day(2), '10:00')));
      expect(refused.statusCode).toBe(422);
      // The member's own block has its own code: not the associate staff talk about.
      expect(refused.json()).toMatchObject({
        error: 'OwnMembershipBlocked',
        message: 'O seu cadastro está bloqueado para reservas.',
        details: {
          failures: [
            {
              code: 'OwnMembershipBlocked',
              message: 'O seu cadastro está bloqueado para reservas.',
              reason: 'Exame médico vencido',
            },
          ],
        },
      });

      // Booking for an unblocked family member is refused too: the block is on the member.
      const forDependent = await book(
        headers,
        slotOf(s.place, s.at(s.day(2), '10:00'), s.dependent.id),
      );
      expect(forDependent.statusCode).toBe(422);
      expect(forDependent.json().error).toBe('OwnMembershipBlocked');
      expect(forDependent.json().details.failures).toHaveLength(1);

      const cancel = await request('PATCH', `/api/portal/bookings/${existing.id}/cancel`, headers);
      expect(cancel.statusCode).toBe(200);
      expect(cancel.json().status).toBe('CANCELLED');
    });

    it('a blocked title: the dependent cannot book either', async () => {
      const s = await scene();
      await s.blockTitle('Título suspenso');
      const refused = await book(
        s.dependentSession.headers,
        slotOf(s.place, s.at(s.day(2), '10:00')),
      );
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toMatchObject({
        error: 'TitleBlocked',
        message: 'O título está bloqueado para reservas.',
        details: { failures: [expect.objectContaining({ reason: 'Título suspenso' })] },
      });
    });
  });
});
