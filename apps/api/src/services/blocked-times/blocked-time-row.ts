import { blockedTimes, places } from '@clube/db';
import type { BlockedTime } from '@clube/shared';

export const blockedTimeColumns = {
  id: blockedTimes.id,
  placeId: blockedTimes.placeId,
  placeName: places.name,
  description: blockedTimes.description,
  startsAt: blockedTimes.startsAt,
  endsAt: blockedTimes.endsAt,
  recurrenceId: blockedTimes.recurrenceId,
  createdAt: blockedTimes.createdAt,
};

export type BlockedTimeRow = {
  id: string;
  placeId: string;
  placeName: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  recurrenceId: string | null;
  createdAt: Date;
};

/** The wire shape: the back office names a block's instants `startAt` and `endsAt`. */
export function toBlockedTime(row: BlockedTimeRow): BlockedTime {
  return {
    id: row.id,
    placeId: row.placeId,
    place: { id: row.placeId, name: row.placeName },
    description: row.description,
    startAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    recurrenceId: row.recurrenceId,
    createdAt: row.createdAt.toISOString(),
  };
}
