import type { FastifyBaseLogger } from 'fastify';
import { createEvent } from 'ics';
import { and, eq, sql } from 'drizzle-orm';
import { associates, associateTitles, companies, queryRows, type Database } from '@clube/db';
import { clubDateOf, clubTimeOf, dateLabel } from '@clube/shared';
import { renderMessage, type MessageLayout } from '../../lib/mail/layout';
import { z } from 'zod';
import { defineJob } from '../../lib/jobs/jobs';
import { enqueueMessages, type NewMessage } from '../../lib/mail/enqueue-messages';
import { absoluteUrl } from '../account-links/links';
import { readBookings, readersOf, type BookingRow, type MessageReader } from './read-bookings';

export type { MessageReader } from './read-bookings';

/** Characters of a push notification's text: a phone shows a few lines of it. */
export const pushBodyLength = 180;

/**
 * What a message says as a push notification: its subject, its first two paragraphs (the news,
 * not the advice after it), and where a tap opens (the message's button, or Avisos).
 */
export function pushOf(layout: MessageLayout) {
  const body = layout.paragraphs.slice(0, 2).join(' ');
  return {
    title: layout.subject,
    body: body.length > pushBodyLength ? `${body.slice(0, pushBodyLength - 1)}…` : body,
    url: layout.action?.url ?? '/portal/avisos',
  };
}

/**
 * One message for one member: e-mailed (status `pending`) when the club holds their address and
 * `byEmail` allows it; otherwise kept only for the portal's Avisos (status `notice`). Either way
 * the member reads it in Avisos. `byEmail` (the member's choice in Conta, or a message that is
 * always sent) also pushes it to the devices where the member allowed notifications.
 */
export function memberMessage(options: {
  companyId: string;
  reader: MessageReader;
  kind: string;
  layout: MessageLayout;
  byEmail: boolean;
  attachments?: NewMessage['attachments'];
  dedupeKey?: string;
}): NewMessage {
  const rendered = renderMessage(options.layout);
  const email = options.reader.email?.trim() ?? '';
  const sent = options.byEmail && email !== '';
  return {
    companyId: options.companyId,
    associateId: options.reader.id,
    kind: options.kind,
    recipient: sent ? email : '',
    status: sent ? 'pending' : 'notice',
    subject: rendered.subject,
    textBody: rendered.text,
    htmlBody: rendered.html,
    attachments: options.attachments ?? [],
    dedupeKey: options.dedupeKey,
    push: options.byEmail ? pushOf(options.layout) : undefined,
  };
}

/** The first name the greeting uses. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** The portal's list of the member's bookings: every booking message links there. */
export const bookingsUrl = (publicUrl: string) => `${publicUrl}/portal/reservas`;

/** "Quadra A, 04/03/2030, 10:00–11:00" in the club's time. */
function bookingLine(row: BookingRow): string {
  const date = dateLabel(clubDateOf(row.startsAt, row.timezone));
  return `${row.placeName}, ${date}, ${clubTimeOf(row.startsAt, row.timezone)}–${clubTimeOf(row.endsAt, row.timezone)}`;
}

/**
 * "Quadra A, 04/03/2030, 10:00": a booking as a message's subject names it, so no two of a
 * member's messages (their titles in Avisos) read the same.
 */
export function bookingTitle(booking: {
  placeName: string;
  startsAt: Date;
  timezone: string;
}): string {
  const date = dateLabel(clubDateOf(booking.startsAt, booking.timezone));
  return `${booking.placeName}, ${date}, ${clubTimeOf(booking.startsAt, booking.timezone)}`;
}

/**
 * The booking as a calendar event (RFC 5545, through the `ics` package), times in UTC. One UID
 * per booking and its SEQUENCE (raised by each move): the `.ics` of a move, published again
 * (RFC 5546 §3.2.1: a published event is updated by another PUBLISH with a higher SEQUENCE),
 * moves the event in the member's calendar instead of adding a second one.
 */
export function bookingCalendar(row: BookingRow, publicUrl: string): string {
  const utc = (instant: Date) =>
    [
      instant.getUTCFullYear(),
      instant.getUTCMonth() + 1,
      instant.getUTCDate(),
      instant.getUTCHours(),
      instant.getUTCMinutes(),
    ] as [number, number, number, number, number];
  const { error, value } = createEvent({
    uid: `${row.id}@clube-reservas`,
    productId: 'clube-reservas/ics',
    method: 'PUBLISH',
    sequence: row.calendarSequence,
    title: `${row.placeName} — ${row.clubName}`,
    description: `Reserva de ${row.forMember.name} em ${row.clubName}. Minhas reservas: ${bookingsUrl(publicUrl)}`,
    location: `${row.placeName}, ${row.clubName}`,
    start: utc(row.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utc(row.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    status: 'CONFIRMED',
    busyStatus: 'BUSY',
  });
  if (error || !value) throw error ?? new Error('calendar event not created');
  return value;
}

/** Where a confirmation that lost its attachment is told: the request's logger. */
export type MessageLog = Pick<FastifyBaseLogger, 'warn'>;

/** What a booking needs to queue its confirmation: the portal's address and a logger. */
export type BookingConfirmationOptions = { publicUrl: string; log: MessageLog };

/**
 * The booking's calendar file, or null when it cannot be made: the attachment is a courtesy, so
 * its failure is logged and never fails the booking whose transaction queues it.
 */
function calendarOrNull(
  row: BookingRow,
  options: { publicUrl: string; log?: MessageLog },
): string | null {
  try {
    return bookingCalendar(row, options.publicUrl);
  } catch (error) {
    options.log?.warn(
      { err: error, appointmentId: row.id },
      'booking confirmation queued without its calendar file: it could not be made',
    );
    return null;
  }
}

/** The booking's `.ics` as an attachment (`filename`), or none when it cannot be made. */
export function calendarAttachments(
  row: BookingRow,
  options: { publicUrl: string; log?: MessageLog; filename?: string },
): NonNullable<NewMessage['attachments']> {
  const calendar = calendarOrNull(row, options);
  return calendar
    ? [
        {
          filename: options.filename ?? 'reserva.ics',
          contentType: 'text/calendar; method=PUBLISH',
          content: calendar,
        },
      ]
    : [];
}

/**
 * "Reserva confirmada", with the booking as an `.ics` attachment, queued in the booking's own
 * statement (services/appointments/write-booking.ts). A booking the member made in the portal is
 * e-mailed only to those who keep "Confirmação das minhas reservas" on (it is still in Avisos);
 * one staff made for them is always e-mailed.
 */
export function bookingConfirmationMessages(
  row: BookingRow,
  options: BookingConfirmationOptions,
): NewMessage[] {
  const line = bookingLine(row);
  const attachments = calendarAttachments(row, options);
  return readersOf(row).map(({ reader, isFor }) =>
    memberMessage({
      companyId: row.companyId,
      reader,
      kind: 'booking-confirmed',
      byEmail: row.bookedByStaff || reader.notifyOwnBookings,
      attachments,
      layout: {
        subject: `Reserva confirmada: ${bookingTitle(row)} — ${row.clubName}`,
        sender: row.clubName,
        logoUrl: absoluteUrl(options.publicUrl, row.logoUrl),
        greeting: `Olá, ${firstNameOf(reader.name)}!`,
        paragraphs: [
          row.bookedByStaff
            ? 'A equipe do clube fez esta reserva:'
            : isFor
              ? 'Sua reserva está confirmada:'
              : 'A reserva que você fez está confirmada:',
          isFor ? `${line}.` : `${line} (reserva de ${row.forMember.name}).`,
          ...(attachments.length > 0
            ? ['O convite em anexo (reserva.ics) coloca a reserva na sua agenda.']
            : []),
        ],
        action: { label: 'Ver minhas reservas', url: bookingsUrl(options.publicUrl) },
        after: ['Se não puder ir, cancele pelo portal para liberar o horário.'],
      },
    }),
  );
}

/**
 * Queues the reminders due (`queueDueReminders`); run once a minute by the job runner (its
 * schedule is declared in plugins/jobs.ts).
 */
export const dueRemindersJob = (options: { publicUrl: string }) =>
  defineJob({
    name: 'queue-due-reminders',
    payload: z.object({}),
    async handle(_payload, context) {
      await queueDueReminders(context.db, options);
    },
  });

/** Bookings whose reminder is due, not queued yet: at most this many per look. */
const reminderBatch = 500;

/**
 * The reminders due now: bookings still scheduled that start within their club's `reminderHours`
 * and were made before that window opened (a booking made an hour before needs no reminder).
 * Each member's reminder of a booking has its own `dedupeKey`, so any number of processes may run
 * this at once and each reminder is queued once. Answers how many were queued.
 */
export async function queueDueReminders(
  db: Database,
  options: { publicUrl: string; now?: Date },
): Promise<number> {
  const now = options.now ?? new Date();
  const due = await queryRows<{ id: string }>(
    db,
    sql`select a.id from appointments a
        join companies c on c.id = a.company_id
        where c.reminder_hours is not null and a.status = 'SCHEDULED'
          and a.starts_at > ${now.toISOString()}::timestamptz
          and a.starts_at <= ${now.toISOString()}::timestamptz + make_interval(hours => c.reminder_hours)
          and a.created_at <= a.starts_at - make_interval(hours => c.reminder_hours)
          and not exists (
            select 1 from outbox_messages m
            where m.dedupe_key = 'reminder:' || a.id::text || ':' || a.associate_id::text)
        order by a.starts_at
        limit ${reminderBatch}`,
  );
  const rows = await readBookings(db, { ids: due.map((row) => row.id) });
  const messages = rows.flatMap((row) => {
    const line = bookingLine(row);
    return readersOf(row).map(({ reader, isFor }) =>
      memberMessage({
        companyId: row.companyId,
        reader,
        kind: 'booking-reminder',
        byEmail: reader.notifyReminders,
        dedupeKey: `reminder:${row.id}:${reader.id}`,
        layout: {
          subject: `Lembrete da sua reserva: ${bookingTitle(row)} — ${row.clubName}`,
          sender: row.clubName,
          logoUrl: absoluteUrl(options.publicUrl, row.logoUrl),
          greeting: `Olá, ${firstNameOf(reader.name)}!`,
          paragraphs: [
            'Lembrete da reserva:',
            isFor ? `${line}.` : `${line} (reserva de ${row.forMember.name}).`,
          ],
          action: { label: 'Ver minhas reservas', url: bookingsUrl(options.publicUrl) },
          after: ['Se não puder ir, cancele pelo portal para liberar o horário.'],
        },
      }),
    );
  });
  return enqueueMessages(db, messages);
}

/**
 * A title suspended for no-shows: every member of the title hears until when and why, in the
 * suspension's transaction. Always sent (a member cannot switch it off).
 */
export async function queueSuspensionMessages(
  db: Database,
  options: {
    companyId: string;
    associateTitleId: string;
    endsAt: Date;
    reason: string;
    publicUrl: string;
  },
): Promise<number> {
  const members = await db
    .select({
      id: associates.id,
      name: associates.name,
      email: associates.email,
      clubName: companies.name,
      logoUrl: companies.logoUrl,
      timezone: companies.timezone,
    })
    .from(associates)
    .innerJoin(associateTitles, eq(associateTitles.id, associates.associateTitleId))
    .innerJoin(companies, eq(companies.id, associates.companyId))
    .where(
      and(
        eq(associates.associateTitleId, options.associateTitleId),
        eq(associates.companyId, options.companyId),
      ),
    );
  const messages = members.map((member) => {
    const until = `${dateLabel(clubDateOf(options.endsAt, member.timezone))}, ${clubTimeOf(options.endsAt, member.timezone)}`;
    return memberMessage({
      companyId: options.companyId,
      reader: member,
      kind: 'title-suspended',
      byEmail: true,
      layout: {
        subject: `Reservas suspensas até ${until} — ${member.clubName}`,
        sender: member.clubName,
        logoUrl: absoluteUrl(options.publicUrl, member.logoUrl),
        greeting: `Olá, ${firstNameOf(member.name)}!`,
        paragraphs: [
          `O título da sua família está suspenso para novas reservas até ${until}.`,
          `Motivo: ${options.reason} (faltas em reservas sem cancelamento).`,
          'As reservas já feitas continuam valendo. Depois dessa data, as reservas voltam a ser liberadas.',
        ],
        action: { label: 'Abrir o portal', url: `${options.publicUrl}/portal/inicio` },
        after: ['Em caso de dúvida, fale com a secretaria do clube.'],
      },
    });
  });
  return enqueueMessages(db, messages);
}
