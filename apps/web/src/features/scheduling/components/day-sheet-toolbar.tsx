import { addDaysToDate, clubInstant, type Category, type DaySheet } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { formatLongDay } from '@/lib/dates';
import type { LiveStatus } from '../api/use-club-events';
import { DayField } from '@/components/day-field';

const liveStyles: Record<LiveStatus, string> = {
  connecting: 'bg-slate-100 text-slate-600',
  live: 'bg-brand-100 text-brand-800',
  offline: 'bg-amber-100 text-amber-900',
};

/** Whether the sheet follows the club's live events, as a dot and a word. */
export function LiveBadge({ live }: { live: LiveStatus }) {
  const { t } = useTranslation();
  return (
    <span
      role="status"
      data-live={live}
      className={cn(
        'inline-flex h-8 items-center gap-1.5 rounded-full px-3 text-sm font-medium',
        liveStyles[live],
      )}
    >
      <span
        aria-hidden
        className={cn(
          'size-2 rounded-full',
          live === 'live' ? 'bg-brand-600' : 'bg-current opacity-50',
        )}
      />
      {t(`scheduling.daySheet.live.${live}`)}
    </span>
  );
}

/** The sheet's day (previous, today, next, any date) and category filter. */
export function DaySheetToolbar({
  date,
  today,
  timezone,
  categoryId,
  categories,
  specialDay,
  onDateChange,
  onCategoryChange,
}: {
  date: string;
  today: string;
  timezone: string;
  categoryId: string | undefined;
  categories: Pick<Category, 'id' | 'name'>[] | undefined;
  /** The date's club-wide special day, named beside the date. */
  specialDay?: DaySheet['specialDay'];
  onDateChange: (date: string) => void;
  onCategoryChange: (categoryId: string | undefined) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-end gap-3 print:hidden">
      <div className="flex items-center gap-1">
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('scheduling.daySheet.previousDay')}
          onClick={() => onDateChange(addDaysToDate(date, -1))}
        >
          ‹
        </Button>
        <Button
          variant={date === today ? 'primary' : 'secondary'}
          size="sm"
          onClick={() => onDateChange(today)}
        >
          {t('scheduling.daySheet.today')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          aria-label={t('scheduling.daySheet.nextDay')}
          onClick={() => onDateChange(addDaysToDate(date, 1))}
        >
          ›
        </Button>
      </div>
      <DayField label={t('scheduling.daySheet.date')} date={date} onChange={onDateChange} />
      <label className="flex flex-col text-xs font-medium text-slate-600">
        {t('scheduling.daySheet.category')}
        <select
          value={categoryId ?? ''}
          onChange={(event) => onCategoryChange(event.target.value || undefined)}
          className="mt-1 h-8 rounded-lg border border-slate-300 px-2 text-sm text-slate-900"
        >
          <option value="">{t('scheduling.daySheet.allCategories')}</option>
          {categories?.map((category) => (
            <option key={category.id} value={category.id}>
              {category.name}
            </option>
          ))}
        </select>
      </label>
      <div className="text-sm sm:ml-auto sm:text-right">
        <p className="font-medium text-slate-700">
          {formatLongDay(clubInstant(date, '12:00', timezone), timezone)}
        </p>
        {specialDay && (
          <p
            className={cn(
              'mt-1 inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold',
              specialDay.closed ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900',
            )}
          >
            {specialDay.closed
              ? t('specialDays.sheet.closed', { name: specialDay.name })
              : t('specialDays.sheet.open', {
                  name: specialDay.name,
                  open: specialDay.openTime ?? '',
                  close: specialDay.closeTime ?? '',
                })}
          </p>
        )}
      </div>
    </div>
  );
}
