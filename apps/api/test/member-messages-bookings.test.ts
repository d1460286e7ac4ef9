import { auditEvents } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { bookingCalendar } from '../src/services/messages/member-messages';
import { createAppointment } from './factories';
import { memberMessagesScene, publicUrl } from './member-messages-scene';

const { context, smtp, sender, call, scene, deliver, rowsOf } = memberMessagesScene();

describe('booking confirmed', () => {
  it('reaches the member and the family member who booked, with text, HTML and a calendar file', async () => {
    const s = await scene();
    const startsAt = s.at(s.day(3), '10:00');
    const response = await call('POST', '/api/portal/bookings', s.holderSession.headers, {
      placeId: s.place.id,
      startsAt: startsAt.toISOString(),
      associateId: s.dependent.id,
    });
    expect(response.statusCode).toBe(201);
    const mails = await deliver(2);
    const toDavi = mails.get('davi@familia.test')!;
    const toHelena = mails.get('helena@familia.test')!;
    const date = s.day(3).split('-').reverse().join('/');
    expect(toDavi.subject).toBe(
      `Reserva confirmada: Quadra de Tênis, ${date}, 10:00 — Clube Náutico`,
    );
    expect(toDavi.text).toContain('Olá, Davi!');
    expect(toDavi.text).toContain('Sua reserva está confirmada:');
    expect(toDavi.text).toContain(`Quadra de Tênis, ${date}, 10:00–11:00.`);
    expect(toDavi.text).toContain(`Ver minhas reservas: ${publicUrl}/portal/reservas`);
    expect(toDavi.text).toContain('— Clube Náutico');
    expect(toDavi.html).toContain(`href="${publicUrl}/portal/reservas"`);
    expect(toDavi.html).toContain('Clube Náutico');
    expect(toHelena.text).toContain('A reserva que você fez está confirmada:');
    expect(toHelena.text).toContain(
      `Quadra de Tênis, ${date}, 10:00–11:00 (reserva de Davi Dependente).`,
    );

    const [attachment] = toDavi.attachments;
    expect(attachment).toMatchObject({ filename: 'reserva.ics' });
    expect(attachment!.contentType).toBe('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(attachment!.content.toString('utf8')));
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.startDate.toJSDate().toISOString()).toBe(startsAt.toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(
      new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
    );
    expect(event.summary).toBe('Quadra de Tênis — Clube Náutico');
    expect(event.location).toBe('Quadra de Tênis, Clube Náutico');
    expect(event.uid).toBe(`${response.json<{ id: string }>().id}@clube-reservas`);
  });

  it('is e-mailed for a staff booking even to a member who switched confirmations off', async () => {
    const s = await scene();
    const off = await call('PUT', '/api/portal/me/notifications', s.holderSession.headers, {
      ownBookings: false,
      reminders: true,
    });
    expect(off.statusCode).toBe(200);
    const startsAt = s.at(s.day(2), '15:00');
    const response = await call('POST', '/api/backoffice/appointment', s.staffHeaders, {
      associateId: s.holder.id,
      placeId: s.place.id,
      cardId: s.holder.cardId,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
    });
    expect(response.statusCode).toBe(201);
    const mail = (await deliver(1)).get('helena@familia.test')!;
    expect(mail.text).toContain('A equipe do clube fez esta reserva:');
    expect(mail.attachments[0]!.filename).toBe('reserva.ics');
  });
});

describe('the calendar file', () => {
  it("is made whatever the server's public address (a local one with a port the OS chose)", () => {
    const row = {
      id: '11111111-1111-4111-8111-111111111111',
      placeName: 'Quadra 1',
      clubName: 'Clube',
      forMember: { name: 'Ana Lima' },
      startsAt: new Date('2030-03-01T13:00:00Z'),
      endsAt: new Date('2030-03-01T14:00:00Z'),
    } as unknown as Parameters<typeof bookingCalendar>[0];
    for (const address of ['http://127.0.0.1:0', 'http://localhost:3000', 'http://clube']) {
      const calendar = new ICAL.Component(ICAL.parse(bookingCalendar(row, address)));
      const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
      expect(event.summary).toBe('Quadra 1 — Clube');
      expect(event.description).toContain(`${address}/portal/reservas`);
    }
  });
});

describe('a booking cancelled by staff', () => {
  it('tells the member the reason staff gave, and keeps it in the audit', async () => {
    const s = await scene();
    const booking = await createAppointment(context.db, {
      place: s.place,
      associate: s.holder,
      startsAt: s.at(s.day(6), '10:00'),
      endsAt: s.at(s.day(6), '11:00'),
    });
    const reason = 'Chuva forte: quadra <alagada>';
    const response = await call(
      'PATCH',
      `/api/backoffice/appointment/cancel/${booking.id}`,
      s.staffHeaders,
      { reason },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ cancellationReason: reason });
    const mail = (await deliver(1)).get('helena@familia.test')!;
    const date = s.day(6).split('-').reverse().join('/');
    expect(mail.subject).toBe(
      `Reserva alterada pelo clube: Quadra de Tênis, ${date}, 10:00 — Clube Náutico`,
    );
    expect(mail.text).toContain(
      `Quadra de Tênis, ${date}, 10:00–11:00: cancelada. Motivo: ${reason}.`,
    );
    expect(mail.text).not.toContain('cancelamento feito pela equipe do clube');
    expect(mail.html).toContain('Motivo: Chuva forte: quadra &lt;alagada&gt;.');
    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, booking.id), eq(auditEvents.action, 'appointment.cancel')),
      );
    expect(audit!.data).toMatchObject({ reason, after: { cancellationReason: reason } });
  });
});

describe('a member’s choices in Conta', () => {
  it('keep the confirmation of their own booking out of e-mail, but in Avisos; a club cancellation always goes out', async () => {
    const s = await scene();
    expect(
      (await call('GET', '/api/portal/me/notifications', s.holderSession.headers)).json(),
    ).toEqual({
      ownBookings: true,
      reminders: true,
    });
    await call('PUT', '/api/portal/me/notifications', s.holderSession.headers, {
      ownBookings: false,
      reminders: false,
    });
    expect(
      (await call('GET', '/api/portal/me/notifications', s.holderSession.headers)).json(),
    ).toEqual({
      ownBookings: false,
      reminders: false,
    });
    const booked = await call('POST', '/api/portal/bookings', s.holderSession.headers, {
      placeId: s.place.id,
      startsAt: s.at(s.day(4), '09:00').toISOString(),
    });
    expect(booked.statusCode).toBe(201);
    while ((await sender.runOnce()) > 0);
    expect(smtp.received).toHaveLength(0);
    const [notice] = await rowsOf(s.holder.id);
    expect(notice).toMatchObject({ kind: 'booking-confirmed', status: 'notice', recipient: '' });

    const cancelled = await call(
      'PATCH',
      `/api/backoffice/appointment/cancel/${booked.json<{ id: string }>().id}`,
      s.staffHeaders,
      { reason: 'Quadra interditada para reparo' },
    );
    expect(cancelled.statusCode).toBe(200);
    const mail = (await deliver(1)).get('helena@familia.test')!;
    expect(mail.subject).toBe(
      `Reserva alterada pelo clube: Quadra de Tênis, ${s.day(4).split('-').reverse().join('/')}, 09:00 — Clube Náutico`,
    );
    expect(mail.text).toContain('cancelada. Motivo: Quadra interditada para reparo.');
  });

  it('refuses a body without both choices, with a clear error', async () => {
    const s = await scene();
    const response = await call('PUT', '/api/portal/me/notifications', s.holderSession.headers, {
      ownBookings: 'sim',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });
});
