import { appointments, companies } from '@clube/db';
import { clubInstant } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bearerFor,
  createAppointment,
  createAssociate,
  createClubWithStaff,
  createPlace,
} from '../../factories';
import { build } from '../../helper';
import { frontDeskScene, minutes, days, timezone, anchor, bodyOf } from './front-desk-scene';

const context = build();
const { scene, checkIn, noShow, undo, auditOf } = frontDeskScene(context);
afterEach(() => vi.useRealTimers());

describe('PATCH /appointment/{id}/no-show', () => {
  it('waits for the club tolerance (15 minutes by default) after the start', async () => {
    const { booking, headersAt, staff } = await scene();
    const appointment = await booking(anchor);
    const early = await noShow(
      await headersAt(new Date(anchor.getTime() + minutes(14))),
      appointment.id,
    );
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toBe('NoShowTooEarly');

    const marked = new Date(anchor.getTime() + minutes(15));
    const response = await noShow(await headersAt(marked), appointment.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'NO_SHOW',
      noShowAt: marked.toISOString(),
      titleSuspendedUntil: null,
    });
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ noShowBy: staff.id });
    expect((await auditOf(appointment.id)).map((event) => event.action)).toEqual([
      'appointment.no-show',
    ]);
    const again = await noShow(await headersAt(marked), appointment.id);
    expect(again.json().error).toBe('AppointmentNotScheduled');
  });

  it("follows the club's own tolerance", async () => {
    const { booking, headersAt, company } = await scene();
    await context.db
      .update(companies)
      .set({ noShowToleranceMinutes: 40 })
      .where(eq(companies.id, company.id));
    const appointment = await booking(anchor);
    const at30 = await noShow(
      await headersAt(new Date(anchor.getTime() + minutes(30))),
      appointment.id,
    );
    expect(at30.json().error).toBe('NoShowTooEarly');
    const at40 = await noShow(
      await headersAt(new Date(anchor.getTime() + minutes(40))),
      appointment.id,
    );
    expect(at40.statusCode).toBe(200);
  });
});

describe('PATCH /appointment/{id}/undo-attendance', () => {
  it('puts a check-in or a no-show back to SCHEDULED the same club-local day, audited', async () => {
    const { booking, headersAt, staff } = await scene();
    const first = await booking(anchor);
    const second = await booking(new Date(anchor.getTime() - minutes(120)));
    const headers = await headersAt(new Date(anchor.getTime() - minutes(10)));
    expect((await checkIn(headers, first.id)).statusCode).toBe(200);
    expect((await noShow(headers, second.id)).statusCode).toBe(200);

    const later = await headersAt(clubInstant('2026-06-10', '23:59', timezone));
    for (const id of [first.id, second.id]) {
      const response = await undo(later, id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'SCHEDULED',
        checkedInAt: null,
        noShowAt: null,
      });
      const [row] = await context.db.select().from(appointments).where(eq(appointments.id, id));
      expect(row).toMatchObject({ checkedInBy: null, noShowBy: null });
      const [event] = (await auditOf(id)).filter((e) => e.action === 'appointment.undo-attendance');
      expect(event).toMatchObject({ actorUserId: staff.id });
    }
    const nothing = await undo(later, first.id);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error).toBe('AttendanceNotRecorded');
  });

  it('is refused from the next club-local day, even minutes later', async () => {
    const { booking, headersAt } = await scene();
    const appointment = await booking(clubInstant('2026-06-10', '23:00', timezone));
    const marked = clubInstant('2026-06-10', '23:50', timezone);
    expect((await checkIn(await headersAt(marked), appointment.id)).statusCode).toBe(200);
    const response = await undo(
      await headersAt(clubInstant('2026-06-11', '00:10', timezone)),
      appointment.id,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('AttendanceUndoExpired');
  });
});

describe('attended and missed bookings still hold their slot', () => {
  it('a checked-in slot cannot be booked again (rules and constraint)', async () => {
    const { booking, headersAt, place, company } = await scene();
    const start = clubInstant('2026-06-10', '15:00', timezone);
    const appointment = await booking(start);
    const headers = await headersAt(new Date(start.getTime() - minutes(20)));
    expect((await checkIn(headers, appointment.id)).statusCode).toBe(200);

    const other = await createAssociate(context.db, company.id);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers,
      payload: bodyOf(other, place, start),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('TimeAlreadyTaken');
    const slots = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/appointment/${place.id}/time-slots?date=2026-06-10`,
      headers,
    });
    const slot = slots
      .json<Array<{ time: string; available: boolean }>>()
      .find((s) => s.time === '15:00');
    expect(slot?.available).toBe(false);
  });

  it('a place with a checked-in booking still running cannot be archived', async () => {
    // Archiving compares with the database clock: this test runs on the real one.
    const { company, staff } = await createClubWithStaff(context.db, { timezone });
    const place = await createPlace(context.db, company.id);
    const associate = await createAssociate(context.db, company.id);
    const now = Date.now();
    const running = await createAppointment(context.db, {
      place,
      associate,
      startsAt: new Date(now - minutes(10)),
      endsAt: new Date(now + minutes(50)),
    });
    await context.db
      .update(appointments)
      .set({ status: 'CHECKED_IN', checkedInAt: new Date(now - minutes(5)) })
      .where(eq(appointments.id, running.id));
    const response = await context.app.inject({
      method: 'DELETE',
      url: `/api/backoffice/place/${place.id}`,
      headers: await bearerFor(context.app, staff.cpf),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('PlaceHasFutureAppointments');
  });

  it('the exclusion constraint covers NO_SHOW rows', async () => {
    const { booking, company, place } = await scene();
    const missed = await booking(anchor);
    await context.db
      .update(appointments)
      .set({ status: 'NO_SHOW', noShowAt: anchor })
      .where(eq(appointments.id, missed.id));
    const other = await createAssociate(context.db, company.id);
    await expect(
      createAppointment(context.db, {
        place,
        associate: other,
        startsAt: anchor,
        endsAt: new Date(anchor.getTime() + minutes(60)),
      }),
    ).rejects.toThrow();
  });

  it("a missed booking counts in the title's monthly quota", async () => {
    const { booking, headersAt, place, associate } = await scene({ associateReservationLimit: 1 });
    const missed = await booking(new Date(anchor.getTime() - minutes(120)));
    const headers = await headersAt(anchor);
    expect((await noShow(headers, missed.id)).statusCode).toBe(200);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers,
      payload: bodyOf(associate, place, clubInstant('2026-06-12', '10:00', timezone)),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('ReservationsLimitReached');
  });
});

describe("the associate's attendance", () => {
  it("counts bookings, check-ins, no-shows and the member's own cancellations within 24 hours of the start", async () => {
    const { booking, headersAt, associate, staff } = await scene();
    const attended = await booking(new Date(anchor.getTime() - days(2)));
    const missed = await booking(new Date(anchor.getTime() - days(1)));
    const lateCancel = await booking(new Date(anchor.getTime() + minutes(20 * 60)));
    const earlyCancel = await booking(new Date(anchor.getTime() + days(3)));
    await booking(new Date(anchor.getTime() + days(4)));
    await context.db
      .update(appointments)
      .set({ status: 'CHECKED_IN', checkedInAt: attended.startsAt })
      .where(eq(appointments.id, attended.id));
    await context.db
      .update(appointments)
      .set({ status: 'NO_SHOW', noShowAt: anchor })
      .where(eq(appointments.id, missed.id));
    const clubCancel = await booking(new Date(anchor.getTime() + minutes(22 * 60)));
    for (const id of [lateCancel.id, earlyCancel.id])
      await context.db
        .update(appointments)
        .set({ status: 'CANCELLED', cancelledAt: anchor, cancelledByAssociateId: associate.id })
        .where(eq(appointments.id, id));
    // The club cancelling within 24 hours is its decision, not the member's lateness.
    await context.db
      .update(appointments)
      .set({ status: 'CANCELLED', cancelledAt: anchor, cancelledBy: staff.id })
      .where(eq(appointments.id, clubCancel.id));
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/associate/id/${associate.id}/appointments-summary`,
      headers: await headersAt(anchor),
    });
    expect(response.json()).toMatchObject({
      attendance: { bookings: 6, checkIns: 1, noShows: 1, lateCancellations: 1 },
      suspension: null,
      // The month's quota use counts the attended and the missed booking too.
      month: '2026-06',
      quota: [{ used: 3, limit: 0 }],
    });
  });
});
