import type { PortalBooking } from '@clube/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock, formatLongDate } from '../lib/format';
import { CheckInPass } from './check-in-pass';

type BookingCardProps = {
  booking: PortalBooking;
  timezone: string;
  /** The signed-in member: a booking for someone else of the title names them. */
  memberId: string;
  /** The card's place in the page's outline: 2 right under the page's title, 3 under a section's. */
  headingLevel?: 2 | 3;
  children?: ReactNode;
};

/** One booking: where, when, for whom; a marked one not yet over carries its entry pass. */
export function BookingCard({
  booking,
  timezone,
  memberId,
  headingLevel = 3,
  children,
}: BookingCardProps) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <Heading className="font-semibold text-slate-900">{booking.place.name}</Heading>
      <p className="mt-1 text-slate-700 first-letter:uppercase">
        {t('portal.bookings.when', {
          date: formatLongDate(booking.startsAt, timezone),
          start: formatClock(booking.startsAt, timezone),
          end: formatClock(booking.endsAt, timezone),
        })}
      </p>
      {booking.associate.id !== memberId && (
        <p className="mt-1 text-sm text-slate-600">
          {t('portal.bookings.forMember', { name: booking.associate.name })}
        </p>
      )}
      {children}
      {booking.status === 'SCHEDULED' && new Date(booking.endsAt) > new Date() && (
        <CheckInPass bookingId={booking.id} />
      )}
    </article>
  );
}
