import {
  appointments,
  associateTitles,
  associates,
  blockedTimes,
  categories,
  companies,
  operatingHours,
  places,
  users,
  type Database,
} from '@clube/db';
import {
  addDaysToDate,
  clubToday,
  dayOfWeekOf,
  minutesOfTime,
  occupyingStatuses,
  type DaySheet,
  type DaySheetAppointment,
  type DaySheetCell,
  type DaySheetQuery,
} from '@clube/shared';
import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { overlapsPeriod } from '../../lib/overlaps-period';
import { clubDayRange, slotGridOf } from './load-place-schedule';
import { generateSlotTimes, holdersOf, overlaps, type Interval, type SlotTime } from './slots';

export type GetDaySheetOptions = DaySheetQuery & { now?: Date };

type Block = Interval & { id: string; placeId: string; reason: string };
type Booking = Interval & { placeId: string; appointment: DaySheetAppointment };

/**
 * The front desk's whole club day: every active place, grouped by category, with its own slot grid
 * and what each cell is. Six queries whatever the number of places (the club and its hours, the
 * places, the day's bookings with their members and titles, the day's blocks); the grids are
 * computed in memory.
 */
export async function getDaySheet(db: Database, options: GetDaySheetOptions): Promise<DaySheet> {
  const { companyId, date } = options;
  const now = options.now ?? new Date();
  const [[club], clubPlaces] = await Promise.all([
    db
      .select({
        timezone: companies.timezone,
        openTime: operatingHours.openTime,
        closeTime: operatingHours.closeTime,
      })
      .from(companies)
      .leftJoin(
        operatingHours,
        and(
          eq(operatingHours.companyId, companies.id),
          eq(operatingHours.dayOfWeek, dayOfWeekOf(date)),
        ),
      )
      .where(eq(companies.id, companyId)),
    db
      .select({
        id: places.id,
        name: places.name,
        startsAt: places.startsAt,
        endsAt: places.endsAt,
        bookRange: places.bookRange,
        availableBookingDays: places.availableBookingDays,
        categoryId: categories.id,
        categoryName: categories.name,
      })
      .from(places)
      .innerJoin(categories, eq(categories.id, places.categoryId))
      .where(
        and(
          eq(places.companyId, companyId),
          isNull(places.archivedAt),
          options.categoryId ? eq(places.categoryId, options.categoryId) : undefined,
        ),
      )
      .orderBy(asc(categories.name), asc(places.name)),
  ]);
  if (!club) throw new AppError('CompanyNotFound');
  const operatingHour =
    club.openTime && club.closeTime
      ? { openTime: club.openTime.slice(0, 5), closeTime: club.closeTime.slice(0, 5) }
      : null;
  const range = clubDayRange(date, club.timezone);
  const [bookings, blocks] =
    clubPlaces.length === 0
      ? [[], []]
      : await Promise.all([
          loadBookings(db, companyId, range, Math.max(...clubPlaces.map((p) => p.bookRange))),
          loadBlocks(db, companyId, range),
        ]);

  const bookingsOf = groupByPlace(bookings);
  const blocksOf = groupByPlace(blocks);
  const lastBookableDateOf = (days: number) => addDaysToDate(clubToday(club.timezone, now), days);

  // Most places of a club share a handful of grids (same hours, same slot length): each grid is
  // laid once per request, not once per place — the wall-clock maths dominates this request.
  const gridCache = new Map<string, { bookable: SlotTime[]; placeOnly: SlotTime[] }>();
  const gridsOf = (place: PlaceHours) => {
    const key = `${place.startsAt}|${place.endsAt}|${place.bookRange}`;
    let grids = gridCache.get(key);
    if (!grids) {
      grids = slotGridsOf(date, club.timezone, place, operatingHour);
      gridCache.set(key, grids);
    }
    return grids;
  };

  const groups = new Map<string, DaySheet['categories'][number]>();
  for (const place of clubPlaces) {
    let group = groups.get(place.categoryId);
    if (!group) {
      group = { id: place.categoryId, name: place.categoryName, places: [] };
      groups.set(place.categoryId, group);
    }
    const cells = cellsOf({
      grids: gridsOf(place),
      hasHours: operatingHour !== null,
      now,
      beyondWindow: date > lastBookableDateOf(place.availableBookingDays),
      bookings: bookingsOf.get(place.id) ?? [],
      blocks: blocksOf.get(place.id) ?? [],
    });
    group.places.push({ id: place.id, name: place.name, bookRange: place.bookRange, cells });
  }
  return { date, timezone: club.timezone, operatingHour, categories: [...groups.values()] };
}

function groupByPlace<T extends { placeId: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.placeId);
    if (list) list.push(row);
    else map.set(row.placeId, [row]);
  }
  return map;
}

type PlaceHours = { startsAt: string; endsAt: string; bookRange: number };

/**
 * A place's slots: those the booking rules offer (the place's hours within the club's), and the
 * rest of the place's own grid, outside the club's hours, so a place open longer than the club
 * still shows its whole day. The second grid is only laid when the place's hours overflow.
 */
function slotGridsOf(
  date: string,
  timezone: string,
  place: PlaceHours,
  operatingHour: { openTime: string; closeTime: string } | null,
) {
  const bookable = generateSlotTimes(date, timezone, slotGridOf(place, operatingHour));
  const withinClubHours =
    operatingHour !== null &&
    minutesOfTime(place.startsAt) >= minutesOfTime(operatingHour.openTime) &&
    minutesOfTime(place.endsAt) <= minutesOfTime(operatingHour.closeTime);
  const placeOnly = withinClubHours
    ? []
    : generateSlotTimes(
        date,
        timezone,
        slotGridOf(place, { openTime: place.startsAt, closeTime: place.endsAt }),
      ).filter((slot) => !bookable.some((candidate) => overlaps(candidate, slot)));
  return { bookable, placeOnly };
}

/** One place's cells, in time order, each with what occupies it or why it cannot be booked. */
function cellsOf(input: {
  grids: { bookable: SlotTime[]; placeOnly: SlotTime[] };
  hasHours: boolean;
  now: Date;
  beyondWindow: boolean;
  bookings: Booking[];
  blocks: Block[];
}): DaySheetCell[] {
  const { bookable, placeOnly } = input.grids;
  const cells = [
    ...bookable.map((slot) => ({ slot, inHours: true })),
    ...placeOnly.map((slot) => ({ slot, inHours: false })),
  ].sort((a, b) => a.slot.startsAt.getTime() - b.slot.startsAt.getTime());

  return cells.map(({ slot, inHours }): DaySheetCell => {
    const base = {
      time: slot.time,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
    };
    // What occupies a slot matters more than why it could not be booked: a booking made before
    // the hours changed is still somebody arriving at the gate.
    const { booking, block } = holdersOf([slot], {
      booked: input.bookings,
      blocked: input.blocks,
    })[0]!;
    if (booking) return { ...base, state: 'booked', appointment: booking.appointment };
    if (block) return { ...base, state: 'blocked', block: { id: block.id, reason: block.reason } };
    if (slot.startsAt <= input.now) return { ...base, state: 'past' };
    if (!inHours)
      return {
        ...base,
        state: 'outside',
        outsideReason: input.hasHours ? 'club-hours' : 'club-closed',
      };
    if (input.beyondWindow) return { ...base, state: 'outside', outsideReason: 'booking-window' };
    return { ...base, state: 'free' };
  });
}

/**
 * The club's SCHEDULED bookings overlapping the day, then their members and titles by id. One
 * join would let PostgreSQL hash all of a large club's members (50 000 rows, ~50 ms) to name a
 * few thousand bookings; looked up by primary key (one array parameter, not thousands of bound
 * values) they cost a few milliseconds. A booking
 * lasts one slot, so none starts earlier than the longest slot before the day: the bounded start
 * keeps the (company, start) index tight.
 */
async function loadBookings(
  db: Database,
  companyId: string,
  range: Interval,
  longestSlotMinutes: number,
): Promise<Booking[]> {
  const rows = await db
    .select({
      id: appointments.id,
      placeId: appointments.placeId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      associateId: appointments.associateId,
      associateTitleId: appointments.associateTitleId,
      createdByAssociateId: appointments.createdByAssociateId,
      bookedByName: users.name,
      status: appointments.status,
      checkedInAt: appointments.checkedInAt,
      noShowAt: appointments.noShowAt,
      exceptionReason: appointments.exceptionReason,
    })
    .from(appointments)
    .leftJoin(users, eq(users.id, appointments.createdBy))
    .where(
      and(
        eq(appointments.companyId, companyId),
        inArray(appointments.status, [...occupyingStatuses]),
        gte(
          appointments.startsAt,
          new Date(range.startsAt.getTime() - longestSlotMinutes * 60_000),
        ),
        lt(appointments.startsAt, range.endsAt),
        gt(appointments.endsAt, range.startsAt),
      ),
    );
  if (rows.length === 0) return [];
  const associateIds = [...new Set(rows.map((row) => row.associateId))];
  const titleIds = [...new Set(rows.map((row) => row.associateTitleId))];
  const [members, titles] = await Promise.all([
    db
      .select({ id: associates.id, name: associates.name, cardId: associates.cardId })
      .from(associates)
      .where(sql`${associates.id} = any(${uuidArray(associateIds)}::uuid[])`),
    db
      .select({ id: associateTitles.id, name: associateTitles.name })
      .from(associateTitles)
      .where(sql`${associateTitles.id} = any(${uuidArray(titleIds)}::uuid[])`),
  ]);
  const memberOf = new Map(members.map((member) => [member.id, member]));
  const titleOf = new Map(titles.map((title) => [title.id, title.name]));
  return rows.map((row) => ({
    placeId: row.placeId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    appointment: {
      id: row.id,
      associateId: row.associateId,
      associateName: memberOf.get(row.associateId)?.name ?? '',
      cardId: memberOf.get(row.associateId)?.cardId ?? '',
      titleName: titleOf.get(row.associateTitleId) ?? '',
      bookedVia: row.createdByAssociateId ? 'portal' : 'staff',
      bookedByName: row.bookedByName,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      status: row.status as DaySheetAppointment['status'],
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
      noShowAt: row.noShowAt?.toISOString() ?? null,
      exceptionReason: row.exceptionReason,
    },
  }));
}

/** Ids as one PostgreSQL array literal: one bound value (uuids need no quoting). */
const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** The club's blocks overlapping the day (a block may span days: the range index answers it). */
async function loadBlocks(db: Database, companyId: string, range: Interval): Promise<Block[]> {
  const rows = await db
    .select({
      id: blockedTimes.id,
      placeId: blockedTimes.placeId,
      reason: blockedTimes.description,
      startsAt: blockedTimes.startsAt,
      endsAt: blockedTimes.endsAt,
    })
    .from(blockedTimes)
    .where(
      and(
        eq(blockedTimes.companyId, companyId),
        overlapsPeriod(blockedTimes.startsAt, blockedTimes.endsAt, range),
        lt(blockedTimes.startsAt, range.endsAt),
        gt(blockedTimes.endsAt, range.startsAt),
      ),
    );
  return rows;
}
