import { companies, operatingHours, places, type Database } from '@clube/db';
import { clubToday, dayOfWeekOf, type occupancyQuerySchema } from '@clube/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { clubDayRange, loadBusyIntervals, slotGridOf } from './load-place-schedule';
import { generateSlotTimes } from './slots';

export type GetOccupancyOptions = z.output<typeof occupancyQuerySchema> & { now?: Date };

/** A club-local day's occupancy of every active place of a club: booked slots out of all slots. */
export async function getOccupancy(db: Database, options: GetOccupancyOptions) {
  const [company] = await db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, options.companyId));
  if (!company) throw new AppError('CompanyNotFound');
  const date = options.date ?? clubToday(company.timezone, options.now);
  const [clubPlaces, [hour]] = await Promise.all([
    db
      .select()
      .from(places)
      .where(and(eq(places.companyId, options.companyId), isNull(places.archivedAt)))
      .orderBy(asc(places.name)),
    db
      .select({ openTime: operatingHours.openTime, closeTime: operatingHours.closeTime })
      .from(operatingHours)
      .where(
        and(
          eq(operatingHours.companyId, options.companyId),
          eq(operatingHours.dayOfWeek, dayOfWeekOf(date)),
        ),
      ),
  ]);
  const { booked } = await loadBusyIntervals(db, {
    placeIds: clubPlaces.map((place) => place.id),
    range: clubDayRange(date, company.timezone),
  });
  const items = clubPlaces.map((place) => {
    const slots = generateSlotTimes(date, company.timezone, slotGridOf(place, hour ?? null));
    const placeBookings = booked.filter((appointment) => appointment.placeId === place.id);
    const bookedSlots = slots.filter((slot) =>
      placeBookings.some(
        (appointment) => appointment.startsAt < slot.endsAt && slot.startsAt < appointment.endsAt,
      ),
    ).length;
    return { placeId: place.id, booked: bookedSlots, total: slots.length };
  });
  return { date, items };
}
