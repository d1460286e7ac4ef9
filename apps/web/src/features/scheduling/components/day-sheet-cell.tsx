import type { DaySheetCell, DaySheetPlace } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { ExceptionMark } from '@/components/exception-mark';
import { SeriesMark, seriesMarkText } from '@/components/series-mark';
import { cn } from '@/components/ui/cn';
import { AttendanceMark, lookOfCell, slotLookHoverStyles, slotLookStyles } from './slot-look';

/** The cell's colours, from the scheme the place calendar shares; clickable cells get a hover. */
export function cellStyleOf(cell: DaySheetCell, { isClickable = false } = {}) {
  const look = lookOfCell(cell);
  return cn(slotLookStyles[look], isClickable && cn('cursor-pointer', slotLookHoverStyles[look]));
}

/**
 * The members in the slot's line, on its cell: a short pill ("fila 2") that fits the narrowest
 * cell beside the card; the cell's name reads it whole ("2 na espera"). A phone row has the room
 * for the whole words (`long`).
 */
export function WaitlistCount({ cell, long = false }: { cell: DaySheetCell; long?: boolean }) {
  const { t } = useTranslation();
  if (!cell.waitlistCount) return null;
  const whole = t('scheduling.waitlist.count', { count: cell.waitlistCount });
  return (
    <span
      title={whole}
      className={cn(
        'shrink-0 rounded bg-amber-100 font-semibold text-amber-900',
        long
          ? 'inline-block px-1.5 text-xs leading-5 whitespace-nowrap'
          : 'px-1 text-[0.7rem] leading-4',
      )}
    >
      {' '}
      {long ? whole : t('scheduling.waitlist.countShort', { count: cell.waitlistCount })}
    </span>
  );
}

export function CellText({ cell }: { cell: DaySheetCell }) {
  const { t } = useTranslation();
  if (cell.state === 'booked' && cell.appointment) {
    const { series } = cell.appointment;
    return (
      <>
        {/*
          The whole name, cut at the cell's edge (a cell is never narrower than a first name), then
          the card: the words on screen are the words of the cell's name, in the same order, so
          whoever says what they see (voice control) reaches the cell.
        */}
        <span className="flex items-center gap-0.5 font-semibold">
          <AttendanceMark look={lookOfCell(cell)} />
          <span className="truncate">{cell.appointment.associateName}</span>
          {cell.appointment.exceptionReason && (
            <ExceptionMark variant="compact" reason={cell.appointment.exceptionReason} />
          )}
        </span>
        {/*
          The space keeps the name and what follows two words when the text is read as one. A
          series' booking says so where the card would be (the card stays in the cell's name and
          its details): a short "Série" mark beside the line's count, then its activity on a line
          of its own (the row is taller for it), cut at the cell's edge, whole in its title.
        */}
        {series ? (
          <>
            <span className="flex items-center justify-between gap-0.5">
              <SeriesMark variant="chip" series={series} />
              <WaitlistCount cell={cell} />
            </span>
            {series.activityName && (
              <span className="block truncate font-medium" title={series.activityName}>
                {' '}
                {series.activityName}
              </span>
            )}
          </>
        ) : (
          <span className="flex items-center justify-between gap-1">
            <span className="truncate opacity-80"> {cell.appointment.cardId}</span>
            <WaitlistCount cell={cell} />
          </span>
        )}
      </>
    );
  }
  if (cell.state === 'blocked') return <span className="block truncate">{cell.block?.reason}</span>;
  if (cell.state === 'outside' && cell.outsideReason)
    return (
      <span className="block truncate">
        {t(`scheduling.daySheet.outside.${cell.outsideReason}`)}
      </span>
    );
  // A free cell shows its time (what the desk reads out); a past one stays quiet.
  if (cell.state === 'free')
    return (
      <span className="flex items-center justify-between gap-1">
        <span className="truncate tabular-nums">{cell.time}</span>
        <WaitlistCount cell={cell} />
      </span>
    );
  return <span className="sr-only">{t(`scheduling.daySheet.states.${cell.state}`)}</span>;
}

/** A row holding a series' booking with an activity needs a third line in its cells. */
export function hasActivityLine(place: DaySheetPlace): boolean {
  return place.cells.some((cell) => Boolean(cell.appointment?.series?.activityName));
}

export function cellLabel(
  translate: ReturnType<typeof useTranslation>['t'],
  place: DaySheetPlace,
  cell: DaySheetCell,
) {
  // Keys built from the cell's state: checking every combination against the whole text table
  // is too deep for the compiler, and each state and reason has its text (the grid test reads them).
  const t = translate as unknown as (key: string, options?: Record<string, unknown>) => string;
  const state =
    cell.state === 'booked' && cell.appointment
      ? `${t(`scheduling.status.${cell.appointment.status}`)} — ${cell.appointment.associateName}, ${
          cell.appointment.series ? `${seriesMarkText(translate, cell.appointment.series)}, ` : ''
        }${cell.appointment.cardId}${
          cell.appointment.exceptionReason
            ? ` — ${t('scheduling.exception.markWithReason', { reason: cell.appointment.exceptionReason })}`
            : ''
        }`
      : cell.state === 'blocked'
        ? `${t('scheduling.daySheet.states.blocked')} — ${cell.block?.reason ?? ''}`
        : cell.state === 'outside' && cell.outsideReason
          ? t(`scheduling.daySheet.outside.${cell.outsideReason}`)
          : t(`scheduling.daySheet.states.${cell.state}`);
  const line = cell.waitlistCount
    ? ` — ${t('scheduling.waitlist.count', { count: cell.waitlistCount })}`
    : '';
  return t('scheduling.daySheet.cellLabel', {
    place: place.name,
    time: cell.time,
    state: state + line,
  });
}
