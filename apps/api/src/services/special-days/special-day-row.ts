import { categories, places, specialDays, type Database } from '@clube/db';
import type { SpecialDay } from '@clube/shared';
import { and, eq, gte, lt, type SQL } from 'drizzle-orm';

/** Special days of a club with their category's and place's names, by date then scope. */
export async function readSpecialDays(
  db: Database,
  options: { companyId: string; id?: string; from?: string; to?: string },
): Promise<SpecialDay[]> {
  const conditions: SQL[] = [eq(specialDays.companyId, options.companyId)];
  if (options.id) conditions.push(eq(specialDays.id, options.id));
  if (options.from) conditions.push(gte(specialDays.date, options.from));
  if (options.to) conditions.push(lt(specialDays.date, options.to));
  const rows = await db
    .select({
      id: specialDays.id,
      companyId: specialDays.companyId,
      date: specialDays.date,
      name: specialDays.name,
      categoryId: specialDays.categoryId,
      categoryName: categories.name,
      placeId: specialDays.placeId,
      placeName: places.name,
      openTime: specialDays.openTime,
      closeTime: specialDays.closeTime,
    })
    .from(specialDays)
    .leftJoin(categories, eq(categories.id, specialDays.categoryId))
    .leftJoin(places, eq(places.id, specialDays.placeId))
    .where(and(...conditions))
    .orderBy(specialDays.date, specialDays.name, specialDays.id);
  return rows.map((row) => ({
    id: row.id,
    companyId: row.companyId,
    date: row.date,
    name: row.name,
    scope: row.placeId ? 'place' : row.categoryId ? 'category' : 'club',
    category: row.categoryId ? { id: row.categoryId, name: row.categoryName ?? '' } : null,
    place: row.placeId ? { id: row.placeId, name: row.placeName ?? '' } : null,
    openTime: row.openTime?.slice(0, 5) ?? null,
    closeTime: row.closeTime?.slice(0, 5) ?? null,
    closed: row.openTime === null,
  }));
}
