import type { Place } from '@clube/shared';
import type { TFunction } from 'i18next';

type PlaceRules = Pick<
  Place,
  | 'bookRange'
  | 'associateReservationLimit'
  | 'availableBookingDays'
  | 'ageRestriction'
  | 'maxCancelBookingTime'
  | 'anonymousBooking'
>;

/** A place's booking rules as sentences a staff member reads at a glance. */
export function describePlaceRules(place: PlaceRules, t: TFunction): string[] {
  const rules: string[] = [
    t('places.rules.bookRange', { count: place.bookRange }),
    place.associateReservationLimit === 0
      ? t('places.rules.limitNone')
      : t('places.rules.limit', { count: place.associateReservationLimit }),
    place.availableBookingDays === 0
      ? t('places.rules.bookingDaysSameDay')
      : t('places.rules.bookingDays', { count: place.availableBookingDays }),
    place.ageRestriction === 0
      ? t('places.rules.ageNone')
      : t('places.rules.age', { count: place.ageRestriction }),
    place.maxCancelBookingTime === 0
      ? t('places.rules.cancelUntilStart')
      : t('places.rules.cancel', { count: place.maxCancelBookingTime }),
  ];
  if (place.anonymousBooking) rules.push(t('places.rules.anonymous'));
  return rules;
}
