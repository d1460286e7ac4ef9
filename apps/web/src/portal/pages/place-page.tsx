import {
  addDaysToDate,
  clubToday,
  dateLabel,
  isCalendarDate,
  type PortalSlot,
} from '@clube/shared';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { LoadingState } from '@/components/ui/spinner';
import { importOrReload } from '@/lib/import-or-reload';
import { useMe } from '../api/me';
import { usePlaces, useSlots } from '../api/places';
import { usePortalClubEvents } from '../api/use-club-events';
import { DateStrip } from '../components/date-strip';
import { JoinWaitlistPanel } from '../components/join-waitlist-panel';
import { PlaceGallery } from '../components/place-gallery';
import { PlaceRules } from '../components/place-rules';
import { LoadFailure } from '../components/query-state';
import { SlotGrid } from '../components/slot-grid';
import { formatCalendarDate } from '../lib/format';
import { useSignedInSession } from '../lib/session';
import { portalPaths } from '../paths';

/** The dialog (and Headless UI with it) loads when a member first taps a free slot. */
const BookSlotDialog = lazy(async () => ({
  default: (await importOrReload(() => import('../components/book-slot-dialog'))).BookSlotDialog,
}));

function DaySlots({
  placeId,
  date,
  onBook,
  onJoin,
}: {
  placeId: string;
  date: string;
  onBook: (slot: PortalSlot) => void;
  onJoin: (slot: PortalSlot) => void;
}) {
  const { t } = useTranslation();
  const slots = useSlots(placeId, date);
  if (slots.isPending) return <LoadingState label={t('portal.loading')} />;
  if (slots.isError) return <LoadFailure onRetry={() => void slots.refetch()} />;
  const { specialDay } = slots.data;
  // A holiday or closure says why the day has no slots, or why its hours are not the usual ones.
  const why =
    specialDay &&
    t(
      specialDay.closed
        ? specialDay.scope === 'club'
          ? 'portal.availability.clubClosed'
          : 'portal.availability.placeClosed'
        : 'portal.availability.specialHours',
      { name: specialDay.name },
    );
  if (slots.data.items.length === 0) {
    return <p className="text-slate-600">{why || t('portal.availability.noSlots')}</p>;
  }
  return (
    <>
      {why ? <p className="mb-3 text-slate-600">{why}</p> : null}
      <SlotGrid slots={slots.data.items} onBook={onBook} onJoin={onJoin} />
    </>
  );
}

/** A place's availability: its rules, the booking window's days, the chosen day's slots. */
export function PlacePage() {
  const { t } = useTranslation();
  const { placeId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const session = useSignedInSession();
  const places = usePlaces();
  const me = useMe();
  // The club's today comes with the session: the day's slots are asked for together with the
  // place list instead of after it (the window check below only ever narrows it to today).
  const today = clubToday(session.club.timezone);
  const requested = searchParams.get('dia');
  const askedDate = isCalendarDate(requested) ? requested : today;
  useSlots(placeId, askedDate);
  // A slot booked elsewhere (another member, the front desk) turns taken without a reload.
  usePortalClubEvents();
  const [slotToBook, setSlotToBook] = useState<PortalSlot | null>(null);
  const [booked, setBooked] = useState<string | null>(null);
  const [slotToJoin, setSlotToJoin] = useState<PortalSlot | null>(null);

  if (places.isPending || me.isPending) return <LoadingState label={t('portal.loading')} />;
  if (places.isError) return <LoadFailure onRetry={() => void places.refetch()} />;
  if (me.isError) return <LoadFailure onRetry={() => void me.refetch()} />;
  const place = places.data.items.find((item) => item.id === placeId);
  if (!place) {
    return (
      <div className="space-y-4">
        <p className="text-slate-700">{t('portal.notFound')}</p>
        <Link to={portalPaths.places.href()} className="font-medium text-brand-700 underline">
          {t('portal.availability.backToPlaces')}
        </Link>
      </div>
    );
  }

  // The window is club-local: today (in the club's timezone) to availableBookingDays ahead.
  const dates = Array.from({ length: place.availableBookingDays + 1 }, (_, index) =>
    addDaysToDate(today, index),
  );
  const date = dates.includes(askedDate) ? askedDate : today;
  // A day in the link that the strip does not offer is said, not silently replaced by today.
  const lastDay = dates[dates.length - 1]!;
  const outsideWindow =
    !requested || date === requested
      ? null
      : !isCalendarDate(requested)
        ? t('portal.availability.outside.invalid')
        : askedDate < today
          ? t('portal.availability.outside.past', { date: dateLabel(askedDate) })
          : t('portal.availability.outside.later', {
              date: dateLabel(askedDate),
              opens: dateLabel(addDaysToDate(askedDate, -place.availableBookingDays)),
              last: dateLabel(lastDay),
            });

  return (
    <div className="space-y-6">
      <Link
        to={portalPaths.places.href()}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <ArrowLeftIcon className="size-4" />
        {t('portal.availability.backToPlaces')}
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{place.name}</h1>
        <p className="mt-1 text-slate-600">{place.category.name}</p>
      </div>
      <PlaceGallery place={place} />
      <details className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <summary className="cursor-pointer font-semibold text-slate-900">
          {t('portal.places.rulesTitle')}
        </summary>
        <div className="mt-2">
          <PlaceRules place={place} />
        </div>
      </details>
      {booked && (
        <Alert>
          <p>{booked}</p>
          <Link to={portalPaths.bookings.href()} className="font-semibold underline">
            {t('portal.home.seeAllBookings')}
          </Link>
        </Alert>
      )}
      {outsideWindow && <Alert>{outsideWindow}</Alert>}
      <DateStrip
        dates={dates}
        selected={date}
        today={today}
        onSelect={(next) => {
          setBooked(null);
          setSlotToJoin(null);
          setSearchParams(next === today ? {} : { dia: next }, { replace: true });
        }}
      />
      <section aria-labelledby="day-slots">
        <h2
          id="day-slots"
          className="mb-3 text-lg font-semibold text-slate-900 first-letter:uppercase"
        >
          {t('portal.availability.slotsTitle', { date: formatCalendarDate(date) })}
        </h2>
        <DaySlots placeId={place.id} date={date} onBook={setSlotToBook} onJoin={setSlotToJoin} />
      </section>
      {slotToJoin && (
        <JoinWaitlistPanel
          key={slotToJoin.startsAt}
          placeId={place.id}
          slot={slotToJoin}
          onClose={() => setSlotToJoin(null)}
        />
      )}
      {slotToBook && (
        <Suspense fallback={null}>
          <BookSlotDialog
            place={place}
            slot={slotToBook}
            me={me.data}
            onClose={() => setSlotToBook(null)}
            onBooked={(summary) => {
              setSlotToBook(null);
              setBooked(summary);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
