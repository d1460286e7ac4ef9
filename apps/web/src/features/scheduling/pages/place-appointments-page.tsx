import { clubToday, type Appointment, type TimeSlot } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { RecordNotFound } from '@/components/record-not-found';
import { Alert } from '@/components/ui/alert';
import { LoadingState, Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePlace } from '@/lib/api/get-place';
import { useCurrentCompany } from '@/lib/current-company';
import { isNotFoundError } from '@/lib/error-messages';
import { isWellFormedId } from '@/lib/record-id';
import { useDayAppointments } from '../api/get-appointments';
import { useTimeSlots } from '../api/get-time-slots';
import { AppointmentDetailDialog } from '../components/appointment-detail-dialog';
import { AppointmentList } from '../components/appointment-list';
import { BlockSlotDialog } from '../components/block-slot-dialog';
import { CreateAppointmentDialog } from '../components/create-appointment-dialog';
import { MonthCalendar } from '../components/month-calendar';
import { TimeSlotList } from '../components/time-slot-list';

type OpenDialog = 'create' | 'block' | null;

export function PlaceAppointmentsPage() {
  const { t } = useTranslation();
  const { placeId = '' } = useParams();
  const company = useCurrentCompany();
  const today = clubToday(company.timezone);
  const [month, setMonth] = useState(today.slice(0, 7));
  const [date, setDate] = useState(today);
  const [selectedSlot, setSelectedSlot] = useState<TimeSlot | null>(null);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);
  const [openAppointment, setOpenAppointment] = useState<Appointment | null>(null);
  // The place is read to know it exists; the day's slots and bookings load alongside it.
  const place = usePlace(company.id, placeId);
  const isKnownId = isWellFormedId(placeId);
  const slots = useTimeSlots(company.id, placeId, date, isKnownId);
  const appointments = useDayAppointments(company.id, placeId, date, isKnownId);

  const selectDate = (next: string) => {
    setDate(next);
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

  return (
    <div className="space-y-6">
      <PageHeader
        title={t('scheduling.placeAppointments.title')}
        description={t('scheduling.placeAppointments.description')}
      />
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
              to={paths.placeBlockedTimes.href(placeId)}
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
            <TimeSlotList
              slots={slots.data}
              selectedTime={selectedSlot?.time ?? null}
              onSelect={setSelectedSlot}
            />
          )}
          {selectedSlot && (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => setOpenDialog('create')}>
                {t('scheduling.actions.create')}
              </Button>
              <Button variant="secondary" onClick={() => setOpenDialog('block')}>
                {t('scheduling.actions.block')}
              </Button>
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
            companyId={company.id}
            timezone={company.timezone}
          />
          <BlockSlotDialog
            isOpen={openDialog === 'block'}
            onClose={closeDialog}
            slot={selectedSlot}
            placeId={placeId}
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
