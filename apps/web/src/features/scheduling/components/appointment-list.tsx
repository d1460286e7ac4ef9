import type { Appointment } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatTime } from '@/lib/dates';
import { bookedByLabel } from './booked-by-label';

type AppointmentListProps = {
  appointments: Appointment[];
  timezone: string;
  onOpen: (appointment: Appointment) => void;
};

/** The day's appointments: start, end, booked-at and booked-by (SPEC.md §2). */
export function AppointmentList({ appointments, timezone, onOpen }: AppointmentListProps) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {appointments.map((appointment) => (
        <li key={appointment.id}>
          <button
            type="button"
            onClick={() => onOpen(appointment)}
            aria-label={t('scheduling.list.open', {
              name: appointment.associate.name,
              time: formatTime(appointment.startsAt, timezone),
            })}
            className="grid w-full grid-cols-2 gap-2 px-4 py-3 text-left text-sm hover:bg-slate-50 sm:grid-cols-4"
          >
            <span>
              <span className="block text-xs text-slate-500">{t('scheduling.list.start')}</span>
              {formatTime(appointment.startsAt, timezone)}
            </span>
            <span>
              <span className="block text-xs text-slate-500">{t('scheduling.list.end')}</span>
              {formatTime(appointment.endsAt, timezone)}
            </span>
            <span>
              <span className="block text-xs text-slate-500">{t('scheduling.list.bookedAt')}</span>
              {formatDateTime(appointment.createdAt, timezone)}
            </span>
            <span>
              <span className="block text-xs text-slate-500">{t('scheduling.list.bookedBy')}</span>
              {bookedByLabel(appointment, t)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
