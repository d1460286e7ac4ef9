import { PermissionNote } from '@/components/permission-note';
import { useCan } from '@/lib/permissions';
import { clubToday, isCalendarDate, type Appointment, type TimeSlot } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { RecordNotFound } from '@/components/record-not-found';
import { Alert } from '@/components/ui/alert';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePlace } from '@/lib/api/get-place';
import { useCurrentCompany } from '@/lib/current-company';
import { isNotFoundError } from '@/lib/errors';
import { isWellFormedId } from '@/lib/record-id';
import { useDayAppointments } from '../api/get-appointments';
import { useTimeSlots } from '../api/get-time-slots';
import { AppointmentDetailDialog } from '../components/appointment-detail-dialog';
import { AppointmentList } from '../components/appointment-list';
import { BlockSlotDialog } from '../components/block-slot-dialog';
import { CreateAppointmentDialog } from '../components/create-appointment-dialog';
import { MonthCalendar } from '../components/month-calendar';
import { SlotLegend } from '../components/slot-legend';
import { TimeSlotList } from '../components/time-slot-list';

type OpenDialog = 'create' | 'block' | null;

/** A real calendar date "AAAA-MM-DD" (not 2026-02-31), else null: the page then shows today. */
/**
 * A place's calendar and day: the chosen date lives in the URL (`?date=AAAA-MM-DD`), so a reload
 * or a shared link opens the same day; a date that is not one opens today.
 */
export function PlaceAppointmentsPage() {
  const { t } = useTranslation();
  const canBook = useCan('bookings.write');
  const canBlock = useCan('blocks.write');
  const { placeId = '' } = useParams();
  const company = useCurrentCompany();
  const today = clubToday(company.timezone);
  const [searchParams, setSearchParams] = useSearchParams();
  const dateParam = searchParams.get('date');
  const date = isCalendarDate(dateParam) ? dateParam : today;
  const [month, setMonth] = useState(date.slice(0, 7));
  const [selectedSlot, setSelectedSlot] = useState<TimeSlot | null>(null);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [openAppointment, setOpenAppointment] = useState<Appointment | null>(null);
  // The place is read to know it exists; the day's slots and bookings load alongside it.
  const place = usePlace(company.id, placeId);
  const isKnownId = isWellFormedId(placeId);
  const slots = useTimeSlots(company.id, placeId, date, isKnownId);
  const appointments = useDayAppointments(company.id, placeId, date, isKnownId);

  const selectDate = (next: string) => {
    const params = new URLSearchParams(searchParams);
    params.set('date', next);
    setSearchParams(params, { replace: true });
    setMonth(next.slice(0, 7));
    setSelectedSlot(null);
  };
  const closeDialog = () => {
    setOpenDialog(null);
    setSelectedSlot(null);
  };

  if (!isKnownId || isNotFoundError(place.error)) {
    return <RecordNotFound message={t('errors.PlaceNotFound')} />;
  }
  if (place.isError) return <Alert tone="error">{t('common.loadError')}</Alert>;
  if (place.isPending) return <LoadingState label={t('common.loading')} />;

  const heading = t('scheduling.placeAppointments.titleOf', { place: place.data.name });
  return (
    <div className="space-y-6 pb-20 sm:pb-0">
      <title>{`${heading} · Clube Reservas`}</title>
      <Link
        to={paths.dashboard.href()}
        className={buttonStyles({ variant: 'ghost', size: 'sm', className: '-ml-3' })}
      >
        ‹ {t('scheduling.placeAppointments.back')}
      </Link>
      <PageHeader title={heading} description={t('scheduling.placeAppointments.description')} />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <MonthCalendar
          month={month}
          onMonthChange={setMonth}
          selectedDate={date}
          today={today}
          onSelectDate={selectDate}
          timezone={company.timezone}
        />
        <section className="space-y-4" aria-labelledby="slots-heading">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="slots-heading" className="text-base font-semibold text-slate-900">
              {t('scheduling.slots.heading')}
            </h2>
            <Link
              to={paths.placeBlockedTimes.href(placeId, date)}
              className={buttonStyles({ variant: 'secondary', size: 'sm' })}
            >
              {t('scheduling.actions.manageBlocks')}
            </Link>
          </div>
          {slots.isPending ? (
            <Spinner className="size-6" />
          ) : slots.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {t('scheduling.slots.loadError')}
            </p>
          ) : slots.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t('scheduling.slots.empty')}</p>
          ) : (
            <>
              <SlotLegend looks={['free', 'booked', 'blocked', 'past', 'outside']} />
              <TimeSlotList
                slots={slots.data}
                selectedTime={selectedSlot?.time ?? null}
                onSelect={setSelectedSlot}
              />
            </>
          )}
          <PermissionNote permission="bookings.write" />
          {selectedSlot && (canBook || canBlock) && (
            // On a phone the actions stay at the bottom of the screen, never below the fold.
            <div className="fixed inset-x-0 bottom-0 z-20 flex gap-2 border-t border-slate-200 bg-white/95 p-3 shadow-[0_-4px_12px_rgba(15,23,42,0.08)] backdrop-blur sm:static sm:z-auto sm:flex-wrap sm:border-0 sm:bg-transparent sm:p-0 sm:shadow-none sm:backdrop-blur-none [&>*]:flex-1 [&>*]:px-2 [&>*]:whitespace-nowrap sm:[&>*]:flex-none sm:[&>*]:px-4">
              {canBook && (
                <Button onClick={() => setOpenDialog('create')}>
                  {t('scheduling.actions.create')}
                </Button>
              )}
              {canBlock && (
                <Button variant="secondary" onClick={() => setOpenDialog('block')}>
                  {t('scheduling.actions.block')}
                </Button>
              )}
            </div>
          )}
        </section>
      </div>

      <section className="space-y-3" aria-labelledby="appointments-heading">
        <h2 id="appointments-heading" className="text-base font-semibold text-slate-900">
          {t('scheduling.list.heading')}
        </h2>
        {appointments.isPending ? (
          <Spinner className="size-6" />
        ) : appointments.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {t('scheduling.list.loadError')}
          </p>
        ) : appointments.data.length === 0 ? (
          <p className="text-sm text-slate-600">{t('scheduling.list.empty')}</p>
        ) : (
          <AppointmentList
            appointments={appointments.data}
            timezone={company.timezone}
            onOpen={setOpenAppointment}
          />
        )}
      </section>

      {selectedSlot && (
        <>
          <CreateAppointmentDialog
            isOpen={openDialog === 'create'}
            onClose={closeDialog}
            slot={selectedSlot}
            placeId={placeId}
            placeName={place.data.name}
            companyId={company.id}
            timezone={company.timezone}
          />
          <BlockSlotDialog
            isOpen={openDialog === 'block'}
            onClose={closeDialog}
            slot={selectedSlot}
            placeId={placeId}
            placeName={place.data.name}
            companyId={company.id}
            timezone={company.timezone}
          />
        </>
      )}
      <AppointmentDetailDialog
        appointment={openAppointment}
        companyId={company.id}
        timezone={company.timezone}
        noShowToleranceMinutes={company.noShowToleranceMinutes}
        onClose={() => setOpenAppointment(null)}
      />
    </div>
  );
}
