import { appointments, auditEvents } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { build } from '../../helper';
import { appointmentScene } from './appointments-scene';

const context = build();
const { scene, book, cancel } = appointmentScene(context);

describe('PATCH /api/backoffice/appointment/cancel/{id}', () => {
  it('cancels, keeping the row with who and when, and audits it', async () => {
    const { headers, bodyFor, day, staff } = await scene();
    const created = (await book(headers, bodyFor(day(3), '12:00'))).json();
    const response = await cancel(headers, created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, status: 'CANCELLED' });
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, created.id));
    expect(row).toMatchObject({ status: 'CANCELLED', cancelledBy: staff.id });
    expect(row!.cancelledAt).toBeInstanceOf(Date);
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, created.id));
    expect(audit.map((event) => event.action).sort()).toEqual([
      'appointment.cancel',
      'appointment.create',
    ]);
    // The slot is free again; cancelling twice finds nothing to cancel.
    expect((await book(headers, bodyFor(day(3), '12:00'))).statusCode).toBe(201);
    expect((await cancel(headers, created.id)).json().error).toBe('AppointmentNotFound');
  });

  it('keeps the reason staff give on the booking and in the audit', async () => {
    const { headers, bodyFor, day } = await scene();
    const created = (await book(headers, bodyFor(day(3), '12:00'))).json();
    const response = await cancel(headers, created.id, { reason: '  Quadra em reforma ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'CANCELLED',
      cancellationReason: 'Quadra em reforma',
    });
    const [event] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, 'appointment.cancel')),
      );
    expect(event!.data).toMatchObject({
      reason: 'Quadra em reforma',
      after: { status: 'CANCELLED', cancellationReason: 'Quadra em reforma' },
    });
  });

  it('refuses without a reason, with a clear body, and keeps the booking', async () => {
    const { headers, bodyFor, day } = await scene();
    const created = (await book(headers, bodyFor(day(3), '12:00'))).json();
    for (const payload of [{}, { reason: '   ' }]) {
      const response = await cancel(headers, created.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'CancellationReasonRequired',
        message: 'Informe o motivo do cancelamento.',
        details: [{ in: 'body', path: 'reason' }],
      });
    }
    const bare = await context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/appointment/cancel/${created.id}`,
      headers,
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toBe('CancellationReasonRequired');
    const long = await cancel(headers, created.id, { reason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: 'ValidationError',
      details: [{ path: 'reason', message: 'Máximo 200 caracteres' }],
    });
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, created.id));
    expect(row!.status).toBe('SCHEDULED');
  });

  it('refuses once fewer than maxCancelBookingTime hours remain', async () => {
    const { headers, bodyFor, day } = await scene({ maxCancelBookingTime: 24 * 10 });
    const created = (await book(headers, bodyFor(day(3), '12:00'))).json();
    const response = await cancel(headers, created.id);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('MaxCancelBookingTimeMissed');
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, created.id));
    expect(row!.status).toBe('SCHEDULED');
  });

  it('answers AppointmentNotFound for an unknown id or one of another club', async () => {
    const mine = await scene();
    const theirs = await scene();
    const created = (await book(theirs.headers, theirs.bodyFor(theirs.day(3), '12:00'))).json();
    const response = await cancel(mine.headers, created.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('AppointmentNotFound');
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, created.id));
    expect(row!.status).toBe('SCHEDULED');
    expect((await cancel(mine.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });
});
