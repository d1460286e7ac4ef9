import type { SeriesMark as SeriesOfBooking } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** "Série · Escolinha de tênis", or "Série" for a member's own series. */
export function seriesMarkText(
  translate: ReturnType<typeof useTranslation>['t'],
  series: SeriesOfBooking,
): string {
  // Typed plainly: the whole text table is too deep for the compiler here (as in cellLabel).
  const t = translate as unknown as (key: string, options?: Record<string, unknown>) => string;
  return series.activityName
    ? t('series.mark.activity', { activity: series.activityName })
    : t('series.mark.plain');
}

/**
 * The mark of a booking of a weekly series (docs/domain.md, "Series"), with its activity's name:
 * the same teal on the day sheet, the place's calendar and the associate's page. `chip` is the
 * word "Série" alone for a narrow day-sheet cell, which shows the activity on its own line; its
 * title still says both.
 */
export function SeriesMark({
  series,
  variant = 'badge',
  className,
}: {
  series: SeriesOfBooking;
  variant?: 'badge' | 'chip';
  className?: string;
}) {
  const { t } = useTranslation();
  const text = seriesMarkText(t, series);
  return (
    <span
      data-series={series.id}
      title={text}
      className={cn(
        variant === 'badge'
          ? 'inline-flex max-w-full items-center rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-900 ring-1 ring-teal-300 ring-inset'
          : 'inline-flex min-w-0 items-center rounded bg-teal-700 px-[3px] text-[10px] leading-[14px] font-semibold text-white',
        className,
      )}
    >
      <span className="truncate">{variant === 'badge' ? text : t('series.mark.plain')}</span>
    </span>
  );
}
