import type { Database } from '@clube/db';
import {
  addDaysToDate,
  clubToday,
  type PortalSlotList,
  type portalSlotsParamsSchema,
  type portalSlotsQuerySchema,
} from '@clube/shared';
import type { z } from 'zod';
import { readPlaceDay, slotsOfPlaceDay } from '../appointments/place-day';
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
 * maths, each in one state (slotStateOf, the clock first). A taken slot says only that it is
 * taken: who holds it is another family's business (LGPD). A slot both past and taken reads past,
 * the most final state.
 */
export async function listSlots(db: Database, options: ListSlotsOptions): Promise<PortalSlotList> {
  const { member, date, placeId } = options;
  const now = options.now ?? new Date();
  const { place, timezone, slots } = await readsOf(db).read(
    `${member.companyId}|${placeId}|${date}`,
    () => loadDay(db, { companyId: member.companyId, placeId, date }),
  );
  if (slots.length === 0) return { date, items: [] };
  const beyondWindow = date > addDaysToDate(clubToday(timezone, now), place.availableBookingDays);
  const clock = { now, beyondWindow, first: 'clock' as const };
  return {
    date,
    items: slots.map(({ held, ...slot }) => ({ ...slot, state: slotStateOf(held, clock) })),
  };
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
  return { place: day.place, timezone: day.timezone, slots };
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
