import { bookingGuests, type Database } from '@clube/db';
import { isValidCpf, stripCpf, type GuestList, type guestListBodySchema } from '@clube/shared';
import { and, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import {
  clubMomentLabel,
  guestListOf,
  readGuestBooking,
  type GuestBooking,
} from './read-guest-booking';

export type ReplaceGuestsOptions = {
  /** The booking. */
  id: string;
  /** Which bookings the actor may change (memberBookingScope, staffBookingScope). */
  scope: SQL;
  actor: { userId: string } | { associateId: string };
  now?: Date;
} & z.output<typeof guestListBodySchema>;

type CheckedGuest = { id: string | undefined; name: string; cpf: string | null };

/**
 * Sets a booking's guest list to the one sent (docs/domain.md, "Guest lists"): guests with an id
 * keep their row and check-in mark, the others are added, the missing ones removed. Refused, with
 * nothing changed, when the place takes no guests, the booking is no longer scheduled, the list's
 * deadline has passed, the list is longer than the place allows, a CPF is missing (when the place
 * asks for it), invalid or repeated, or an id is not a guest of this booking. The booking's row is
 * locked meanwhile, so two changes of one list take turns. Audited with counts only: the trail
 * outlives the booking, a guest's name and CPF do not.
 */
export async function replaceGuests(
  db: Database,
  options: ReplaceGuestsOptions,
): Promise<GuestList> {
  const now = options.now ?? new Date();
  const booking = await db.transaction(async (tx) => {
    const booking = await readGuestBooking(tx, {
      id: options.id,
      scope: options.scope,
      lock: true,
    });
    const existing = await tx
      .select({ id: bookingGuests.id, cpf: bookingGuests.cpf })
      .from(bookingGuests)
      .where(eq(bookingGuests.appointmentId, booking.id));
    const storedCpfs = new Map(existing.map((row) => [row.id, row.cpf]));
    const guests = checkGuests(booking, { guests: options.guests, storedCpfs, now });
    const keptIds = new Set<string>();
    for (const guest of options.guests) {
      if (guest.id === undefined) continue;
      if (!storedCpfs.has(guest.id) || keptIds.has(guest.id)) throw new AppError('GuestNotFound');
      keptIds.add(guest.id);
    }
    const kept = guests.filter((guest) => guest.id !== undefined);
    const added = guests.filter((guest) => guest.id === undefined);
    await tx
      .delete(bookingGuests)
      .where(
        and(
          eq(bookingGuests.appointmentId, booking.id),
          keptIds.size > 0 ? notInArray(bookingGuests.id, [...keptIds]) : undefined,
        ),
      );
    if (kept.length > 0) {
      await tx.execute(sql`update booking_guests set name = kept.name, cpf = kept.cpf
        from jsonb_to_recordset(${JSON.stringify(kept)}::jsonb) as kept(id uuid, name text, cpf text)
        where booking_guests.id = kept.id and booking_guests.appointment_id = ${booking.id}::uuid
          and (booking_guests.name, booking_guests.cpf) is distinct from (kept.name, kept.cpf)`);
    }
    if (added.length > 0) {
      await tx.insert(bookingGuests).values(
        added.map((guest) => ({
          companyId: booking.companyId,
          appointmentId: booking.id,
          name: guest.name,
          cpf: guest.cpf,
        })),
      );
    }
    const { actor } = options;
    await recordAudit(tx, {
      companyId: booking.companyId,
      actorUserId: 'userId' in actor ? actor.userId : null,
      actorAssociateId: 'associateId' in actor ? actor.associateId : null,
      action: 'appointment.guests',
      entityType: 'appointment',
      entityId: booking.id,
      placeId: booking.placeId,
      associateId: booking.associateId,
      data: {
        before: { guests: existing.length },
        after: { guests: guests.length },
        added: added.length,
        removed: existing.length - keptIds.size,
      },
    });
    return booking;
  });
  return guestListOf(db, { booking, now });
}

/**
 * The list as it will be kept (names trimmed, CPFs as digits), or the first rule it breaks. A
 * kept guest sent without a CPF keeps the stored one (the editors only ever see it masked); an
 * empty CPF removes it.
 */
function checkGuests(
  booking: GuestBooking,
  options: {
    guests: ReplaceGuestsOptions['guests'];
    storedCpfs: ReadonlyMap<string, string | null>;
    now: Date;
  },
): CheckedGuest[] {
  const { guests, storedCpfs, now } = options;
  if (booking.limit === 0) throw new AppError('GuestsNotAccepted');
  if (booking.status !== 'SCHEDULED') throw new AppError('AppointmentNotScheduled');
  if (now.getTime() > booking.closesAt.getTime()) {
    throw new AppError('GuestListClosed', {
      params: { deadline: clubMomentLabel(booking.closesAt, booking.timezone) },
    });
  }
  if (guests.length > booking.limit) {
    throw new AppError('GuestLimitExceeded', {
      params: { limit: booking.limit },
      details: [{ in: 'body', path: 'guests', message: `No máximo ${booking.limit} convidados` }],
    });
  }
  const seenCpfs = new Set<string>();
  return guests.map((guest, index) => {
    const detail = (message: string) => [{ in: 'body', path: `guests.${index}.cpf`, message }];
    const stored = guest.id === undefined ? null : (storedCpfs.get(guest.id) ?? null);
    const typed = guest.cpf ?? stored ?? '';
    if (typed === '') {
      if (booking.cpfRequired) {
        throw new AppError('GuestCpfRequired', {
          params: { name: guest.name },
          details: detail('Informe o CPF'),
        });
      }
      return { id: guest.id, name: guest.name, cpf: null };
    }
    if (!isValidCpf(typed)) {
      throw new AppError('GuestCpfInvalid', {
        params: { name: guest.name },
        details: detail('CPF inválido'),
      });
    }
    const cpf = stripCpf(typed);
    if (seenCpfs.has(cpf)) {
      throw new AppError('GuestCpfRepeated', {
        params: { name: guest.name },
        details: detail('CPF repetido'),
      });
    }
    seenCpfs.add(cpf);
    return { id: guest.id, name: guest.name, cpf };
  });
}
