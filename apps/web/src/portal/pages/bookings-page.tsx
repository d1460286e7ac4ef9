import { portalBookingScopes, type PortalBooking, type PortalBookingScope } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { LoadingState } from '@/components/ui/spinner';
import { useBookings, useCancelBooking } from '../api/bookings';
import { BookingCard } from '../components/booking-card';
import { GuestListDialog } from '../components/guest-list-dialog';
import { MySeries } from '../components/my-series';
import { LoadFailure } from '../components/query-state';
import { errorMessageOf } from '@/lib/errors';
import { formatClock, formatDeadline, formatLongDate } from '../lib/format';
import { useSignedInSession } from '../lib/session';
import { useIsOnline } from '../lib/use-is-online';
import { portalPaths } from '../paths';

function readScope(value: string | null): PortalBookingScope {
  return portalBookingScopes.find((scope) => scope === value) ?? 'upcoming';
}

/**
 * Minhas reservas: upcoming, past and cancelled tabs; upcoming ones cancel until the deadline. The
 * upcoming tab leads with the member's weekly series.
 */
export function BookingsPage() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  const timezone = session.club.timezone;
  const [searchParams] = useSearchParams();
  const scope = readScope(searchParams.get('aba'));
  const bookings = useBookings(scope, { memberId: session.member.id, clubId: session.club.id });
  const online = useIsOnline();
  // Without network (or when the last try failed) the list is the one read last time online:
  // it says so, and nothing that needs the server is offered.
  const isLastKnownList = bookings.data !== undefined && (!online || bookings.isRefetchError);
  const cancelBooking = useCancelBooking();
  const [toCancel, setToCancel] = useState<PortalBooking | null>(null);
  const [guestsOf, setGuestsOf] = useState<PortalBooking | null>(null);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);

  const whenOf = (booking: PortalBooking) =>
    t('portal.bookings.when', {
      date: formatLongDate(booking.startsAt, timezone),
      start: formatClock(booking.startsAt, timezone),
      end: formatClock(booking.endsAt, timezone),
    });

  const onConfirmCancel = () => {
    if (!toCancel) return;
    cancelBooking.mutate(
      { id: toCancel.id, placeId: toCancel.place.id },
      {
        onSuccess: () => setNotice({ tone: 'info', text: t('portal.bookings.cancelled') }),
        onError: (error) =>
          setNotice({
            tone: 'error',
            text: errorMessageOf(error, t('portal.bookings.cancelFailed')),
          }),
        onSettled: () => setToCancel(null),
      },
    );
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {t('portal.bookings.title')}
      </h1>
      <nav aria-label={t('portal.bookings.tabsLabel')}>
        <ul className="flex gap-1 rounded-xl bg-slate-200 p-1">
          {portalBookingScopes.map((item) => (
            <li key={item} className="flex-1">
              <Link
                to={portalPaths.bookings.href(item)}
                replace
                aria-current={item === scope ? 'page' : undefined}
                onClick={() => setNotice(null)}
                className={cn(
                  'block rounded-lg px-2 py-2 text-center text-sm font-semibold',
                  'focus-visible:outline-2 focus-visible:outline-brand-700',
                  item === scope ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-700',
                )}
              >
                {t(`portal.bookings.tabs.${item}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {isLastKnownList && (
        <Alert tone="info">
          <strong>
            {t('portal.bookings.offline.since', {
              when: formatDeadline(new Date(bookings.dataUpdatedAt), timezone),
            })}
          </strong>{' '}
          {t('portal.bookings.offline.help')}
        </Alert>
      )}
      {scope === 'upcoming' && online && <MySeries />}
      {bookings.data === undefined && (!online || bookings.fetchStatus === 'paused') ? (
        <p className="text-slate-600">{t('portal.bookings.offline.nothingKept')}</p>
      ) : bookings.data === undefined && bookings.isError ? (
        <LoadFailure onRetry={() => void bookings.refetch()} />
      ) : bookings.data === undefined ? (
        <LoadingState label={t('portal.loading')} />
      ) : bookings.data.items.length === 0 ? (
        <p className="text-slate-600">{t(`portal.bookings.empty.${scope}`)}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {bookings.data.items.map((booking) => (
            <li key={booking.id}>
              <BookingCard
                booking={booking}
                timezone={timezone}
                memberId={session.member.id}
                headingLevel={2}
              >
                <div className="mt-3 space-y-2 text-sm text-slate-600">
                  {booking.bookedVia === 'staff' && <p>{t('portal.bookings.viaStaff')}</p>}
                  {(booking.status === 'CHECKED_IN' || booking.status === 'NO_SHOW') && (
                    <p
                      data-attendance={booking.status}
                      className={cn(
                        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 font-semibold',
                        booking.status === 'CHECKED_IN'
                          ? 'bg-emerald-50 text-emerald-800'
                          : 'bg-red-50 text-red-800',
                      )}
                    >
                      <span aria-hidden>{booking.status === 'CHECKED_IN' ? '✓' : '✕'}</span>
                      {t(`portal.bookings.attendance.${booking.status}`)}
                    </p>
                  )}
                  {booking.status === 'CANCELLED' && booking.cancelledAt && (
                    <p>
                      {t('portal.bookings.cancelledAt', {
                        date: formatDeadline(booking.cancelledAt, timezone),
                      })}
                    </p>
                  )}
                  {booking.status === 'CANCELLED' && booking.cancellationReason && (
                    <p className="font-medium text-slate-800">
                      {t('portal.bookings.cancellationReason', {
                        reason: booking.cancellationReason,
                      })}
                    </p>
                  )}
                  {scope === 'upcoming' && booking.status === 'SCHEDULED' && !isLastKnownList && (
                    <>
                      <p>
                        {booking.cancellable
                          ? t('portal.bookings.cancelUntil', {
                              deadline: formatDeadline(booking.cancelDeadline, timezone),
                            })
                          : t('portal.bookings.cancelClosed', {
                              deadline: formatDeadline(booking.cancelDeadline, timezone),
                            })}
                      </p>
                      {booking.guestLimit > 0 && (
                        <Button
                          variant="secondary"
                          className="w-full sm:w-auto"
                          aria-label={t('common.guests.manageLabel', {
                            place: booking.place.name,
                            when: whenOf(booking),
                          })}
                          onClick={() => {
                            setNotice(null);
                            setGuestsOf(booking);
                          }}
                        >
                          {t('common.guests.manage', { count: booking.guestCount })}
                        </Button>
                      )}
                      {booking.cancellable && (
                        <Button
                          variant="secondary"
                          className="w-full sm:w-auto"
                          aria-label={t('portal.bookings.cancelLabel', {
                            place: booking.place.name,
                            when: whenOf(booking),
                          })}
                          onClick={() => {
                            setNotice(null);
                            setToCancel(booking);
                          }}
                        >
                          {t('portal.bookings.cancel')}
                        </Button>
                      )}
                    </>
                  )}
                </div>
              </BookingCard>
            </li>
          ))}
        </ul>
      )}
      {guestsOf && (
        <GuestListDialog
          booking={guestsOf}
          when={whenOf(guestsOf)}
          timezone={timezone}
          onClose={() => setGuestsOf(null)}
          onSaved={() => {
            setGuestsOf(null);
            setNotice({ tone: 'info', text: t('common.guests.saved') });
          }}
        />
      )}
      <ConfirmDialog
        isOpen={toCancel !== null}
        title={t('portal.bookings.confirmTitle')}
        message={
          toCancel
            ? t('portal.bookings.confirmMessage', {
                place: toCancel.place.name,
                when: whenOf(toCancel),
              })
            : ''
        }
        confirmLabel={t('portal.bookings.confirmYes')}
        cancelLabel={t('portal.bookings.confirmNo')}
        isPending={cancelBooking.isPending}
        onConfirm={onConfirmCancel}
        onClose={() => setToCancel(null)}
      />
    </div>
  );
}
