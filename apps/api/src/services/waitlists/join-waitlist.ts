/**
 * Joining a slot's line (docs/domain.md, "Waitlists"): the slot must be taken, not past nor
 * blocked, and every other rule the booking would meet (quota, window, age, suspension, one a
 * day) must pass, judged by the booking engine's own rules (../appointments/booking-rules) on
 * the context it reads; a refusal lists every failing rule like a refused booking. The entry is
 * written by one statement, which also checks the category's waitlists are on, the title's
 * most lines at once, and that the member is not in this line already — under the title's lock,
 * so joins of one title racing (its members, the front desk, other processes) count each other.
 */
import { queryRows, type Database } from '@clube/db';
import type { PortalBookingBody, PortalWaitlistEntry, StaffWaitlistJoinBody } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { AppError, appErrorOf } from '../../lib/app-error';
import { titleLockKey } from '../../lib/place-lock';
import type { Member, Staff } from '../../types';
import { readBookingContext, type BookingContext } from '../appointments/booking-context';
import {
  describeFailure,
  evaluateBookingRules,
  type BookingFailure,
} from '../appointments/booking-rules';
import { memberFailures, resolveBookingRequest } from '../portal/booking-request';
import { inLine } from './offer-slot';

type Line = { request: { placeId: string; associateId: string; startsAt: Date; endsAt: Date } };

/**
 * The slot's state for a line, from the engine's verdict: past, blocked and free slots have no
 * line; the other failures are the booking's own, thrown by `refuse` with every one listed.
 */
function judgeSlot(
  failures: BookingFailure[],
  options: { startsAt: Date; now: Date; refuse: (failures: BookingFailure[]) => Error },
) {
  if (options.startsAt <= options.now) throw new AppError('WaitlistSlotPast');
  if (failures.some((failure) => failure.key === 'TimeNotAvailable'))
    throw new AppError('WaitlistSlotBlocked');
  const isTaken = failures.some((failure) => failure.key === 'TimeAlreadyTaken');
  const others = failures.filter((failure) => failure.key !== 'TimeAlreadyTaken');
  if (others.length > 0) throw options.refuse(others);
  if (!isTaken) throw new AppError('WaitlistSlotFree');
}

/** Writes the entry (one statement); answers it with its position. */
async function writeEntry(
  db: Database,
  options: Line & { context: BookingContext; createdBy: string | null; now: Date },
) {
  const { request, context, now } = options;
  const startsAt = request.startsAt.toISOString();
  const companyId = context.place.companyId;
  const row = await db.transaction(async (tx) => {
    // The title's lock, the one its bookings take: the count of its lines below is then current.
    await tx.execute(sql`select pg_advisory_xact_lock(${titleLockKey(context.title.id)})`);
    const [written] = await queryRows<{
      id: string | null;
      createdAt: string | null;
      enabled: boolean;
      limit: number;
      used: number;
      duplicate: boolean;
      position: number;
      placeName: string;
      associateName: string;
    }>(
      tx,
      sql`with settings as (
        select c.waitlist_max_per_title as "limit", cat.waitlist_enabled as enabled,
          p.name as place_name,
          (select count(*)::int from waitlist_entries t
            where t.associate_title_id = ${context.title.id}::uuid and t.status in ${inLine}
              and t.starts_at > ${now.toISOString()}::timestamptz) as used
        from places p join categories cat on cat.id = p.category_id
        join companies c on c.id = p.company_id
        where p.id = ${request.placeId}::uuid),
      duplicate as (select 1 from waitlist_entries d
        where d.place_id = ${request.placeId}::uuid and d.starts_at = ${startsAt}::timestamptz
          and d.associate_id = ${request.associateId}::uuid and d.status in ${inLine}),
      created as (
        insert into waitlist_entries (company_id, place_id, associate_id, associate_title_id,
          starts_at, ends_at, created_by)
        select ${companyId}::uuid, ${request.placeId}::uuid, ${request.associateId}::uuid,
          ${context.title.id}::uuid, ${startsAt}::timestamptz, ${request.endsAt.toISOString()}::timestamptz,
          ${options.createdBy}::uuid
        from settings
        where settings.enabled and settings.used < settings."limit"
          and not exists (select 1 from duplicate)
        on conflict (place_id, starts_at, associate_id) where status in ('WAITING','OFFERED')
          do nothing
        returning id, created_at)
      select (select id from created) as id, (select to_json(created_at) from created) as "createdAt",
        s.enabled, s."limit", s.used, exists (select 1 from duplicate) as duplicate,
        s.place_name as "placeName",
        (select name from associates where id = ${request.associateId}::uuid) as "associateName",
        (select count(*)::int + 1 from waitlist_entries w
          where w.place_id = ${request.placeId}::uuid
            and w.starts_at = ${startsAt}::timestamptz and w.status in ${inLine}) as position
      from settings s`,
    );
    return written;
  });
  if (!row) throw new AppError('PlaceNotFound');
  if (!row.enabled) throw new AppError('WaitlistDisabled');
  if (row.duplicate) throw new AppError('WaitlistAlreadyJoined');
  if (row.used >= row.limit)
    throw new AppError('WaitlistLimitReached', { params: { limit: row.limit } });
  // Lost a race with the same member's other request: the unique index kept one.
  if (!row.id) throw new AppError('WaitlistAlreadyJoined');
  return {
    id: row.id,
    createdAt: row.createdAt ?? new Date().toISOString(),
    position: row.position,
    placeName: row.placeName,
    associateName: row.associateName,
  };
}

/** The entry as both realms answer it. */
function entryOf(
  line: Line,
  context: BookingContext,
  written: Awaited<ReturnType<typeof writeEntry>>,
): PortalWaitlistEntry & { associate: { cardId: string } } {
  return {
    id: written.id,
    place: { id: context.place.id, name: written.placeName },
    associate: {
      id: context.associate.id,
      name: written.associateName,
      cardId: context.associate.cardId,
    },
    startsAt: line.request.startsAt.toISOString(),
    endsAt: line.request.endsAt.toISOString(),
    status: 'WAITING',
    position: written.position,
    offerExpiresAt: null,
  };
}

/** A member joins a taken slot's line, for themself or (a holder) for someone of their title. */
export async function joinWaitlistAsMember(
  db: Database,
  options: { member: Member; body: PortalBookingBody; now?: Date },
) {
  const resolved = await resolveBookingRequest(db, options);
  const { request, context, now } = resolved;
  const { failures } = evaluateBookingRules({ context, request, now });
  const own = resolved.callerBlock ? [{ key: 'OwnMembershipBlocked' } as BookingFailure] : [];
  judgeSlot([...own, ...failures], {
    startsAt: request.startsAt,
    now,
    refuse: (others) => {
      const described = memberFailures(
        others.filter((failure) => failure.key !== 'OwnMembershipBlocked'),
        context,
        resolved,
      );
      return appErrorOf(described[0]!.failure, { failures: described.map(({ body }) => body) });
    },
  });
  const written = await writeEntry(db, { request, context, createdBy: null, now });
  return entryOf({ request }, context, written);
}

/** Staff put a member of their club in a taken slot's line (same rules as the member). */
export async function joinWaitlistAsStaff(
  db: Database,
  options: { staff: Staff; body: StaffWaitlistJoinBody; now?: Date },
) {
  const { staff, body } = options;
  const now = options.now ?? new Date();
  const startsAt = new Date(body.startsAt);
  const { associate, ...place } = await readBookingContext(db, {
    placeId: body.placeId,
    associateId: body.associateId,
    startsAt,
    companyIds: staff.companyIds,
    now,
  });
  if (!associate) throw new AppError('AssociateNotFound');
  const context: BookingContext = { ...place, ...associate };
  const request = {
    associateId: body.associateId,
    placeId: body.placeId,
    cardId: associate.associate.cardId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + context.place.bookRange * 60_000),
  };
  const { failures } = evaluateBookingRules({ context, request, now });
  judgeSlot(failures, {
    startsAt,
    now,
    refuse: (others) => appErrorOf(others[0]!, { failures: others.map(describeFailure) }),
  });
  const written = await writeEntry(db, { request, context, createdBy: staff.userId, now });
  return {
    ...entryOf({ request }, context, written),
    since: new Date(written.createdAt).toISOString(),
  };
}
