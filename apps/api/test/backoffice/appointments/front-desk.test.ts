import { appointments, auditEvents, companies, titleSuspensions } from '@clube/db';
import { checkInCodeOf, clubInstant } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bearerFor,
  createAppointment,
  createAssociate,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
} from '../../factories';
import { build } from '../../helper';

/**
 * Front desk: check-in, no-show, undo, the no-show suspension policy and the TitleSuspended
 * booking rule. Only Date is faked: every instant below is placed relative to a fixed "now" in
 * São Paulo (no daylight saving), so nothing depends on when the tests run.
 */

const context = build();
afterEach(() => vi.useRealTimers());

const minutes = (count: number) => count * 60_000;
const days = (count: number) => count * 86_400_000;
const timezone = 'America/Sao_Paulo';
/** 2026-06-10 14:00 in the club. */
const anchor = clubInstant('2026-06-10', '14:00', timezone);

type Headers = Record<string, string>;

/** Moves the clock and answers a fresh staff header (a token signed "now" stays valid). */
async function at(instant: Date, cpf: string): Promise<Headers> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
  return bearerFor(context.app, cpf);
}

async function scene(placeValues: Parameters<typeof createPlace>[2] = {}) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(anchor);
  const { company, staff } = await createClubWithStaff(context.db, { timezone });
  await createOperatingHours(context.db, company.id);
  const place = await createPlace(context.db, company.id, placeValues);
  const associate = await createAssociate(context.db, company.id, { name: 'Maria Associada' });
  /** A SCHEDULED booking of the associate starting at an instant, one hour long. */
  const booking = (startsAt: Date, who = associate) =>
    createAppointment(context.db, {
      place,
      associate: who,
      startsAt,
      endsAt: new Date(startsAt.getTime() + minutes(60)),
    });
  const headersAt = (instant: Date) => at(instant, staff.cpf);
  return { company, staff, place, associate, booking, headersAt };
}

const patch = (headers: Headers, url: string, payload?: object) =>
  context.app.inject({ method: 'PATCH', url, headers, ...(payload ? { payload } : {}) });
const checkIn = (headers: Headers, id: string) =>
  patch(headers, `/api/backoffice/appointment/${id}/check-in`);
const noShow = (headers: Headers, id: string) =>
  patch(headers, `/api/backoffice/appointment/${id}/no-show`);
const undo = (headers: Headers, id: string) =>
  patch(headers, `/api/backoffice/appointment/${id}/undo-attendance`);
const lift = (headers: Headers, titleId: string) =>
  patch(headers, `/api/backoffice/associate-title/${titleId}/lift-suspension`);
const bodyOf = (who: { id: string; cardId: string }, place: { id: string }, startsAt: Date) => ({
  associateId: who.id,
  placeId: place.id,
  startsAt: startsAt.toISOString(),
  endsAt: new Date(startsAt.getTime() + minutes(60)).toISOString(),
  cardId: who.cardId,
});

const auditOf = (id: string) =>
  context.db.select().from(auditEvents).where(eq(auditEvents.entityId, id));

describe('POST /appointment/check-in-by-code', () => {
  const byCode = (headers: Headers, companyId: string, code: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment/check-in-by-code',
      headers,
      payload: { companyId, code },
    });

  it('lets the member in by the code of their booking, typed in any case, through the one check-in', async () => {
    const { company, booking, headersAt, place } = await scene();
    const start = new Date(anchor.getTime() + minutes(20));
    const appointment = await booking(start);
    const code = checkInCodeOf(appointment.id);
    expect(code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);

    const response = await byCode(await headersAt(anchor), company.id, ` ${code.toLowerCase()} `);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: appointment.id,
      status: 'CHECKED_IN',
      checkedInAt: anchor.toISOString(),
      associate: { name: 'Maria Associada' },
    });
    expect((await auditOf(appointment.id)).map((event) => event.action)).toEqual([
      'appointment.check-in',
    ]);
    const again = await byCode(
      await headersAt(new Date(anchor.getTime() + minutes(5))),
      company.id,
      code.replace('-', ''),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'CheckInCodeAlreadyIn',
      message: `Entrada já registrada hoje às 14:00: reserva de Maria Associada em ${place.name}, hoje às 14:20.`,
    });
  });

  it('says what a code of tomorrow, a cancelled or a finished booking is, and why it cannot enter', async () => {
    const { company, booking, headersAt, place } = await scene();
    const headers = await headersAt(anchor);
    const tomorrow = await booking(new Date(anchor.getTime() + days(1) + minutes(240)));
    const early = await byCode(headers, company.id, checkInCodeOf(tomorrow.id));
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      error: 'CheckInCodeNotYet',
      message: `Reserva de Maria Associada em ${place.name}, amanhã às 18:00: ainda não é hora. A entrada abre amanhã às 17:30, 30 minutos antes do início.`,
    });

    const later = await booking(new Date(anchor.getTime() + minutes(180)));
    await context.db
      .update(appointments)
      .set({ status: 'CANCELLED', cancelledAt: anchor })
      .where(eq(appointments.id, later.id));
    const cancelled = await byCode(headers, company.id, checkInCodeOf(later.id));
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toBe(
      `Esta reserva foi cancelada: Maria Associada em ${place.name}, hoje às 17:00. Não há entrada a registrar.`,
    );

    const over = await booking(new Date(anchor.getTime() - minutes(120)));
    const ended = await byCode(headers, company.id, checkInCodeOf(over.id));
    expect(ended.statusCode).toBe(422);
    expect(ended.json().error).toBe('CheckInCodeEnded');
    const [row] = await context.db.select().from(appointments).where(eq(appointments.id, over.id));
    expect(row!.status).toBe('SCHEDULED');
  });

  it('keeps the check-in window, and finds only the club’s own bookings', async () => {
    const { company, booking, headersAt } = await scene();
    const later = await booking(new Date(anchor.getTime() + minutes(120)));
    const early = await byCode(await headersAt(anchor), company.id, checkInCodeOf(later.id));
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toBe('CheckInCodeNotYet');

    // Another club's front desk, with the code of this club's booking: not found, nothing changed.
    const other = await scene();
    const soon = await booking(new Date(anchor.getTime() + minutes(10)));
    const elsewhere = await byCode(
      await other.headersAt(anchor),
      other.company.id,
      checkInCodeOf(soon.id),
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error).toBe('CheckInCodeNotFound');
    // Naming this club from the other's desk is a 404 of the club itself.
    const foreign = await byCode(await other.headersAt(anchor), company.id, checkInCodeOf(soon.id));
    expect(foreign.statusCode).toBe(404);
    const [row] = await context.db.select().from(appointments).where(eq(appointments.id, soon.id));
    expect(row!.status).toBe('SCHEDULED');
  });

  it('says what a code looks like when it is malformed', async () => {
    const { company, headersAt } = await scene();
    const response = await byCode(await headersAt(anchor), company.id, 'abc');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('O código tem 8 letras e números');
  });
});

describe('PATCH /appointment/{id}/check-in', () => {
  it('opens 30 minutes before the start and closes at the end', async () => {
    const { booking, headersAt, staff } = await scene();
    const start = new Date(anchor.getTime() + minutes(60));
    const appointment = await booking(start);

    const early = await checkIn(
      await headersAt(new Date(start.getTime() - minutes(31))),
      appointment.id,
    );
    expect(early.statusCode).toBe(422);
    expect(early.json().error).toBe('CheckInNotOpen');

    const opened = new Date(start.getTime() - minutes(30));
    const response = await checkIn(await headersAt(opened), appointment.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'CHECKED_IN',
      checkedInAt: opened.toISOString(),
      noShowAt: null,
    });
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointment.id));
    expect(row).toMatchObject({ checkedInBy: staff.id });
    expect((await auditOf(appointment.id)).map((event) => event.action)).toEqual([
      'appointment.check-in',
    ]);

    const again = await checkIn(await headersAt(start), appointment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('AppointmentNotScheduled');
  });

  it('is refused once the booking has ended, and for a cancelled booking', async () => {
    const { booking, headersAt, staff } = await scene();
    const start = new Date(anchor.getTime() - minutes(60));
    const ended = await booking(start);
    const late = await checkIn(await headersAt(anchor), ended.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().error).toBe('CheckInNotOpen');

    const lastMinute = await checkIn(
      await headersAt(new Date(anchor.getTime() - minutes(1))),
      ended.id,
    );
    expect(lastMinute.statusCode).toBe(200);

    const cancelled = await booking(new Date(anchor.getTime() + minutes(120)));
    await context.db
      .update(appointments)
      .set({ status: 'CANCELLED', cancelledAt: anchor, cancelledBy: staff.id })
      .where(eq(appointments.id, cancelled.id));
    const refused = await checkIn(
      await headersAt(new Date(anchor.getTime() + minutes(100))),
      cancelled.id,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('AppointmentNotScheduled');
  });
});

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

describe('no-show suspension policy', () => {
  async function policyScene(policy: { count: number | null; windowDays: number; days: number }) {
    const s = await scene();
    await context.db
      .update(companies)
      .set({
        noShowSuspensionCount: policy.count,
        noShowWindowDays: policy.windowDays,
        noShowSuspensionDays: policy.days,
      })
      .where(eq(companies.id, s.company.id));
    return s;
  }

  it('suspends on the Nth no-show within the window: not before, not counting older ones', async () => {
    const { booking, headersAt, associate } = await policyScene({
      count: 2,
      windowDays: 10,
      days: 7,
    });
    const outside = await booking(new Date(anchor.getTime() - days(12)));
    const inside = await booking(new Date(anchor.getTime() - days(5)));
    const today = await booking(new Date(anchor.getTime() - minutes(60)));
    const headers = await headersAt(anchor);

    expect((await noShow(headers, outside.id)).json().titleSuspendedUntil).toBeNull();
    // One no-show in the window (the other started 12 days ago): not yet.
    expect((await noShow(headers, inside.id)).json().titleSuspendedUntil).toBeNull();
    expect(
      await context.db
        .select()
        .from(titleSuspensions)
        .where(eq(titleSuspensions.associateTitleId, associate.associateTitleId)),
    ).toEqual([]);

    const response = await noShow(headers, today.id);
    const until = new Date(anchor.getTime() + days(7)).toISOString();
    expect(response.json().titleSuspendedUntil).toBe(until);
    const rows = await context.db
      .select()
      .from(titleSuspensions)
      .where(eq(titleSuspensions.associateTitleId, associate.associateTitleId));
    expect(rows).toMatchObject([{ cause: 'no-shows', endsAt: new Date(until), liftedAt: null }]);
    const events = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, associate.associateTitleId),
          eq(auditEvents.action, 'associate-title.suspend'),
        ),
      );
    expect(events).toHaveLength(1);
  });

  it('is off by default', async () => {
    const { booking, headersAt, associate } = await scene();
    const headers = await headersAt(anchor);
    for (const offset of [1, 2, 3, 4]) {
      const appointment = await booking(new Date(anchor.getTime() - days(offset)));
      expect((await noShow(headers, appointment.id)).json().titleSuspendedUntil).toBeNull();
    }
    expect(
      await context.db
        .select()
        .from(titleSuspensions)
        .where(eq(titleSuspensions.associateTitleId, associate.associateTitleId)),
    ).toEqual([]);
  });

  it('refuses bookings with TitleSuspended and the end date; lifted early, the title books again', async () => {
    const { booking, headersAt, associate, place, staff } = await policyScene({
      count: 1,
      windowDays: 30,
      days: 3,
    });
    const missed = await booking(new Date(anchor.getTime() - minutes(60)));
    const headers = await headersAt(anchor);
    expect((await noShow(headers, missed.id)).statusCode).toBe(200);

    const body = bodyOf(associate, place, clubInstant('2026-06-11', '10:00', timezone));
    const checked = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment/check',
      headers,
      payload: body,
    });
    const until = new Date(anchor.getTime() + days(3)).toISOString();
    expect(checked.json().failures).toEqual([
      {
        code: 'TitleSuspended',
        message: 'O título está suspenso por faltas até 13/06/2026.',
        params: { endDate: '13/06/2026' },
        until,
        from: '2026-06-13',
      },
    ]);
    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers,
      payload: body,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'TitleSuspended', details: { until } });

    const summary = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/associate/id/${associate.id}/appointments-summary`,
      headers,
    });
    expect(summary.json().suspension).toMatchObject({ cause: 'no-shows', endsAt: until });

    const lifted = await lift(headers, associate.associateTitleId);
    expect(lifted.statusCode).toBe(200);
    expect(lifted.json()).toEqual({ lifted: 1 });
    const [row] = await context.db
      .select()
      .from(titleSuspensions)
      .where(eq(titleSuspensions.associateTitleId, associate.associateTitleId));
    expect(row).toMatchObject({ liftedBy: staff.id, liftedAt: anchor });
    const booked = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers,
      payload: body,
    });
    expect(booked.statusCode).toBe(201);
    const none = await lift(headers, associate.associateTitleId);
    expect(none.statusCode).toBe(404);
    expect(none.json().error).toBe('SuspensionNotFound');
  });

  it('the suspension ends by itself at its end', async () => {
    const { booking, headersAt, associate, place } = await policyScene({
      count: 1,
      windowDays: 30,
      days: 1,
    });
    const missed = await booking(new Date(anchor.getTime() - minutes(60)));
    expect((await noShow(await headersAt(anchor), missed.id)).statusCode).toBe(200);
    const headers = await headersAt(new Date(anchor.getTime() + days(1)));
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers,
      payload: bodyOf(associate, place, clubInstant('2026-06-12', '10:00', timezone)),
    });
    expect(response.statusCode).toBe(201);
  });

  it('undoing the no-show that caused a suspension lifts it', async () => {
    const { booking, headersAt, associate } = await policyScene({
      count: 1,
      windowDays: 30,
      days: 3,
    });
    const missed = await booking(new Date(anchor.getTime() - minutes(60)));
    const headers = await headersAt(anchor);
    expect((await noShow(headers, missed.id)).json().titleSuspendedUntil).not.toBeNull();
    expect((await undo(headers, missed.id)).statusCode).toBe(200);
    const [row] = await context.db
      .select()
      .from(titleSuspensions)
      .where(eq(titleSuspensions.associateTitleId, associate.associateTitleId));
    expect(row?.liftedAt).toEqual(anchor);
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

describe('tenant isolation', () => {
  it("another club's staff get 404 for every front-desk action", async () => {
    const { booking, associate, company } = await scene();
    const appointment = await booking(anchor);
    // A suspension in force, so only the club check can answer 404 to the lift.
    await context.db.insert(titleSuspensions).values({
      companyId: company.id,
      associateTitleId: associate.associateTitleId,
      startsAt: anchor,
      endsAt: new Date(anchor.getTime() + days(3)),
      reason: '2 faltas em 30 dias',
      cause: 'no-shows',
    });
    const stranger = await createClubWithStaff(context.db, { name: 'Outro' });
    const headers = await at(new Date(anchor.getTime() + minutes(20)), stranger.staff.cpf);
    for (const response of [
      await checkIn(headers, appointment.id),
      await noShow(headers, appointment.id),
      await undo(headers, appointment.id),
      await lift(headers, associate.associateTitleId),
    ])
      expect(response.statusCode).toBe(404);
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, appointment.id));
    expect(row?.status).toBe('SCHEDULED');
    const [suspension] = await context.db
      .select()
      .from(titleSuspensions)
      .where(eq(titleSuspensions.associateTitleId, associate.associateTitleId));
    expect(suspension?.liftedAt).toBeNull();
  });
});

describe('club settings: the no-show policy', () => {
  it('reads and updates the policy; 0 turns the suspension off', async () => {
    const { company, headersAt } = await scene();
    const headers = await headersAt(anchor);
    const url = `/api/backoffice/company/${company.id}`;
    const base = { name: company.name, timezone };
    const updated = await patch(headers, url, {
      ...base,
      noShowToleranceMinutes: 20,
      noShowSuspensionCount: 3,
      noShowWindowDays: 15,
      noShowSuspensionDays: 10,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      noShowToleranceMinutes: 20,
      noShowSuspensionCount: 3,
      noShowWindowDays: 15,
      noShowSuspensionDays: 10,
    });
    const off = await patch(headers, url, { ...base, noShowSuspensionCount: 0 });
    expect(off.json()).toMatchObject({ noShowSuspensionCount: null, noShowToleranceMinutes: 20 });
    const invalid = await patch(headers, url, { ...base, noShowWindowDays: 0 });
    expect(invalid.statusCode).toBe(400);
  });
});
