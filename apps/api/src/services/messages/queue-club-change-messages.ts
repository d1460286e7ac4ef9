import type { Database } from '@clube/db';
import { clubDateOf, clubTimeOf, dateLabel } from '@clube/shared';
import { enqueueMessages, type NewMessage } from '../../lib/mail/enqueue-messages';
import { absoluteUrl } from '../account-links/links';
import {
  bookingTitle,
  bookingsUrl,
  calendarAttachments,
  firstNameOf,
  memberMessage,
} from './member-messages';
import { readBookings, readersOf, type BookingRow } from './read-bookings';

/** A booking the club cancelled or moved: what happened, and why. */
export type ClubChange =
  | { appointmentId: string; kind: 'cancelled'; reason: string }
  | {
      appointmentId: string;
      kind: 'moved';
      /** Why (a block's reason); a move staff make on the day sheet may give none. */
      reason?: string;
      /** Where it was: the booking may already name its new place when this is queued. */
      fromPlaceName: string;
      toPlaceName: string;
      /** When it was, if the move changed its time too (read after the move, it holds the new). */
      fromTime?: { startsAt: Date; endsAt: Date };
    };

export type QueueClubChangeMessagesOptions = {
  companyId: string;
  changes: ClubChange[];
  /** Base of the link back into the portal. */
  publicUrl: string;
};

/** `title`: the booking as the member knew it (before a move), for the message's subject. */
type Line = { text: string; title: string; member: string; row: BookingRow; isMove: boolean };

/** "Motivo: chuva." — a reason staff ended with a full stop (or ! ?) gets no second one. */
const reasonSentence = (reason: string) =>
  `Motivo: ${reason.trim()}${/[.!?…]$/.test(reason.trim()) ? '' : '.'}`;

/**
 * Tells members that the club cancelled or moved their bookings, in the caller's transaction:
 * one message per member, listing all of their bookings the change touched (a block over three
 * of them is one message, not three). The member the booking is for and the member who booked it
 * for them (a title's holder booking for family) both hear of it: by e-mail where the club holds
 * their address, in the portal's Avisos in any case. Always sent: a member cannot switch these
 * off. Answers how many were queued.
 */
export async function queueClubChangeMessages(
  db: Database,
  options: QueueClubChangeMessagesOptions,
): Promise<number> {
  const rows = await readBookings(db, {
    ids: options.changes.map((change) => change.appointmentId),
    companyId: options.companyId,
  });
  return enqueueMessages(db, clubChangeMessages(rows, options));
}

/**
 * The messages of queueClubChangeMessages for the bookings `rows` (readBookings) the changes name,
 * to queue with the change: a cancellation writes them in its own statement.
 */
export function clubChangeMessages(
  rows: BookingRow[],
  options: QueueClubChangeMessagesOptions,
): NewMessage[] {
  const changeOf = new Map(options.changes.map((change) => [change.appointmentId, change]));
  const byRecipient = new Map<
    string,
    { name: string; email: string | null; lines: Line[]; club: BookingRow }
  >();
  for (const row of rows) {
    const change = changeOf.get(row.id)!;
    const whenOf = (time: { startsAt: Date; endsAt: Date }) =>
      `${dateLabel(clubDateOf(time.startsAt, row.timezone))}, ${clubTimeOf(time.startsAt, row.timezone)}–${clubTimeOf(time.endsAt, row.timezone)}`;
    const when = whenOf(row);
    const because = (reason: string | undefined) => (reason ? ` ${reasonSentence(reason)}` : '');
    const what =
      change.kind === 'cancelled'
        ? `${row.placeName}, ${when}: cancelada.${because(change.reason)}`
        : change.fromTime && change.fromTime.startsAt.getTime() !== row.startsAt.getTime()
          ? `${change.fromPlaceName}, ${whenOf(change.fromTime)}: transferida para ${change.toPlaceName}, ${when}.${because(change.reason)}`
          : `${change.fromPlaceName}, ${when}: transferida para ${change.toPlaceName}, no mesmo horário.${because(change.reason)}`;
    for (const { reader: person } of readersOf(row)) {
      const entry = byRecipient.get(person.id) ?? {
        name: person.name,
        email: person.email,
        lines: [],
        club: row,
      };
      entry.lines.push({
        text: what,
        title:
          change.kind === 'moved'
            ? bookingTitle({
                placeName: change.fromPlaceName,
                startsAt: change.fromTime?.startsAt ?? row.startsAt,
                timezone: row.timezone,
              })
            : bookingTitle(row),
        member: row.forMember.name,
        row,
        isMove: change.kind === 'moved',
      });
      byRecipient.set(person.id, entry);
    }
  }
  return [...byRecipient].map(([associateId, entry]) => {
    const many = entry.lines.length > 1;
    // The subject names the earliest booking the change touched.
    const [first] = [...entry.lines].sort(
      (a, b) => a.row.startsAt.getTime() - b.row.startsAt.getTime(),
    );
    // A moved booking's event, updated (same UID, its new SEQUENCE): the calendar moves it.
    const moves = entry.lines.filter((line) => line.isMove);
    const attachments = moves.flatMap((line, index) =>
      calendarAttachments(line.row, {
        publicUrl: options.publicUrl,
        filename: moves.length > 1 ? `reserva-${index + 1}.ics` : 'reserva.ics',
      }),
    );
    return memberMessage({
      companyId: options.companyId,
      reader: { id: associateId, name: entry.name, email: entry.email },
      kind: 'booking-changed-by-club',
      byEmail: true,
      attachments,
      layout: {
        // Named by its (first) booking: no two of a member's Avisos read the same.
        subject: many
          ? `Reservas alteradas pelo clube: ${first!.title} e mais ${entry.lines.length - 1} — ${entry.club.clubName}`
          : `Reserva alterada pelo clube: ${first!.title} — ${entry.club.clubName}`,
        sender: entry.club.clubName,
        logoUrl: absoluteUrl(options.publicUrl, entry.club.logoUrl),
        greeting: `Olá, ${firstNameOf(entry.name)}!`,
        paragraphs: [
          many ? 'O clube alterou estas reservas:' : 'O clube alterou esta reserva:',
          ...entry.lines.map((line) =>
            line.member === entry.name ? line.text : `${line.text} (reserva de ${line.member})`,
          ),
          ...(attachments.length === 1
            ? ['O convite em anexo (reserva.ics) atualiza a reserva na sua agenda.']
            : attachments.length > 1
              ? ['Os convites em anexo atualizam as reservas na sua agenda.']
              : []),
        ],
        action: { label: 'Ver minhas reservas', url: bookingsUrl(options.publicUrl) },
        after: ['Em caso de dúvida, fale com a secretaria do clube.'],
      },
    });
  });
}
