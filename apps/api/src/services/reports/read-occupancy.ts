import type { Report } from '@clube/shared';
import type { PlaceDays, PlacePeriodRow } from './read-place-days';

type Totals = {
  bookable: { current: number; previous: number };
  booked: { current: number; previous: number };
};

const emptyTotals = (): Totals => ({
  bookable: { current: 0, previous: 0 },
  booked: { current: 0, previous: 0 },
});

type Cell = { period: PlacePeriodRow['period']; bookableMinutes: number; bookedMinutes: number };

const add = (totals: Totals, cell: Cell) => {
  totals.bookable[cell.period] += cell.bookableMinutes;
  totals.booked[cell.period] += cell.bookedMinutes;
};

const figures = (totals: Totals) => ({
  bookableMinutes: totals.bookable,
  bookedMinutes: totals.booked,
});

/**
 * Occupancy of the period by place, category, and weekday × hour, beside the previous period,
 * from the places' days (readPlaceDays): closed, blocked, linked-held and outside-hours time never
 * enter the denominator. A place with no slot minutes in either period is left out.
 */
export function occupancyOf({ places: rows, weekdays }: PlaceDays): Report['occupancy'] {
  const total = emptyTotals();
  const places = new Map<string, { name: string; categoryName: string; totals: Totals }>();
  const categories = new Map<string, { name: string; totals: Totals }>();
  for (const row of rows) {
    if (row.bookableMinutes === 0 && row.bookedMinutes === 0) continue;
    add(total, row);
    const place = places.get(row.placeId) ?? {
      name: row.placeName,
      categoryName: row.categoryName,
      totals: emptyTotals(),
    };
    places.set(row.placeId, place);
    add(place.totals, row);
    const category = categories.get(row.categoryId) ?? {
      name: row.categoryName,
      totals: emptyTotals(),
    };
    categories.set(row.categoryId, category);
    add(category.totals, row);
  }
  const byName = (a: { name: string }, b: { name: string }) =>
    a.name.localeCompare(b.name, 'pt-BR');
  return {
    total: figures(total),
    places: [...places.entries()]
      .map(([id, place]) => ({
        id,
        name: place.name,
        categoryName: place.categoryName,
        ...figures(place.totals),
      }))
      .sort(byName),
    categories: [...categories.entries()]
      .map(([id, category]) => ({ id, name: category.name, ...figures(category.totals) }))
      .sort(byName),
    heatmap: weekdays
      .flatMap((row) =>
        row.bookableByHour.map((bookable, hour) => ({
          weekday: row.weekday,
          hour,
          bookableMinutes: Number(bookable),
          bookedMinutes: Number(row.bookedByHour[hour]),
        })),
      )
      .filter((cell) => cell.bookableMinutes > 0)
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour),
  };
}
