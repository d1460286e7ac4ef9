import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

type ExceptionMarkProps = {
  /** The reason staff wrote when they booked despite a rule the club may waive. */
  reason: string;
  /** `compact`: a small "E" for a narrow day-sheet cell (the reason in its tooltip). */
  variant?: 'badge' | 'compact';
  className?: string;
};

/**
 * The mark of a booking made as an exception (docs/domain.md, "Exceptions"): the same violet on
 * the day sheet, the place's calendar, the associate's page and the booking's details.
 */
export function ExceptionMark({ reason, variant = 'badge', className }: ExceptionMarkProps) {
  const { t } = useTranslation();
  const label = t('scheduling.exception.markWithReason', { reason });
  if (variant === 'compact')
    return (
      <span
        title={reason ? label : undefined}
        data-exception
        className={cn(
          'inline-flex size-3.5 shrink-0 items-center justify-center rounded-full bg-violet-700 text-[9px] leading-none font-bold text-white',
          className,
        )}
      >
        {/* Drawn, like an icon: the letter is not a word of the cell it marks (its name says it). */}
        <span aria-hidden className="after:content-['E']" />
        {reason && <span className="sr-only">{label}</span>}
      </span>
    );
  return (
    <span
      title={label}
      data-exception
      className={cn(
        'inline-flex items-center rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900 ring-1 ring-violet-300 ring-inset',
        className,
      )}
    >
      {t('scheduling.exception.mark')}
      <span className="sr-only">: {reason}</span>
    </span>
  );
}
