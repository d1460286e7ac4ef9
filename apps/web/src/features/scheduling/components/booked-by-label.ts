import type { Appointment } from '@clube/shared';
import type { TFunction } from 'i18next';

/** Who booked: the staff member, or the member "pelo portal" when booked on the members' portal. */
export function bookedByLabel(
  appointment: Pick<Appointment, 'bookedVia' | 'bookedBy'>,
  t: TFunction,
): string {
  const name = appointment.bookedBy?.name ?? t('common.notInformed');
  return appointment.bookedVia === 'portal' ? t('scheduling.list.viaPortal', { name }) : name;
}
