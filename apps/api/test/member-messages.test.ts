import { appointments, associates, auditEvents, companies, outboxMessages } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { JobRunner } from '../src/lib/jobs/runner';
import { createOutboxSender } from '../src/lib/mail/outbox-sender';
import { createMailTransport } from '../src/lib/mail/transport';
import { bookingCalendar, queueDueReminders } from '../src/services/messages/member-messages';
import { createAppointment, createAssociate, createPortalScene } from './factories';
import { build } from './helper';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';

/**
 * The messages a member hears from their club, through a real SMTP server: booking confirmed
 * (with its calendar file), the reminder, the suspension for no-shows, the club's cancellation;
 * the member's choices in Conta; and the portal's Avisos.
 */
const publicUrl = 'https://reservas.clube.test';
const context = build({ publicUrl });
let smtp: SmtpTestServer;
let sender: JobRunner;
let transport: ReturnType<typeof createMailTransport>;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  transport = createMailTransport({ smtpUrl: smtp.url, from: 'Clube <reservas@clube.test>' });
  sender = createOutboxSender(context.db, {
    transport,
    log: { info() {}, warn() {}, error() {} },
  });
});
beforeEach(async () => {
  await context.db.delete(outboxMessages);
  smtp.received.length = 0;
});
afterAll(async () => {
  if (transport.kind === 'smtp') transport.close();
  await smtp.close();
});

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  headers: Headers,
  payload?: object,
) => context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** A family (Helena, the holder, and Davi) with addresses, and a neighbour, signed in. */
async function scene() {
  const s = await createPortalScene(context.app, { name: 'Quadra de Tênis' });
  await context.db
    .update(companies)
    .set({ name: 'Clube Náutico' })
    .where(eq(companies.id, s.company.id));
  await context.db
    .update(associates)
    .set({ email: 'helena@familia.test' })
    .where(eq(associates.id, s.holder.id));
  await context.db
    .update(associates)
    .set({ email: 'davi@familia.test' })
    .where(eq(associates.id, s.dependent.id));
  return s;
}

/** Sends everything queued and answers what the SMTP server received, by address. */
async function deliver(expected: number): Promise<Map<string, ParsedMail>> {
  while ((await sender.runOnce()) > 0);
  const mails = await smtp.waitForMessages(expected);
  expect(mails).toHaveLength(expected);
  return new Map(
    mails.map((mail) => [mail.to && !Array.isArray(mail.to) ? mail.to.text : '', mail]),
  );
}

const rowsOf = (associateId: string) =>
  context.db.select().from(outboxMessages).where(eq(outboxMessages.associateId, associateId));

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

describe('the reminder', () => {
  // The job looks at every club: only this test's club asks for reminders.
  beforeEach(async () => {
    await context.db.update(companies).set({ reminderHours: null });
  });

  it('is queued once per member and booking, however many times or processes look', async () => {
    const s = await scene();
    await context.db
      .update(companies)
      .set({ reminderHours: 24 })
      .where(eq(companies.id, s.company.id));
    const now = new Date();
    const booking = await createAppointment(context.db, {
      place: s.place,
      associate: s.dependent,
      startsAt: new Date(now.getTime() + 5 * 3_600_000),
      endsAt: new Date(now.getTime() + 6 * 3_600_000),
    });
    // Booked three days ago by the holder, for Davi: both hear of it.
    await context.db
      .update(appointments)
      .set({
        createdAt: new Date(now.getTime() - 3 * 86_400_000),
        createdByAssociateId: s.holder.id,
      })
      .where(eq(appointments.id, booking.id));
    // Made an hour ago, inside the window: no reminder.
    const late = await createAppointment(context.db, {
      place: s.place,
      associate: s.neighbour,
      startsAt: new Date(now.getTime() + 7 * 3_600_000),
      endsAt: new Date(now.getTime() + 8 * 3_600_000),
    });
    await context.db
      .update(appointments)
      .set({ createdAt: new Date(now.getTime() - 3_600_000) })
      .where(eq(appointments.id, late.id));

    const looks = await Promise.all([
      queueDueReminders(context.db, { publicUrl, now }),
      queueDueReminders(context.db, { publicUrl, now }),
    ]);
    expect(looks.reduce((sum, queued) => sum + queued, 0)).toBe(2);
    expect(await queueDueReminders(context.db, { publicUrl, now })).toBe(0);
    const mails = await deliver(2);
    const toDavi = mails.get('davi@familia.test')!;
    expect(toDavi.subject).toMatch(
      /^Lembrete da sua reserva: Quadra de Tênis, \d\d\/\d\d\/\d{4}, \d\d:\d\d — Clube Náutico$/,
    );
    expect(toDavi.text).toContain('Lembrete da reserva:');
    expect(toDavi.text).toContain('Quadra de Tênis, ');
    expect(mails.get('helena@familia.test')!.text).toContain('(reserva de Davi Dependente)');
    expect(await rowsOf(s.neighbour.id)).toHaveLength(0);
  });

  it('is off by default, and kept out of e-mail for a member who switched reminders off', async () => {
    const s = await scene();
    const now = new Date();
    const booking = await createAppointment(context.db, {
      place: s.place,
      associate: s.holder,
      startsAt: new Date(now.getTime() + 5 * 3_600_000),
      endsAt: new Date(now.getTime() + 6 * 3_600_000),
    });
    await context.db
      .update(appointments)
      .set({ createdAt: new Date(now.getTime() - 3 * 86_400_000) })
      .where(eq(appointments.id, booking.id));
    expect(await queueDueReminders(context.db, { publicUrl, now })).toBe(0);

    await context.db
      .update(companies)
      .set({ reminderHours: 12 })
      .where(eq(companies.id, s.company.id));
    await call('PUT', '/api/portal/me/notifications', s.holderSession.headers, {
      ownBookings: true,
      reminders: false,
    });
    expect(await queueDueReminders(context.db, { publicUrl, now })).toBe(1);
    const [row] = await rowsOf(s.holder.id);
    expect(row).toMatchObject({ kind: 'booking-reminder', status: 'notice' });
  });
});

describe('a suspension for no-shows', () => {
  it('tells every member of the title until when and why', async () => {
    const s = await scene();
    await context.db
      .update(companies)
      .set({ noShowSuspensionCount: 1, noShowSuspensionDays: 7 })
      .where(eq(companies.id, s.company.id));
    const startsAt = new Date(Date.now() - 2 * 3_600_000);
    const booking = await createAppointment(context.db, {
      place: s.place,
      associate: s.holder,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
    });
    const response = await call(
      'PATCH',
      `/api/backoffice/appointment/${booking.id}/no-show`,
      s.staffHeaders,
    );
    expect(response.statusCode).toBe(200);
    const until = response.json<{ titleSuspendedUntil: string }>().titleSuspendedUntil;
    expect(until).toBeTruthy();
    const mails = await deliver(2);
    const toHelena = mails.get('helena@familia.test')!;
    expect(toHelena.subject).toMatch(
      /^Reservas suspensas até \d\d\/\d\d\/\d{4}, \d\d:\d\d — Clube Náutico$/,
    );
    expect(toHelena.text).toMatch(
      /O título da sua família está suspenso para novas reservas até \d\d\/\d\d\/\d{4}, \d\d:\d\d\./,
    );
    expect(toHelena.text).toContain(
      'Motivo: 1 faltas em 30 dias (faltas em reservas sem cancelamento).',
    );
    expect(toHelena.text).toContain(`Abrir o portal: ${publicUrl}/portal/inicio`);
    expect(mails.get('davi@familia.test')!.subject).toBe(toHelena.subject);
  });
});

describe('Avisos', () => {
  it('lists only the member’s own notices of their club, newest first, even without an address', async () => {
    const s = await scene();
    // The neighbour has no address: the confirmation is a notice only.
    const booked = await call('POST', '/api/portal/bookings', s.neighbourSession.headers, {
      placeId: s.place.id,
      startsAt: s.at(s.day(2), '08:00').toISOString(),
    });
    expect(booked.statusCode).toBe(201);
    await call('POST', '/api/portal/bookings', s.holderSession.headers, {
      placeId: s.place.id,
      startsAt: s.at(s.day(2), '09:00').toISOString(),
    });
    // The same person in another club, and an access link of theirs: never listed here.
    const other = await createPortalScene(context.app);
    await context.db.insert(outboxMessages).values([
      {
        companyId: other.company.id,
        associateId: other.holder.id,
        kind: 'booking-confirmed',
        recipient: '',
        status: 'notice',
        subject: 'De outro clube',
        textBody: 'x',
        htmlBody: 'x',
      },
      {
        companyId: s.company.id,
        associateId: s.neighbour.id,
        kind: 'first-access',
        recipient: 'vera@x.test',
        subject: 'Seu link de acesso',
        textBody: 'link',
        htmlBody: 'link',
        sensitive: true,
      },
    ]);

    const list = await call('GET', '/api/portal/notice', s.neighbourSession.headers);
    expect(list.statusCode).toBe(200);
    const body = list.json<{
      items: Array<{ subject: string; read: boolean; textBody: string }>;
      unread: number;
    }>();
    expect(body.items.map((item) => item.subject)).toEqual([
      expect.stringMatching(/^Reserva confirmada: Quadra de Tênis, .+ — Clube Náutico$/),
    ]);
    expect(body.items[0]!.textBody).toContain('Olá, Vera!');
    expect(body.unread).toBe(1);

    const read = await call('PATCH', '/api/portal/notice/read', s.neighbourSession.headers);
    expect(read.json()).toMatchObject({ unread: 0, items: [{ read: true }] });
    // The holder's own notice is still unread.
    const holders = await call('GET', '/api/portal/notice', s.holderSession.headers);
    expect(holders.json()).toMatchObject({ unread: 1 });
    expect(await call('GET', '/api/portal/notice', s.staffHeaders).then((r) => r.statusCode)).toBe(
      401,
    );
  });
});

describe('the associate’s page', () => {
  it('shows staff what was sent to that member and what became of it', async () => {
    const s = await scene();
    await call('POST', '/api/portal/bookings', s.holderSession.headers, {
      placeId: s.place.id,
      startsAt: s.at(s.day(2), '10:00').toISOString(),
    });
    smtp.replyWith(() => ({ code: 550, message: 'Mailbox unavailable' }));
    while ((await sender.runOnce()) > 0);
    const response = await call(
      'GET',
      `/api/backoffice/message/company/${s.company.id}?associateId=${s.holder.id}`,
      s.staffHeaders,
    );
    expect(response.statusCode).toBe(200);
    const [item] = response.json<{ items: Array<Record<string, unknown>> }>().items;
    expect(item).toMatchObject({
      associateId: s.holder.id,
      recipient: 'helena@familia.test',
      subject: `Reserva confirmada: Quadra de Tênis, ${s.day(2).split('-').reverse().join('/')}, 10:00 — Clube Náutico`,
      status: 'failed',
    });
    expect(item!.lastError).toContain('Mailbox unavailable');
    smtp.replyWith(() => 'accept');
  });
});

describe('a member without an e-mail address', () => {
  it('has a staff cancellation kept for Avisos', async () => {
    const s = await scene();
    const quiet = await createAssociate(context.db, s.company.id, {
      name: 'Rui Sem Email',
      email: null,
    });
    const booking = await createAppointment(context.db, {
      place: s.place,
      associate: quiet,
      startsAt: s.at(s.day(5), '10:00'),
      endsAt: s.at(s.day(5), '11:00'),
    });
    const response = await call(
      'PATCH',
      `/api/backoffice/appointment/cancel/${booking.id}`,
      s.staffHeaders,
      { reason: 'Evento do clube' },
    );
    expect(response.statusCode).toBe(200);
    const rows = await context.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.associateId, quiet.id), eq(outboxMessages.status, 'notice')));
    expect(rows).toHaveLength(1);
  });
});
