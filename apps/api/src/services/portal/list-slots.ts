import type { Database } from '@clube/db';
import {
  clubToday,
  portalSlotTitleRules,
  type PortalSlot,
  type PortalSlotList,
  type PortalSlotTitleRule,
  type portalSlotsParamsSchema,
  type portalSlotsQuerySchema,
} from '@clube/shared';
import type { z } from 'zod';
import { evaluateBookingRules } from '../appointments/booking-rules';
import { bookingWindowOf } from '../appointments/booking-window';
import { readPlaceContext } from '../appointments/place-day/read-place-context';
import { readPlaceDay, slotsOfPlaceDay } from '../appointments/place-day/read-place-day';
import { holdersOf, slotStateOf } from '../appointments/slots';
import { CoalescedReads } from '../../lib/coalesced-reads';
import type { Member } from '../../types';

export type ListSlotsOptions = {
  member: Member;
  now?: Date;
} & z.output<typeof portalSlotsParamsSchema> &
  z.output<typeof portalSlotsQuerySchema>;

/**
 * The slots of a place of the member's club on a club-local date, with the back office's slot
 * maths, each in one state (slotStateOf, the clock first), then said for this member: a taken slot
 * is `own` when a booking of the member's title holds it, and says nothing more otherwise (who
 * holds it is another family's business, LGPD); a free slot that the engine's rules refuse to the
 * whole title (the month's quota, one a day) is `refused` with that rule. A slot both past and
 * taken reads past, the most final state.
 */
export async function listSlots(db: Database, options: ListSlotsOptions): Promise<PortalSlotList> {
  const { member, date, placeId } = options;
  const now = options.now ?? new Date();
  const [day, title] = await Promise.all([
    readsOf(db).read(`${member.companyId}|${placeId}|${date}`, () =>
      loadDay(db, { companyId: member.companyId, placeId, date }),
    ),
    readTitleOfDay(db, { member, placeId, date, now }),
  ]);
  const { place, timezone, slots } = day;
  const specialDay = day.specialDay && {
    specialDay: {
      name: day.specialDay.name,
      scope: day.specialDay.scope,
      closed: day.specialDay.closed,
    },
  };
  if (slots.length === 0) return { date, items: [], ...specialDay };
  const { isBeyond } = bookingWindowOf({
    date,
    today: clubToday(timezone, now),
    availableBookingDays: place.availableBookingDays,
  });
  const clock = { now, beyondWindow: isBeyond, first: 'clock' as const };
  const ownStarts = new Set(
    title.rules.titleBookings
      .filter((booking) => booking.placeId === placeId)
      .map((booking) => booking.startsAt.getTime()),
  );
  return {
    date,
    ...specialDay,
    items: slots.map(({ held, ...slot }): PortalSlot => {
      const state = slotStateOf(held, clock);
      if (state === 'taken' && held.booking && ownStarts.has(held.booking.startsAt.getTime()))
        return { ...slot, state: 'own' };
      if (state !== 'free') return { ...slot, state };
      const rule = titleRuleRefusing(title, { ...held.slot, busy: day.busy, now });
      return rule ? { ...slot, state: 'refused', rule } : { ...slot, state };
    }),
  };
}

/**
 * The member's title as the booking rules read it for a place's date, for this member only: the
 * title's bookings of the place's category or of the place a month around the date, and the
 * member with their title (readPlaceContext, the rules' one reader). No busy time is read here:
 * the place's day comes from the shared read.
 */
async function readTitleOfDay(
  db: Database,
  options: { member: Member; placeId: string; date: string; now: Date },
) {
  const { member, placeId, date, now } = options;
  // The club's timezone is only known with the place: a UTC day's noon stands for the date.
  const noon = new Date(`${date}T12:00:00Z`);
  const margin = 33 * 24 * 60 * 60_000;
  const { associate, ...context } = await readPlaceContext(db, {
    placeId,
    companyIds: new Set([member.companyId]),
    day: { date },
    busyRange: { startsAt: noon, endsAt: noon },
    booker: {
      associateId: member.associateId,
      titleWindow: {
        startsAt: new Date(noon.getTime() - margin),
        endsAt: new Date(noon.getTime() + margin),
      },
      now,
    },
  });
  return { ...context, member: associate };
}

/**
 * The first rule of a whole title the engine refuses a free slot for (evaluateBookingRules on the
 * title's context and the place's day), or null: what the member would read on tapping it.
 */
function titleRuleRefusing(
  title: Awaited<ReturnType<typeof readTitleOfDay>>,
  slot: { startsAt: Date; endsAt: Date; busy: Day['busy']; now: Date },
): PortalSlotTitleRule | null {
  if (!title.member) return null;
  const { failures } = evaluateBookingRules({
    context: {
      ...title,
      ...title.member,
      rules: { ...title.rules, busy: slot.busy },
    },
    request: {
      associateId: title.member.associate.id,
      placeId: title.place.id,
      cardId: title.member.associate.cardId,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
    },
    now: slot.now,
  });
  const rule = failures.find((failure) =>
    (portalSlotTitleRules as readonly string[]).includes(failure.key),
  );
  return (rule?.key as PortalSlotTitleRule | undefined) ?? null;
}

/**
 * A place's day as every member asking for it shares it, in one query (readPlaceDay): its slots,
 * each already written as the answer writes it and with what holds it (holdersOf: a block, a
 * booking, or nothing), so that a member's request only reads the slots' states at its clock.
 */
async function loadDay(
  db: Database,
  options: { companyId: string; placeId: string; date: string },
) {
  const day = await readPlaceDay(db, {
    placeId: options.placeId,
    companyIds: new Set([options.companyId]),
    date: options.date,
  });
  const slots = holdersOf(slotsOfPlaceDay(day), day.busy).map((held) => ({
    time: held.slot.time,
    startsAt: held.slot.startsAt.toISOString(),
    endsAt: held.slot.endsAt.toISOString(),
    held,
  }));
  return {
    place: day.place,
    timezone: day.timezone,
    specialDay: day.specialDay,
    slots,
    busy: day.busy,
  };
}

type Day = Awaited<ReturnType<typeof loadDay>>;

/**
 * When members rush for a court, their identical reads of its day are shared (never with a read
 * that began before a request arrived: see CoalescedReads), one set per database.
 */
const dayReads = new WeakMap<Database, CoalescedReads<Day>>();
function readsOf(db: Database): CoalescedReads<Day> {
  let reads = dayReads.get(db);
  if (!reads) {
    reads = new CoalescedReads<Day>();
    dayReads.set(db, reads);
  }
  return reads;
}
