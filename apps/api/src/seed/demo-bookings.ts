import { appointments, blockedTimes, type Database } from '@clube/db';
import {
  addDaysToDate,
  clubDateOf,
  clubInstant,
  dayOfWeekOf,
  minutesOfTime,
  timeOfMinutes,
} from '@clube/shared';
import { clubHoursOn } from './demo-club';

/**
 * The member whose booking awaits the front desk (the holder of the 19th family, Luís Otávio
 * Mendes, in card order): not the portal's demo member, not the blocked title.
 */
export const awaitingDeskMemberIndex = 36;

/**
 * The start of the place's latest slot, inside the club's hours, that began before `cutoff`:
 * today's, or the day before's when today's first has not begun yet.
 */
function latestSlotStartBefore(
  place: { startsAt: string; endsAt: string; bookRange: number },
  cutoff: Date,
  timezone: string,
): Date {
  for (let offset = 0; ; offset -= 1) {
    const date = addDaysToDate(clubDateOf(cutoff, timezone), offset);
    const hours = clubHoursOn(dayOfWeekOf(date));
    const closes = Math.min(minutesOfTime(place.endsAt), minutesOfTime(hours.closeTime));
    let latest: Date | undefined;
    for (
      let start = minutesOfTime(place.startsAt);
      start + place.bookRange <= closes;
      start += place.bookRange
    ) {
      const startsAt = clubInstant(date, timeOfMinutes(start), timezone);
      if (start >= minutesOfTime(hours.openTime) && startsAt < cutoff) latest = startsAt;
    }
    if (latest) return latest;
  }
}

type DemoPlace = { id: string; startsAt: string; endsAt: string; bookRange: number };

/** The demo's bookings from today on, one awaiting the front desk, and a few blocked times. */
export async function insertDemoBookings(
  db: Database,
  options: {
    companyId: string;
    timezone: string;
    today: string;
    staff: { id: string };
    placeRows: DemoPlace[];
    associateRows: Array<{ id: string; associateTitleId: string }>;
  },
) {
  const { companyId, timezone, today, staff, placeRows, associateRows } = options;
  // Bookings over the next days, and a few blocked times.
  const [tennis1, tennis2, multi, pool, barbecue] = placeRows;
  const bookings = [
    // Today, so the calendar, the occupancy and the day's lists have something at once.
    { place: tennis1!, day: 0, time: '07:00', minutes: 60, associate: 1 },
    { place: tennis1!, day: 0, time: '12:00', minutes: 60, associate: 3 },
    { place: tennis1!, day: 0, time: '19:00', minutes: 60, associate: 5 },
    { place: tennis2!, day: 0, time: '18:00', minutes: 60, associate: 7 },
    { place: pool!, day: 0, time: '16:00', minutes: 45, associate: 9 },
    { place: tennis1!, day: 1, time: '08:00', minutes: 60, associate: 0 },
    { place: tennis1!, day: 1, time: '18:00', minutes: 60, associate: 2 },
    { place: tennis1!, day: 2, time: '19:00', minutes: 60, associate: 4 },
    { place: tennis2!, day: 1, time: '09:00', minutes: 60, associate: 6 },
    { place: tennis2!, day: 3, time: '17:00', minutes: 60, associate: 8 },
    { place: multi!, day: 2, time: '09:30', minutes: 90, associate: 10 },
    { place: pool!, day: 1, time: '08:15', minutes: 45, associate: 12 },
    { place: pool!, day: 2, time: '07:30', minutes: 45, associate: 14 },
    { place: barbecue!, day: 5, time: '10:00', minutes: 360, associate: 16 },
  ];
  await db.insert(appointments).values(
    bookings.map((booking) => {
      const date = addDaysToDate(today, booking.day);
      const startsAt = clubInstant(date, booking.time, timezone);
      const associate = associateRows[booking.associate]!;
      return {
        companyId,
        placeId: booking.place.id,
        associateId: associate.id,
        associateTitleId: associate.associateTitleId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + booking.minutes * 60_000),
        createdBy: staff.id,
      };
    }),
  );
  // A booking that started a while ago and nobody has marked yet, so the front desk has a
  // no-show (or a late check-in) to record on the first start.
  const awaitingStart = latestSlotStartBefore(multi!, new Date(Date.now() - 20 * 60_000), timezone);
  const awaitingMember = associateRows[awaitingDeskMemberIndex]!;
  await db.insert(appointments).values({
    companyId,
    placeId: multi!.id,
    associateId: awaitingMember.id,
    associateTitleId: awaitingMember.associateTitleId,
    startsAt: awaitingStart,
    endsAt: new Date(awaitingStart.getTime() + multi!.bookRange * 60_000),
    createdBy: staff.id,
  });
  await db.insert(blockedTimes).values([
    {
      companyId,
      placeId: pool!.id,
      description: 'Manutenção do filtro',
      startsAt: clubInstant(addDaysToDate(today, 1), '12:00', timezone),
      endsAt: clubInstant(addDaysToDate(today, 1), '14:15', timezone),
      createdBy: staff.id,
    },
    {
      companyId,
      placeId: tennis2!.id,
      description: 'Torneio interno',
      startsAt: clubInstant(addDaysToDate(today, 4), '08:00', timezone),
      endsAt: clubInstant(addDaysToDate(today, 4), '12:00', timezone),
      createdBy: staff.id,
    },
  ]);
}
