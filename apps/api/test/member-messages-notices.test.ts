import { appointments, companies, outboxMessages } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { queueDueReminders } from '../src/services/messages/member-messages';
import { createAppointment, createAssociate, createPortalScene } from './factories';
import { memberMessagesScene, publicUrl } from './member-messages-scene';

const { context, smtp, sender, call, scene, deliver, rowsOf } = memberMessagesScene();

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
