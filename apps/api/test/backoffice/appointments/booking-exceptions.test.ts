import { associates, categories, outboxMessages, titleSuspensions } from '@clube/db';
import { auditListSchema, daySheetSchema, type StaffRole } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addStaff,
  bearerFor,
  createAppointment,
  createAssociate,
  createBlockedTime,
  createBookingScene,
  createUser,
} from '../../factories';
import { build } from '../../helper';

/**
 * Exceptions with a reason (docs/domain.md, "Exceptions"): administrators and the front desk book
 * despite the rules a club may waive, never over a taken, blocked or past slot, and only with a
 * written reason; past the deadline, a cancellation needs one too.
 */

const context = build();
const reason = 'Torneio interno autorizado pela diretoria';

type Scene = Awaited<ReturnType<typeof createBookingScene>>;
type Body = ReturnType<Scene['bodyFor']>;

const book = (scene: Scene, body: Body) =>
  context.app.inject({
    method: 'POST',
    url: '/api/backoffice/appointment',
    headers: scene.headers,
    payload: body,
  });

const bookAsException = (
  scene: Scene,
  body: Body & { reason?: string },
  headers: Record<string, string> = scene.headers,
) =>
  context.app.inject({
    method: 'POST',
    url: '/api/backoffice/appointment/exception',
    headers,
    payload: body,
  });

async function headersOfRole(scene: Scene, role: StaffRole) {
  const user = await createUser(context.db, { name: `Equipe ${role}` });
  await addStaff(context.db, scene.company.id, user.id, role);
  return bearerFor(context.app, user.cpf);
}

async function auditOf(scene: Scene, action: string) {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/backoffice/audit',
    headers: scene.headers,
    query: { companyId: scene.company.id, action },
  });
  expect(response.statusCode).toBe(200);
  return auditListSchema.parse(response.json()).items;
}

/** A scene whose place allows one booking a month, that booking already made. */
async function sceneWithQuotaUsed() {
  const scene = await createBookingScene(context.app, { associateReservationLimit: 1 });
  expect((await book(scene, scene.bodyFor(scene.day(2), '10:00'))).statusCode).toBe(201);
  return scene;
}

describe('booking as an exception', () => {
  it('is refused without a reason, or with a blank one', async () => {
    const scene = await sceneWithQuotaUsed();
    const body = scene.bodyFor(scene.day(2), '11:00');
    for (const payload of [body, { ...body, reason: '' }, { ...body, reason: '   \n ' }]) {
      const response = await bookAsException(scene, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'ExceptionReasonRequired',
        message: 'Informe o motivo da exceção.',
      });
    }
    const tooLong = await bookAsException(scene, { ...body, reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toBe('ValidationError');
  });

  it('waives the monthly quota, keeps the trimmed reason and counts toward the quota', async () => {
    const scene = await sceneWithQuotaUsed();
    // Same club-local day, so the same month whatever today is.
    const body = scene.bodyFor(scene.day(2), '11:00');
    expect((await book(scene, body)).json().error).toBe('ReservationsLimitReached');

    const response = await bookAsException(scene, { ...body, reason: `  ${reason}  ` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ status: 'SCHEDULED', exceptionReason: reason });

    // Two bookings this month now: the "why not?" check counts the exception like any other.
    const check = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment/check',
      headers: scene.headers,
      payload: scene.bodyFor(scene.day(2), '12:00'),
    });
    expect(check.json().quota).toEqual({ used: 2, limit: 1 });
  });

  it('counts toward the quota of a booking within the rules made afterwards', async () => {
    // The quota is free; the exception waives the member's age, and uses the title's one booking.
    const scene = await createBookingScene(context.app, {
      associateReservationLimit: 1,
      ageRestriction: 18,
    });
    const child = await createAssociate(context.db, scene.company.id, {
      name: 'Criança do Título',
      birthDate: '2016-01-01',
      associateTitleId: scene.associate.associateTitleId,
      isHolder: false,
    });
    const childBody = scene.bodyFor(scene.day(2), '10:00', child);
    expect((await book(scene, childBody)).json().error).toBe('AgeRestriction');
    expect((await bookAsException(scene, { ...childBody, reason })).statusCode).toBe(201);

    const holder = await book(scene, scene.bodyFor(scene.day(2), '11:00'));
    expect(holder.statusCode).toBe(422);
    expect(holder.json().error).toBe('ReservationsLimitReached');
  });

  it('waives the booking window, the waiting period and a title suspension', async () => {
    const window = await createBookingScene(context.app, { availableBookingDays: 2 });
    const far = window.bodyFor(window.day(6), '10:00');
    expect((await book(window, far)).json().error).toBe('AvailableBookingDaysMissed');
    expect((await bookAsException(window, { ...far, reason })).statusCode).toBe(201);

    const sameDay = await createBookingScene(context.app);
    await context.db
      .update(categories)
      .set({ blockedAppointmentDay: true, notAppointmentPreviousDayTime: true })
      .where(eq(categories.id, sameDay.place.categoryId));
    expect((await book(sameDay, sameDay.bodyFor(sameDay.day(2), '10:00'))).statusCode).toBe(201);
    for (const body of [
      sameDay.bodyFor(sameDay.day(2), '15:00'),
      sameDay.bodyFor(sameDay.day(3), '10:00'),
    ]) {
      expect((await book(sameDay, body)).json().error).toBe('WaitingPeriodRequired');
      expect((await bookAsException(sameDay, { ...body, reason })).statusCode).toBe(201);
    }

    const suspended = await createBookingScene(context.app);
    const now = Date.now();
    await context.db.insert(titleSuspensions).values({
      companyId: suspended.company.id,
      associateTitleId: suspended.associate.associateTitleId,
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 10 * 24 * 60 * 60_000),
      reason: 'Faltas',
      cause: 'no-shows',
    });
    const body = suspended.bodyFor(suspended.day(2), '10:00');
    expect((await book(suspended, body)).json().error).toBe('TitleSuspended');
    expect((await bookAsException(suspended, { ...body, reason })).statusCode).toBe(201);
  });

  it('never books over a taken, blocked or past slot, nor for a blocked member', async () => {
    const scene = await createBookingScene(context.app, { associateReservationLimit: 1 });
    const other = await createAssociate(context.db, scene.company.id, { name: 'Outro Sócio' });
    await createAppointment(context.db, {
      place: scene.place,
      associate: other,
      startsAt: scene.at(scene.day(2), '10:00'),
      endsAt: scene.at(scene.day(2), '11:00'),
    });
    await createBlockedTime(context.db, scene.place, {
      startsAt: scene.at(scene.day(2), '14:00'),
      endsAt: scene.at(scene.day(2), '16:00'),
    });
    const taken = await bookAsException(scene, {
      ...scene.bodyFor(scene.day(2), '10:00'),
      reason,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('TimeAlreadyTaken');

    const blocked = await bookAsException(scene, {
      ...scene.bodyFor(scene.day(2), '14:00'),
      reason,
    });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().error).toBe('TimeNotAvailable');

    const past = await bookAsException(scene, {
      ...scene.bodyFor(scene.day(-1), '10:00'),
      reason,
    });
    expect(past.statusCode).toBe(422);
    expect(past.json().error).toBe('TimeNotAvailable');

    const blockedMember = await createAssociate(context.db, scene.company.id, {
      name: 'Sócio Bloqueado',
      blocked: true,
    });
    const refused = await bookAsException(scene, {
      ...scene.bodyFor(scene.day(3), '10:00', blockedMember),
      reason,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('AssociateBlocked');
    // Only the hard rules are listed: nothing the exception would have waived.
    expect(
      refused.json().details.failures.map((failure: { code: string }) => failure.code),
    ).toEqual(['AssociateBlocked']);
  });

  it('is a booking like any other when no rule needed waiving', async () => {
    const scene = await createBookingScene(context.app);
    const response = await bookAsException(scene, {
      ...scene.bodyFor(scene.day(2), '10:00'),
      reason,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().exceptionReason).toBeNull();
    expect(await auditOf(scene, 'appointment.create-exception')).toEqual([]);
  });

  it('tells the member, by e-mail and in Avisos, as any booking staff make', async () => {
    const scene = await sceneWithQuotaUsed();
    await context.db
      .update(associates)
      .set({ email: 'maria@exemplo.com' })
      .where(eq(associates.id, scene.associate.id));
    const response = await bookAsException(scene, {
      ...scene.bodyFor(scene.day(2), '11:00'),
      reason,
    });
    expect(response.statusCode).toBe(201);
    const messages = await context.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.associateId, scene.associate.id))
      .orderBy(outboxMessages.createdAt);
    // The first booking's confirmation (within the rules), then the exception's.
    expect(messages).toHaveLength(2);
    const confirmation = messages[1]!;
    expect(confirmation).toMatchObject({
      kind: 'booking-confirmed',
      recipient: 'maria@exemplo.com',
      status: 'pending',
    });
    expect(confirmation.textBody).toContain('A equipe do clube fez esta reserva:');
    expect(confirmation.attachments[0]?.filename).toBe('reserva.ics');
  });

  it('is open to Recepção and forbidden to Consulta', async () => {
    const scene = await sceneWithQuotaUsed();
    const body = { ...scene.bodyFor(scene.day(2), '11:00'), reason };
    const consulta = await bookAsException(scene, body, await headersOfRole(scene, 'consulta'));
    expect(consulta.statusCode).toBe(403);
    expect(consulta.json().error).toBe('PermissionDenied');
    const recepcao = await bookAsException(scene, body, await headersOfRole(scene, 'recepcao'));
    expect(recepcao.statusCode).toBe(201);
  });

  it('is recorded with its reason in the audit, the list and the day sheet', async () => {
    const scene = await sceneWithQuotaUsed();
    const body = scene.bodyFor(scene.day(2), '11:00');
    const created = await bookAsException(scene, { ...body, reason });
    expect(created.statusCode).toBe(201);

    const [entry] = await auditOf(scene, 'appointment.create-exception');
    expect(entry).toMatchObject({
      entityId: created.json().id,
      actor: { kind: 'staff', id: scene.staff.id },
      details: { reason, waived: ['ReservationsLimitReached'] },
    });

    const list = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/appointment',
      headers: scene.headers,
      query: { associateId: scene.associate.id },
    });
    expect(
      list.json().items.map((item: { exceptionReason: string | null }) => item.exceptionReason),
    ).toEqual([null, reason]);

    const sheet = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/day-sheet',
      headers: scene.headers,
      query: { companyId: scene.company.id, date: scene.day(2) },
    });
    const cells = daySheetSchema.parse(sheet.json()).categories[0]!.places[0]!.cells;
    expect(cells.find((cell) => cell.time === '11:00')?.appointment?.exceptionReason).toBe(reason);
  });
});

describe('cancelling as an exception', () => {
  /** A booking two hours ahead at a place whose deadline is a day before the start. */
  async function bookingPastDeadline() {
    const scene = await createBookingScene(context.app, { maxCancelBookingTime: 24 });
    const startsAt = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 3_600_000) * 3_600_000);
    const appointment = await createAppointment(context.db, {
      place: scene.place,
      associate: scene.associate,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
    });
    return { scene, appointment };
  }

  const cancel = (scene: Scene, id: string, suffix = '', payload?: object) =>
    context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/appointment/cancel/${id}${suffix}`,
      headers: scene.headers,
      ...(payload ? { payload } : {}),
    });

  it('past the deadline, needs the exception and its reason', async () => {
    const { scene, appointment } = await bookingPastDeadline();
    const plain = await cancel(scene, appointment.id, '', { reason });
    expect(plain.statusCode).toBe(422);
    expect(plain.json().error).toBe('MaxCancelBookingTimeMissed');

    const blank = await cancel(scene, appointment.id, '/exception', { reason: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('ExceptionReasonRequired');

    const response = await cancel(scene, appointment.id, '/exception', { reason });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('CANCELLED');
    const [entry] = await auditOf(scene, 'appointment.cancel-exception');
    expect(entry).toMatchObject({
      entityId: appointment.id,
      details: { reason, waived: ['MaxCancelBookingTimeMissed'] },
    });
  });

  it('before the deadline, is a cancellation like any other', async () => {
    const scene = await createBookingScene(context.app, { maxCancelBookingTime: 1 });
    const created = await book(scene, scene.bodyFor(scene.day(3), '10:00'));
    const response = await cancel(scene, created.json().id, '/exception', { reason });
    expect(response.statusCode).toBe(200);
    expect(await auditOf(scene, 'appointment.cancel-exception')).toEqual([]);
    expect(await auditOf(scene, 'appointment.cancel')).toHaveLength(1);
  });
});
