import type { DaySheet, DaySheetCell, DaySheetPlace } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { ExceptionMark } from '@/components/exception-mark';
import { seriesMarkText } from '@/components/series-mark';
import { checkMove, type SheetCell } from './booking-move';
import { CellText, WaitlistCount, cellLabel, cellStyleOf } from './day-sheet-cell';
import { AttendanceMark, lookOfCell } from './slot-look';

/**
 * The day sheet on a phone: one place at a time, chosen in a list, its times one under another.
 * Free cells open only for a role that may book or block them.
 */
export function DaySheetPhoneList({
  sheet,
  place,
  onPlaceChange,
  moving,
  canOpenFree,
  onOpenCell,
}: {
  sheet: DaySheet;
  place: DaySheetPlace;
  onPlaceChange: (placeId: string) => void;
  moving: SheetCell | null;
  canOpenFree: boolean;
  onOpenCell: (place: DaySheetPlace, cell: DaySheetCell) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3 md:hidden print:hidden">
      <label className="flex flex-col text-xs font-medium text-slate-600">
        {t('scheduling.daySheet.place')}
        <select
          value={place.id}
          onChange={(event) => onPlaceChange(event.target.value)}
          className="mt-1 h-10 rounded-lg border border-slate-300 px-2 text-base text-slate-900"
        >
          {sheet.categories.map((category) => (
            <optgroup key={category.id} label={category.name}>
              {category.places.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </label>
      <ul className="space-y-1.5">
        {place.cells.map((cell) => (
          <li key={cell.startsAt}>
            <PhoneCell
              place={place}
              cell={cell}
              isClickable={cell.state === 'booked' || (cell.state === 'free' && canOpenFree)}
              isTarget={moving !== null && checkMove(sheet, moving, { place, cell }) === 'ok'}
              onOpen={() => onOpenCell(place, cell)}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function PhoneCell({
  place,
  cell,
  onOpen,
  isClickable,
  isTarget = false,
}: {
  place: DaySheetPlace;
  cell: DaySheetCell;
  onOpen: () => void;
  isClickable: boolean;
  /** A booking is being moved and may go here: outlined, not by colour alone. */
  isTarget?: boolean;
}) {
  const { t } = useTranslation();
  const content = (
    <>
      <span className="w-12 shrink-0 font-semibold tabular-nums">{cell.time}</span>
      <span className="min-w-0 flex-1">
        {/*
          A phone row has room for the words of the cell's name after its time (the state, who,
          the card), in the name's order: the leading spaces keep them words when read as one.
        */}
        {cell.state === 'free' ? (
          <span className="block">
            {` ${t('scheduling.daySheet.states.free')}`} <WaitlistCount cell={cell} long />
          </span>
        ) : cell.state === 'booked' && cell.appointment ? (
          <>
            <span className="flex items-center gap-1 font-semibold">
              <AttendanceMark look={lookOfCell(cell)} />
              <span className="truncate">
                {` ${t(`scheduling.status.${cell.appointment.status}`)} — ${cell.appointment.associateName}`}
              </span>
              {cell.appointment.exceptionReason && (
                <ExceptionMark variant="compact" reason={cell.appointment.exceptionReason} />
              )}
            </span>
            <span className="block">
              <span className="opacity-80">
                {cell.appointment.series && ` ${seriesMarkText(t, cell.appointment.series)},`}
                {` ${cell.appointment.cardId}`}
              </span>{' '}
              <WaitlistCount cell={cell} long />
            </span>
          </>
        ) : (
          <CellText cell={cell} />
        )}
      </span>
    </>
  );
  const className = cn(
    'flex min-h-11 w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm ring-1 ring-inset',
    cellStyleOf(cell, { isClickable }),
    isTarget && 'outline-2 outline-dashed outline-brand-600 -outline-offset-2',
  );
  return isClickable ? (
    <button
      type="button"
      data-state={cell.state}
      className={className}
      aria-label={cellLabel(t, place, cell)}
      onClick={onOpen}
    >
      {content}
    </button>
  ) : (
    <div data-state={cell.state} className={className}>
      {content}
    </div>
  );
}
