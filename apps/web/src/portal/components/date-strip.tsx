import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { calendarDateParts, formatCalendarDate } from '../lib/format';

type DateStripProps = {
  dates: string[];
  selected: string;
  today: string;
  onSelect: (date: string) => void;
};

/** The booking window's days as a horizontal strip of buttons (scrolls sideways on phones). */
export function DateStrip({ dates, selected, today, onSelect }: DateStripProps) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('portal.availability.datesLabel')}
      className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2"
    >
      {dates.map((date, index) => {
        const parts = calendarDateParts(date);
        const isSelected = date === selected;
        const name =
          date === today
            ? t('portal.availability.today')
            : index === 1 && dates[0] === today
              ? t('portal.availability.tomorrow')
              : parts.weekday;
        return (
          <button
            key={date}
            type="button"
            aria-pressed={isSelected}
            onClick={() => onSelect(date)}
            className={cn(
              // relative: the screen-reader text stays inside the chip, not at the far end of the page.
              'relative flex w-16 shrink-0 cursor-pointer flex-col items-center rounded-xl border px-1 py-2 text-sm',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
              isSelected
                ? 'border-brand-800 bg-brand-800 text-white'
                : 'border-slate-200 bg-white text-slate-700 hover:border-brand-700',
            )}
          >
            <span className="text-xs">{name}</span>{' '}
            <span className="text-xl font-semibold">{parts.day}</span>{' '}
            <span className="text-xs">{parts.month}</span>
            {/* The name starts with what the chip shows (voice control says what it sees), then
                the whole date for screen readers. */}
            <span className="sr-only">, {formatCalendarDate(date)}</span>
          </button>
        );
      })}
    </div>
  );
}
