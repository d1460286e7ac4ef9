import type { DaySheet, DaySheetCell, DaySheetPlace } from '@clube/shared';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { checkMove, isMovable, type SheetCell } from './booking-move';
import { CellText, cellLabel, cellStyleOf, hasActivityLine } from './day-sheet-cell';
import {
  firstCurrentMinute,
  gridMinWidthPx,
  hoursOf,
  placeColumnPx,
  spanOf,
} from './day-sheet-layout';
import { moveInGrid, type GridPosition } from './grid-keys';

type DaySheetGridProps = {
  sheet: DaySheet;
  onOpenCell: (place: DaySheetPlace, cell: DaySheetCell) => void;
  /** The clock the grid opens at (tests pass a fixed one). */
  now?: () => Date;
  /** The id a skip link points at. */
  id?: string;
  /** Whether a free cell opens (a role that may book or block); a booked one always does. */
  canOpenFree?: boolean;
  /**
   * Moving a booking (staff who may book): M on a booking, a drag, or a long press on a touch
   * screen starts it; the cell then chosen (Enter, a click, a drop, a tap) goes to onOpenCell,
   * which the page reads as the target; Esc cancels.
   */
  move?: {
    source: SheetCell | null;
    onStart: (source: SheetCell) => void;
    onCancel: () => void;
  };
};

/** How long a finger rests on a booking before it is picked up to move. */
export const longPressMs = 500;

/** Where the grid's tab stop starts: the first free time (in place order), else the first cell. */
function firstCellOf(places: DaySheetPlace[]): GridPosition {
  for (const [row, place] of places.entries()) {
    const column = place.cells.findIndex((cell) => cell.state === 'free');
    if (column >= 0) return { row, column };
  }
  return {
    row: Math.max(
      0,
      places.findIndex((place) => place.cells.length > 0),
    ),
    column: 0,
  };
}

/**
 * Rows are places grouped by category, columns the hours of the day. Each place keeps its own
 * slot grid: a cell is placed by its start and sized by its length on the shared hour axis, so a
 * 30-minute pool and a 90-minute court line up by the clock.
 */
export function DaySheetGrid({
  sheet,
  onOpenCell,
  now = () => new Date(),
  id,
  canOpenFree = true,
  move,
}: DaySheetGridProps) {
  const { t } = useTranslation();
  const hours = hoursOf(sheet);
  const axisStart = (hours[0] ?? 0) * 60;
  const axisLength = Math.max(60, hours.length * 60);
  const scroller = useRef<HTMLDivElement>(null);
  // A new day opens at the hour that matters now (an earlier one at its start).
  useLayoutEffect(() => {
    const element = scroller.current;
    const table = element?.querySelector('table');
    if (!element || !table) return;
    const minute = firstCurrentMinute(sheet, now());
    const axisWidth = table.offsetWidth - placeColumnPx;
    element.scrollLeft =
      minute === null ? 0 : Math.max(0, ((minute - 60 - axisStart) / axisLength) * axisWidth);
    // Only when the day changes: live updates of the same day leave the scroll where it is.
  }, [sheet.date]);
  // The WAI-ARIA grid: one cell in the tab order (the last one focused), arrows move between them.
  const places = sheet.categories.flatMap((category) => category.places);
  const rowOf = new Map(places.map((place, index) => [place.id, index]));
  const rows = places.map((place) => place.cells.map(spanOf));
  const [chosen, setActive] = useState<GridPosition | null>(null);
  const active = chosen && rows[chosen.row]?.[chosen.column] ? chosen : firstCellOf(places);
  const focusCell = (target: GridPosition) =>
    scroller.current
      ?.querySelector<HTMLElement>(`[data-cell="${target.row}:${target.column}"]`)
      ?.focus();
  const source = move?.source ?? null;
  const cellAt = (position: GridPosition) => {
    const place = places[position.row];
    const cell = place?.cells[position.column];
    return place && cell ? { place, cell } : null;
  };
  // A drag that ends without a drop on a target puts the booking back; a long press is not a click.
  const dropped = useRef(false);
  const pressTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pickedByPress = useRef(false);
  const endPress = () => {
    if (pressTimer.current) clearTimeout(pressTimer.current);
    pressTimer.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (move && (event.key === 'm' || event.key === 'M') && !event.ctrlKey && !event.metaKey) {
      const here = cellAt(active);
      if (here && !source && isMovable(here.cell, now())) {
        event.preventDefault();
        move.onStart(here);
      }
      return;
    }
    if (move && source && event.key === 'Escape') {
      event.preventDefault();
      move.onCancel();
      return;
    }
    if (move && source && event.key === 'Enter') {
      // A button's Enter is its click; a cell that is no button is still a (refused) target.
      const here = cellAt(active);
      if (here && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        onOpenCell(here.place, here.cell);
      }
      return;
    }
    const target = moveInGrid(rows, active, event.key, event.ctrlKey || event.metaKey);
    if (!target) return;
    event.preventDefault();
    setActive(target);
    focusCell(target);
  };
  const position = (cell: DaySheetCell) => {
    const { start, end } = spanOf(cell);
    return {
      left: `${((start - axisStart) / axisLength) * 100}%`,
      width: `${((end - start) / axisLength) * 100}%`,
    };
  };

  return (
    <div
      ref={scroller}
      id={id}
      tabIndex={-1}
      // The skip link lands here: focus goes on to the grid's one cell in the tab order.
      onFocus={(event) => {
        if (event.target === event.currentTarget) focusCell(active);
      }}
      className="day-sheet scroll-pl-36 overflow-x-auto outline-none rounded-xl bg-white shadow-sm ring-1 ring-slate-200 print:overflow-visible print:shadow-none print:ring-0"
    >
      <table
        role="grid"
        aria-label={t('scheduling.daySheet.gridLabel')}
        onKeyDown={onKeyDown}
        className="w-full table-fixed border-collapse text-xs print:min-w-0!"
        style={{ minWidth: `${gridMinWidthPx(sheet, axisLength)}px` }}
      >
        <colgroup>
          <col className="w-36 print:w-28" />
          <col />
        </colgroup>
        <thead>
          <tr className="border-b border-slate-200">
            <th
              scope="col"
              className="sticky left-0 z-10 bg-white px-2 py-2 text-left font-semibold text-slate-700"
            >
              {t('scheduling.daySheet.place')}
            </th>
            <th scope="col" className="p-0">
              <div className="relative h-8">
                {hours.map((hour, index) => (
                  <span
                    key={hour}
                    className="absolute top-0 bottom-0 border-l border-slate-200 pt-2 pl-1 font-medium text-slate-600"
                    style={{ left: `${((index * 60) / axisLength) * 100}%` }}
                  >
                    {String(hour).padStart(2, '0')}h
                  </span>
                ))}
              </div>
            </th>
          </tr>
        </thead>
        {sheet.categories.map((category) => (
          <tbody key={category.id} className="break-inside-avoid">
            <tr className="bg-slate-50">
              <th
                colSpan={2}
                scope="rowgroup"
                className="p-0 text-left text-sm font-semibold text-slate-800"
              >
                {/* The cell spans the scrolled width; its text keeps to the visible left edge. */}
                <span className="sticky left-0 z-20 inline-block bg-slate-50 px-2 py-1.5">
                  {category.name}
                </span>
              </th>
            </tr>
            {category.places.map((place) => (
              <tr key={place.id} className="border-t border-slate-100">
                <th
                  scope="row"
                  className="sticky left-0 z-10 bg-white px-2 py-1 text-left align-middle font-medium text-slate-800"
                >
                  <span className="line-clamp-2 leading-tight break-words" title={place.name}>
                    {place.name}
                  </span>
                  <span className="block font-normal text-slate-500">{place.bookRange} min</span>
                </th>
                {/* The cells below are the row's grid cells, each at its time on the axis. */}
                <td role="presentation" className="p-0">
                  <div className={cn('relative', hasActivityLine(place) ? 'h-14' : 'h-12')}>
                    {hours.map((hour, index) => (
                      <span
                        key={hour}
                        aria-hidden
                        className="absolute top-0 bottom-0 border-l border-slate-100"
                        style={{ left: `${((index * 60) / axisLength) * 100}%` }}
                      />
                    ))}
                    {place.cells.map((cell, column) => {
                      const clickable =
                        cell.state === 'booked' || (cell.state === 'free' && canOpenFree);
                      const isSource =
                        source?.place.id === place.id && source.cell.startsAt === cell.startsAt;
                      const isTarget =
                        source !== null && checkMove(sheet, source, { place, cell }) === 'ok';
                      const movable = move !== undefined && !source && isMovable(cell, now());
                      const className = cn(
                        'h-full w-full overflow-hidden rounded-md px-1 py-0.5 text-left text-[11px] leading-tight ring-1 ring-inset',
                        'focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700 focus-visible:outline-solid',
                        cellStyleOf(cell, { isClickable: clickable }),
                        // Not by colour alone: the booking picked up is dashed and raised, the
                        // cells it may go to get a dashed outline.
                        isSource &&
                          'opacity-70 outline-4 outline-double outline-brand-800 -outline-offset-4',
                        movable && 'select-none [-webkit-touch-callout:none]',
                        isTarget && 'outline-2 outline-dashed outline-brand-600 -outline-offset-2',
                      );
                      const label = `${cellLabel(t, place, cell)}${
                        isSource
                          ? ` — ${t('scheduling.daySheet.move.pickedUp')}`
                          : isTarget
                            ? ` — ${t('scheduling.daySheet.move.targetHint')}`
                            : ''
                      }`;
                      const row = rowOf.get(place.id)!;
                      const keys = {
                        'data-cell': `${row}:${column}`,
                        tabIndex: row === active.row && column === active.column ? 0 : -1,
                        onFocus: () => setActive({ row, column }),
                      };
                      return (
                        <div
                          key={cell.startsAt}
                          role="gridcell"
                          className="absolute top-1 bottom-1"
                          style={position(cell)}
                        >
                          {clickable ? (
                            <button
                              type="button"
                              data-state={cell.state}
                              className={className}
                              aria-label={label}
                              title={label}
                              data-move={isSource ? 'source' : isTarget ? 'target' : undefined}
                              onClick={() => {
                                if (pickedByPress.current) {
                                  pickedByPress.current = false;
                                  return;
                                }
                                onOpenCell(place, cell);
                              }}
                              draggable={movable}
                              aria-keyshortcuts={movable ? 'M' : undefined}
                              onDragStart={(event) => {
                                if (!movable || !move) return;
                                dropped.current = false;
                                event.dataTransfer.effectAllowed = 'move';
                                event.dataTransfer.setData('text/plain', cell.appointment!.id);
                                move.onStart({ place, cell });
                              }}
                              onDragEnd={() => {
                                if (!dropped.current) move?.onCancel();
                              }}
                              onDragOver={(event) => {
                                if (!isTarget) return;
                                event.preventDefault();
                                event.dataTransfer.dropEffect = 'move';
                              }}
                              onDrop={(event) => {
                                if (!isTarget) return;
                                event.preventDefault();
                                dropped.current = true;
                                onOpenCell(place, cell);
                              }}
                              onPointerDown={(event) => {
                                // A new touch is a new gesture: the long press's click, if the
                                // browser sent none, must not swallow this tap.
                                pickedByPress.current = false;
                                if (!movable || !move || event.pointerType === 'mouse') return;
                                endPress();
                                pressTimer.current = setTimeout(() => {
                                  pickedByPress.current = true;
                                  move.onStart({ place, cell });
                                }, longPressMs);
                              }}
                              onPointerUp={endPress}
                              onPointerLeave={endPress}
                              onPointerCancel={endPress}
                              onContextMenu={(event) => {
                                // The long press is ours, not the browser's menu.
                                if (movable && (pressTimer.current || pickedByPress.current))
                                  event.preventDefault();
                              }}
                              {...keys}
                            >
                              <CellText cell={cell} />
                            </button>
                          ) : (
                            <div
                              data-state={cell.state}
                              className={className}
                              title={label}
                              aria-label={label}
                              role="img"
                              {...keys}
                            >
                              <CellText cell={cell} />
                            </div>
                          )}
                        </div>
                      );
                    })}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
