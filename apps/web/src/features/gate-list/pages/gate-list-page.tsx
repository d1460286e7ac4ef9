import { clubInstant, clubToday, isCalendarDate, stripCpf, type GateList } from '@clube/shared';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { useCurrentCompany } from '@/lib/current-company';
import { formatLongDay, formatTime } from '@/lib/dates';
import { errorMessageOf } from '@/lib/errors';
import { useCan } from '@/lib/permissions';
import { useCheckInGuest } from '../api/check-in-guest';
import { useGateList } from '../api/get-gate-list';

type GateBooking = GateList['bookings'][number];

/** Lower case without accents: "José" finds "jose". */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The bookings with the guests a search finds: by guest, member, card, place or CPF digits. */
function searchBookings(bookings: GateBooking[], search: string): GateBooking[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return bookings;
  const matches = (text: string) => words.every((word) => folded(text).includes(word));
  return bookings.flatMap((booking) => {
    const bookingText = `${booking.place.name} ${booking.associate.name} ${booking.associate.cardId}`;
    if (matches(bookingText)) return [booking];
    const guests = booking.guests.filter((guest) => {
      const digits = guest.cpf ? stripCpf(guest.cpf) : '';
      return matches(`${guest.name} ${digits} ${bookingText}`);
    });
    return guests.length > 0 ? [{ ...booking, guests }] : [];
  });
}

/**
 * The front desk's gate list (Portaria): the day's bookings with guests, by time, each with its
 * member and its guests' names and masked CPFs; searchable, printable (the controls and the
 * check-in buttons leave the page on paper, boxes to tick take their place), and a check-in mark
 * per guest for the roles that may check in.
 */
export function GateListPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const today = clubToday(company.timezone);
  const [searchParams, setSearchParams] = useSearchParams();
  const dateParam = searchParams.get('date');
  const date = isCalendarDate(dateParam) ? dateParam : today;
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const list = useGateList(company.id, date);
  const canCheckIn = useCan('bookings.write');
  const checkIn = useCheckInGuest(company.id, date);
  const [failure, setFailure] = useState<string | null>(null);
  const dayLabel = formatLongDay(clubInstant(date, '12:00', company.timezone), company.timezone);

  const bookings = list.data ? searchBookings(list.data.bookings, deferredSearch) : [];
  const guestCount = list.data?.bookings.reduce((sum, item) => sum + item.guests.length, 0) ?? 0;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('gateList.title')}
        description={t('gateList.description', { day: dayLabel, count: guestCount })}
        actions={
          <Button variant="secondary" className="print:hidden" onClick={() => window.print()}>
            {t('gateList.print')}
          </Button>
        }
      />
      <div className="grid gap-4 sm:grid-cols-2 print:hidden">
        <Input
          label={t('gateList.date')}
          type="date"
          value={date}
          onChange={(event) => {
            const next = event.target.value;
            if (!isCalendarDate(next)) return;
            setSearchParams(next === today ? {} : { date: next }, { replace: true });
          }}
        />
        <Input
          label={t('gateList.search')}
          type="search"
          placeholder={t('gateList.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {failure && (
        <Alert tone="error" className="print:hidden">
          {failure}
        </Alert>
      )}
      {list.isPending ? (
        <LoadingState label={t('gateList.loading')} />
      ) : list.isError ? (
        <Alert tone="error">{errorMessageOf(list.error, t('gateList.loadError'))}</Alert>
      ) : bookings.length === 0 ? (
        <p className="text-slate-600">
          {deferredSearch.trim() ? t('gateList.noMatch') : t('gateList.empty')}
        </p>
      ) : (
        <ul className="space-y-4">
          {bookings.map((booking) => (
            <li
              key={booking.appointmentId}
              className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm break-inside-avoid print:rounded-none print:border-x-0 print:border-t-0 print:p-2 print:shadow-none"
            >
              <h2 className="font-semibold text-slate-900">
                {t('gateList.bookingHeading', {
                  start: formatTime(booking.startsAt, company.timezone),
                  end: formatTime(booking.endsAt, company.timezone),
                  place: booking.place.name,
                })}
              </h2>
              <p className="text-sm text-slate-700">
                {t('gateList.member', {
                  name: booking.associate.name,
                  cardId: booking.associate.cardId,
                })}
              </p>
              <table className="mt-3 w-full text-left text-sm">
                <thead className="sr-only print:not-sr-only">
                  <tr>
                    <th scope="col">{t('gateList.guestName')}</th>
                    <th scope="col">{t('gateList.guestCpf')}</th>
                    <th scope="col" className="text-right">
                      {t('gateList.arrived')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {booking.guests.map((guest) => {
                    const hasArrived = guest.checkedInAt !== null;
                    return (
                      <tr key={guest.id}>
                        <td className="py-2 pr-3 font-medium text-slate-900">{guest.name}</td>
                        <td className="py-2 pr-3 whitespace-nowrap text-slate-600 tabular-nums">
                          {guest.cpf ?? t('gateList.noCpf')}
                        </td>
                        <td className="py-2 text-right">
                          {canCheckIn ? (
                            <Button
                              size="sm"
                              variant={hasArrived ? 'secondary' : 'primary'}
                              className="print:hidden"
                              aria-pressed={hasArrived}
                              aria-label={t(
                                hasArrived ? 'gateList.undoLabel' : 'gateList.checkInLabel',
                                {
                                  name: guest.name,
                                },
                              )}
                              isLoading={
                                checkIn.isPending && checkIn.variables?.guestId === guest.id
                              }
                              onClick={() => {
                                setFailure(null);
                                checkIn.mutate(
                                  { guestId: guest.id, checkedIn: !hasArrived },
                                  {
                                    onError: (error) =>
                                      setFailure(errorMessageOf(error, t('gateList.checkInError'))),
                                  },
                                );
                              }}
                            >
                              {hasArrived
                                ? t('gateList.arrivedAt', {
                                    time: formatTime(guest.checkedInAt!, company.timezone),
                                  })
                                : t('gateList.checkIn')}
                            </Button>
                          ) : (
                            hasArrived && (
                              <span className="text-emerald-800 print:hidden">
                                {t('gateList.arrivedAt', {
                                  time: formatTime(guest.checkedInAt!, company.timezone),
                                })}
                              </span>
                            )
                          )}
                          <span aria-hidden className="hidden print:inline">
                            {hasArrived ? '☑' : '☐'}
                          </span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
