import { clubInstant } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { formatLongDay, formatMonthYear } from '@/lib/dates';
import { buildMonthGrid, shiftMonth } from './month-grid';

type MonthCalendarProps = {
  /** "YYYY-MM" shown. */
  month: string;
  onMonthChange: (month: string) => void;
  /** Club-local "YYYY-MM-DD". */
  selectedDate: string;
  today: string;
  onSelectDate: (date: string) => void;
  timezone: string;
};

/** A month of days, weeks starting on Sunday, month names in pt-BR (docs/domain.md). */
export function MonthCalendar({
  month,
  onMonthChange,
  selectedDate,
  today,
  onSelectDate,
  timezone,
}: MonthCalendarProps) {
  const { t } = useTranslation();
  const cells = buildMonthGrid(month);
  const weekdays = t('scheduling.calendar.weekdays', { returnObjects: true }) as readonly string[];
  const weekdayNames = t('scheduling.calendar.weekdayNames', {
    returnObjects: true,
  }) as readonly string[];
  const noon = (date: string) => clubInstant(date, '12:00', timezone);

  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="mb-3 flex items-center justify-between">
        <button
          type="button"
          onClick={() => onMonthChange(shiftMonth(month, -1))}
          aria-label={t('scheduling.calendar.previousMonth')}
          className="rounded-lg px-3 py-1.5 text-lg text-slate-700 hover:bg-slate-100"
        >
          ‹
        </button>
        <h2
          className="text-base font-semibold text-slate-900 first-letter:uppercase"
          aria-live="polite"
        >
          {formatMonthYear(noon(`${month}-01`), timezone)}
        </h2>
        <button
          type="button"
          onClick={() => onMonthChange(shiftMonth(month, 1))}
          aria-label={t('scheduling.calendar.nextMonth')}
          className="rounded-lg px-3 py-1.5 text-lg text-slate-700 hover:bg-slate-100"
        >
          ›
        </button>
      </div>
      <div role="grid" className="grid grid-cols-7 gap-1 text-center text-sm">
        <div role="row" className="contents">
          {weekdays.map((letter, index) => (
            <div
              key={index}
              role="columnheader"
              aria-label={weekdayNames[index]}
              className="py-1 font-semibold text-slate-500"
            >
              {letter}
            </div>
          ))}
        </div>
        <div role="row" className="contents">
          {cells.map((cell) => {
            const isSelected = cell.date === selectedDate;
            const isToday = cell.date === today;
            return (
              <div role="gridcell" key={cell.date} aria-selected={isSelected}>
                <button
                  type="button"
                  onClick={() => onSelectDate(cell.date)}
                  aria-label={`${formatLongDay(noon(cell.date), timezone)}${isToday ? ` (${t('scheduling.calendar.today')})` : ''}`}
                  aria-current={isToday ? 'date' : undefined}
                  aria-pressed={isSelected}
                  className={cn(
                    'h-10 w-full rounded-lg font-medium transition-colors',
                    cell.isInMonth ? 'text-slate-900' : 'text-slate-400',
                    isToday && 'ring-2 ring-brand-700 ring-inset',
                    isSelected ? 'bg-brand-700 text-white' : 'hover:bg-slate-100',
                  )}
                >
                  {Number(cell.date.slice(8))}
                </button>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
