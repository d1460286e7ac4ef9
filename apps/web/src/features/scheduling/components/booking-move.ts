import type { DaySheet, DaySheetCell, DaySheetPlace } from '@clube/shared';

/** A cell of the day sheet with its place: the booking being moved, or where it goes. */
export type SheetCell = { place: DaySheetPlace; cell: DaySheetCell };

/** Why a cell cannot take the booking being moved ('ok' when it can; 'same' is its own cell). */
export type MoveCheck = 'ok' | 'same' | 'not-free' | 'other-category' | 'other-length';

/** Whether staff may start moving this booking: still only scheduled, and not started. */
export function isMovable(cell: DaySheetCell, now: Date): boolean {
  return (
    cell.state === 'booked' &&
    cell.appointment?.status === 'SCHEDULED' &&
    Date.parse(cell.startsAt) > now.getTime()
  );
}

const lengthOf = (cell: DaySheetCell) => Date.parse(cell.endsAt) - Date.parse(cell.startsAt);

/**
 * What the sheet can tell before asking the server: the target is a free cell of a place of the
 * same category, as long as the booking. The server checks every booking rule again.
 */
export function checkMove(sheet: DaySheet, source: SheetCell, target: SheetCell): MoveCheck {
  if (source.place.id === target.place.id && source.cell.startsAt === target.cell.startsAt)
    return 'same';
  if (target.cell.state !== 'free') return 'not-free';
  const categoryOf = (placeId: string) =>
    sheet.categories.find((category) => category.places.some((place) => place.id === placeId))?.id;
  if (categoryOf(source.place.id) !== categoryOf(target.place.id)) return 'other-category';
  if (lengthOf(source.cell) !== lengthOf(target.cell)) return 'other-length';
  return 'ok';
}
