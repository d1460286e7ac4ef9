import { dateLabel, minutesOfTime, seriesWeekdayLabels, timeOfMinutes } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { useMySeries } from '../api/series';

/**
 * Minhas reservas' weekly series (docs/domain.md, "Series"): each with its weekdays, time, period,
 * place and how many of its dates are still to come. Nothing while the member has none.
 */
export function MySeries() {
  const { t } = useTranslation();
  const series = useMySeries();
  const now = Date.now();
  const active = (series.data ?? []).filter((item) => item.cancelledAt === null);
  if (active.length === 0) return null;
  return (
    <section aria-labelledby="my-series-title" className="space-y-3">
      <h2 id="my-series-title" className="text-lg font-semibold text-slate-900">
        {t('portal.series.title')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {active.map((item) => {
          const remaining = item.bookings.filter(
            (booking) =>
              booking.status === 'SCHEDULED' && new Date(booking.startsAt).getTime() > now,
          ).length;
          const days = item.weekdays
            .map((day) => seriesWeekdayLabels[day as keyof typeof seriesWeekdayLabels])
            .join(', ');
          const start = item.startTime.slice(0, 5);
          const end = timeOfMinutes((minutesOfTime(start) + item.lengthMinutes) % 1440);
          return (
            <li
              key={item.id}
              data-series={item.id}
              className="rounded-2xl border border-teal-200 bg-white p-4 shadow-sm"
            >
              <p className="text-xs font-semibold tracking-wide text-teal-800 uppercase">
                {item.activityName ?? t('portal.series.activity')}
              </p>
              <h3 className="mt-1 text-base font-semibold text-slate-900">{item.placeName}</h3>
              <p className="mt-1 text-sm text-slate-700">
                {t('portal.series.when', { days, start, end })}
              </p>
              <p className="text-sm text-slate-700">
                {t('portal.series.period', {
                  from: dateLabel(item.startsOn),
                  to: dateLabel(item.endsOn),
                })}
              </p>
              <p className="mt-2 text-sm font-medium text-slate-900">
                {remaining === 0
                  ? t('portal.series.remainingNone')
                  : t('portal.series.remaining', { count: remaining })}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
