import type { Appointment } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { ExceptionMark } from '@/components/exception-mark';
import { SeriesMark } from '@/components/series-mark';
import { cn } from '@/components/ui/cn';
import { formatDateTime, formatTime } from '@/lib/dates';
import { AttendanceMark, lookOfStatus, slotLookStyles } from './slot-look';

type AppointmentListProps = {
  appointments: Appointment[];
  timezone: string;
  onOpen: (appointment: Appointment) => void;
};

/**
 * The day's appointments: the member (name and card) first, then status, start, end; who booked
 * it, how (staff or portal) and when as secondary information (docs/domain.md).
 */
export function AppointmentList({ appointments, timezone, onOpen }: AppointmentListProps) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {appointments.map((appointment) => (
        <li
          key={appointment.id}
          className="relative grid grid-cols-3 gap-2 px-4 py-3 text-sm hover:bg-slate-50 sm:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]"
        >
          <span className="col-span-3 sm:col-span-1">
            <span className="block text-xs text-slate-500">{t('scheduling.list.member')}</span>
            {/*
              The member's name is the row's button, stretched over the whole row: its name holds
              the words it shows (voice control reaches it by them), the rest of the row is text.
            */}
            <button
              type="button"
              onClick={() => onOpen(appointment)}
              aria-label={t('scheduling.list.open', {
                name: appointment.associate.name,
                time: formatTime(appointment.startsAt, timezone),
              })}
              className="block w-full truncate text-left font-semibold text-slate-900 after:absolute after:inset-0 after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand-700"
            >
              {appointment.associate.name}
            </button>
            <span className="block text-slate-600">
              {t('scheduling.list.cardId', { cardId: appointment.associate.cardId })}
            </span>
            {appointment.series && <SeriesMark series={appointment.series} className="mt-1" />}
          </span>
          <span>
            <span className="block text-xs text-slate-500">{t('scheduling.list.status')}</span>
            {/* The day sheet's colour and mark for the same state. */}
            <span
              className={cn(
                'inline-flex items-center gap-1 rounded px-1.5 font-medium ring-1 ring-inset',
                slotLookStyles[lookOfStatus(appointment.status)],
              )}
            >
              <AttendanceMark look={lookOfStatus(appointment.status)} />
              {t(`scheduling.status.${appointment.status}`)}
            </span>
            {appointment.exceptionReason && (
              <ExceptionMark reason={appointment.exceptionReason} className="mt-1" />
            )}
          </span>
          <span>
            <span className="block text-xs text-slate-500">{t('scheduling.list.start')}</span>
            {formatTime(appointment.startsAt, timezone)}
          </span>
          <span>
            <span className="block text-xs text-slate-500">{t('scheduling.list.end')}</span>
            {formatTime(appointment.endsAt, timezone)}
          </span>
          <span className="col-span-3 text-xs text-slate-500 sm:col-span-4">
            {t('scheduling.list.bookedBy')}: {appointment.bookedBy?.name ?? t('common.notInformed')}{' '}
            · {t(`scheduling.list.bookedVia.${appointment.bookedVia}`)} ·{' '}
            {t('scheduling.list.bookedAt')} {formatDateTime(appointment.createdAt, timezone)}
          </span>
        </li>
      ))}
    </ul>
  );
}
