import { isCalendarDate as isDate } from '@clube/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { DateTimeInput } from '@/components/ui/date-time-input';
import { CalendarIcon } from '@/components/ui/icons';

type DayFieldProps = {
  label: string;
  /** The day shown, "AAAA-MM-DD". */
  date: string;
  onChange: (date: string) => void;
  className?: string;
};

/**
 * A day (the day sheet's, a series' first and last): typed as DD/MM/AAAA (whatever the browser's
 * language) or picked on the browser's own calendar. A half-typed date stays on screen until it is
 * a real date; leaving the field with one that is not puts the day shown back.
 */
export function DayField({ label, date, onChange, className }: DayFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(date);
  // A day set from outside (‹ ›, Hoje, the URL) replaces what is typed.
  const [shownDate, setShownDate] = useState(date);
  if (date !== shownDate) {
    setShownDate(date);
    setDraft(date);
  }
  const pickerRef = useRef<HTMLInputElement>(null);

  const openPicker = () => {
    const picker = pickerRef.current;
    if (!picker) return;
    try {
      picker.showPicker();
    } catch {
      // A browser without showPicker (or one that refuses it) still gets the field focused.
      picker.focus();
    }
  };

  return (
    <div className={cn('flex items-end gap-1', className)}>
      <DateTimeInput
        label={label}
        withTime={false}
        value={draft}
        onChange={(value) => {
          setDraft(value);
          if (isDate(value) && value !== date) onChange(value);
        }}
        onBlur={() => {
          if (!isDate(draft)) setDraft(date);
        }}
        className="w-32"
      />
      <span className="relative">
        <button
          type="button"
          onClick={openPicker}
          aria-label={t('scheduling.daySheet.openCalendar')}
          title={t('scheduling.daySheet.openCalendar')}
          className="flex size-10 cursor-pointer items-center justify-center rounded-lg text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          <CalendarIcon className="size-5" />
        </button>
        {/* The browser's own calendar, opened by the button above; never reached by Tab. */}
        <input
          ref={pickerRef}
          type="date"
          tabIndex={-1}
          aria-hidden
          data-testid="day-picker"
          value={date}
          onChange={(event) => {
            if (isDate(event.target.value)) onChange(event.target.value);
          }}
          className="pointer-events-none absolute inset-0 size-full opacity-0"
        />
      </span>
    </div>
  );
}
