import type { PortalPlace } from '@clube/shared';
import type { TFunction } from 'i18next';

/** "1 hora e 30 minutos"-style duration of a slot, in the portal's words. */
export function describeDuration(t: TFunction, minutes: number): string {
  if (minutes % 60 === 0) return t('portal.places.hours', { count: minutes / 60 });
  if (minutes < 60) return t('portal.places.minutes', { count: minutes });
  return t('portal.places.hoursMinutes', {
    hours: Math.floor(minutes / 60),
    minutes: minutes % 60,
  });
}

/** A place's booking rules as plain sentences, the ones that apply only. */
export function describePlaceRules(t: TFunction, place: PortalPlace): string[] {
  const rules: string[] = [];
  rules.push(
    place.availableBookingDays === 0
      ? t('portal.places.rules.windowToday')
      : t('portal.places.rules.window', { count: place.availableBookingDays }),
  );
  rules.push(
    t('portal.places.rules.slot', {
      duration: describeDuration(t, place.bookRange),
      start: place.startsAt,
      end: place.endsAt,
    }),
  );
  rules.push(
    place.maxCancelBookingTime === 0
      ? t('portal.places.rules.cancelAnytime')
      : t('portal.places.rules.cancel', { count: place.maxCancelBookingTime }),
  );
  if (place.ageRestriction > 0) {
    rules.push(t('portal.places.rules.age', { count: place.ageRestriction }));
  }
  if (place.associateReservationLimit > 0) {
    rules.push(t('portal.places.rules.limit', { count: place.associateReservationLimit }));
  }
  if (place.category.blockedAppointmentDay) {
    rules.push(t('portal.places.rules.sameDay', { category: place.category.name }));
  }
  if (place.category.notAppointmentPreviousDayTime) {
    rules.push(t('portal.places.rules.previousDay', { category: place.category.name }));
  }
  return rules;
}
