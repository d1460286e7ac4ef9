import { clubTimeOf, dateLabel, type SeriesPreview } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** Every date of a series' preview: free, or why it will not be booked. */
export function SeriesPreviewList({
  preview,
  timezone,
}: {
  preview: SeriesPreview;
  timezone: string;
}) {
  const { t } = useTranslation();
  const free = preview.dates.filter((date) => date.available).length;
  return (
    <section aria-label={t('series.preview.title', { free, total: preview.dates.length })}>
      <h3 className="mb-2 text-base font-semibold text-slate-900">
        {t('series.preview.title', { free, total: preview.dates.length })}
      </h3>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
        {preview.dates.map((date) => (
          <li
            key={date.date}
            data-date={date.date}
            className={cn(
              'flex flex-wrap items-baseline justify-between gap-2 px-3 py-2 text-sm',
              !date.available && 'bg-amber-50',
            )}
          >
            <span className="font-medium text-slate-900">
              {dateLabel(date.date)} · {clubTimeOf(new Date(date.startsAt), timezone)}
            </span>
            {date.available ? (
              <span className="text-emerald-700">{t('series.preview.free')}</span>
            ) : (
              <span className="text-amber-900">
                {date.reasons
                  .map((reason) =>
                    reason.detail ? `${reason.message}: ${reason.detail}` : reason.message,
                  )
                  .join(' · ')}{' '}
                — {t('series.preview.skip')}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
