import type { Database } from '@clube/db';
import {
  clubToday,
  type TimeSlot,
  type timeSlotsParamsSchema,
  type timeSlotsQuerySchema,
} from '@clube/shared';
import type { z } from 'zod';
import { bookingWindowOf } from './booking-window';
import { readPlaceDay, slotsOfPlaceDay } from './place-day/read-place-day';
import { slotStatesOf } from './slots';

export type ListTimeSlotsOptions = {
  /** The caller's clubs: a place of any other answers PlaceNotFound. */
  companyIds: ReadonlySet<string>;
  now?: Date;
} & z.output<typeof timeSlotsParamsSchema> &
  z.output<typeof timeSlotsQuerySchema>;

/**
 * The slots of a place on a club-local date, each marked available or not (docs/domain.md), an
 * unavailable one with its reason (slotStatesOf, what holds a slot first): a booking names its
 * member and a block its reason (staff's view; the portal never names who booked). One read
 * (readPlaceDay).
 */
export async function listTimeSlots(
  db: Database,
  options: ListTimeSlotsOptions,
): Promise<TimeSlot[]> {
  const now = options.now ?? new Date();
  const day = await readPlaceDay(db, {
    placeId: options.placeId,
    companyIds: options.companyIds,
    date: options.date,
    labels: true,
  });
  const { isBeyond } = bookingWindowOf({
    date: options.date,
    today: clubToday(day.timezone, now),
    availableBookingDays: day.place.availableBookingDays,
  });
  return slotStatesOf(slotsOfPlaceDay(day), day.busy, { now, beyondWindow: isBeyond }).map(
    ({ slot, booking, block, state }) => {
      const detail =
        state === 'taken' ? booking?.label : state === 'blocked' ? block?.label : undefined;
      return {
        time: slot.time,
        startsAt: slot.startsAt.toISOString(),
        endsAt: slot.endsAt.toISOString(),
        available: state === 'free',
        ...(state === 'free'
          ? {}
          : {
              reason: state === 'outside-window' ? ('booking-window' as const) : state,
              ...(detail ? { detail } : {}),
            }),
      };
    },
  );
}
