import { appointments, titleSuspensions } from '@clube/db';
import { checkInCodeOf } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClubWithStaff } from '../../factories';
import { build } from '../../helper';
import { frontDeskScene, minutes, days, anchor, type Headers } from './front-desk-scene';

const context = build();
const { at, scene, checkIn, noShow, undo, lift, auditOf } = frontDeskScene(context);
afterEach(() => vi.useRealTimers());

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
