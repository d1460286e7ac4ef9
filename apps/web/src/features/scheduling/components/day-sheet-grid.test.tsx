import { clubInstant, type DaySheet, type DaySheetCell } from '@clube/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllTranslations } from '@/lib/i18n';
import { DaySheetGrid } from './day-sheet-grid';
import { firstCurrentMinute, gridMinWidthPx, hoursOf, minCellWidthPx } from './day-sheet-layout';
import { renderWithProviders } from '@/testing/render';

const timezone = 'America/Sao_Paulo';
const date = '2030-03-05';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function cell(time: string, minutes: number, extra: Partial<DaySheetCell> = {}): DaySheetCell {
  const startsAt = clubInstant(date, time, timezone);
  return {
    time,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + minutes * 60_000).toISOString(),
    state: 'free',
    ...extra,
  };
}

const sheet: DaySheet = {
  date,
  timezone,
  operatingHour: { openTime: '06:00', closeTime: '22:00' },
  specialDay: null,
  categories: [
    {
      id: id(1),
      name: 'Piscinas',
      places: [
        {
          id: id(2),
          name: 'Piscina',
          bookRange: 30,
          cells: [
            cell('05:30', 30, { state: 'outside', outsideReason: 'club-hours' }),
            cell('06:00', 30),
          ],
        },
      ],
    },
    {
      id: id(3),
      name: 'Quadras',
      places: [
        {
          id: id(4),
          name: 'Quadra 1',
          bookRange: 90,
          cells: [
            cell('08:00', 90, {
              state: 'booked',
              appointment: {
                id: id(5),
                associateId: id(6),
                associateName: 'Maria da Silva',
                cardId: '1234',
                titleName: 'Título 1',
                bookedVia: 'staff',
                bookedByName: 'Ana',
                status: 'SCHEDULED',
                checkedInAt: null,
                noShowAt: null,
                exceptionReason: null,
                startsAt: clubInstant(date, '08:00', timezone).toISOString(),
                endsAt: clubInstant(date, '09:30', timezone).toISOString(),
              },
            }),
            cell('09:30', 90, { state: 'blocked', block: { id: id(7), reason: 'Pintura' } }),
          ],
        },
      ],
    },
  ],
};

beforeAll(() => loadAllTranslations());

describe('DaySheetGrid', () => {
  it('lays every place on one hour axis from the earliest cell to the latest end', () => {
    expect(hoursOf(sheet)).toEqual([5, 6, 7, 8, 9, 10]);
  });

  it('shows each state with its words and opens free and booked cells only', async () => {
    const onOpenCell = vi.fn();
    renderWithProviders({ ui: <DaySheetGrid sheet={sheet} onOpenCell={onOpenCell} /> });
    expect(screen.getByRole('rowheader', { name: /^Piscina\s*30 min$/ })).toBeInTheDocument();
    expect(screen.getByText('Fora do horário do clube')).toBeInTheDocument();
    expect(screen.getByText('Pintura')).toBeInTheDocument();
    const booked = screen.getByRole('button', {
      name: 'Quadra 1, 08:00: Agendado — Maria da Silva, 1234',
    });
    expect(booked).toHaveTextContent('Maria');
    expect(booked).toHaveTextContent('1234');
    await userEvent.click(booked);
    await userEvent.click(screen.getByRole('button', { name: 'Piscina, 06:00: Livre' }));
    expect(onOpenCell).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: /Pintura/ })).toBeNull();
  });

  it('marks a booking made as an exception, its reason in the name and the tooltip', () => {
    const booked = sheet.categories[1]!.places[0]!.cells[0]!;
    const reason = 'Torneio da diretoria';
    const exception = {
      ...booked,
      appointment: { ...booked.appointment!, exceptionReason: reason },
    };
    renderWithProviders({
      ui: (
        <DaySheetGrid
          sheet={{
            ...sheet,
            categories: [
              {
                ...sheet.categories[1]!,
                places: [{ ...sheet.categories[1]!.places[0]!, cells: [exception] }],
              },
            ],
          }}
          onOpenCell={() => {}}
        />
      ),
    });
    const cell = screen.getByRole('button', {
      name: `Quadra 1, 08:00: Agendado — Maria da Silva, 1234 — Exceção: ${reason}`,
    });
    expect(cell.querySelector('[data-exception]')).toHaveAttribute('title', `Exceção: ${reason}`);
  });

  it('shows a member present and a no-show each with its own look and mark, not only a colour', () => {
    const booked = sheet.categories[1]!.places[0]!.cells[0]!;
    const withStatus = (time: string, status: 'CHECKED_IN' | 'NO_SHOW') =>
      cell(time, 90, {
        state: 'booked',
        appointment: { ...booked.appointment!, id: id(status === 'CHECKED_IN' ? 8 : 9), status },
      });
    const attendanceSheet: DaySheet = {
      ...sheet,
      categories: [
        {
          id: id(3),
          name: 'Quadras',
          places: [
            {
              id: id(4),
              name: 'Quadra 1',
              bookRange: 90,
              cells: [booked, withStatus('09:30', 'CHECKED_IN'), withStatus('11:00', 'NO_SHOW')],
            },
          ],
        },
      ],
    };
    renderWithProviders({ ui: <DaySheetGrid sheet={attendanceSheet} onOpenCell={vi.fn()} /> });

    const scheduled = screen.getByRole('button', {
      name: 'Quadra 1, 08:00: Agendado — Maria da Silva, 1234',
    });
    const present = screen.getByRole('button', {
      name: 'Quadra 1, 09:30: Presente — Maria da Silva, 1234',
    });
    const absent = screen.getByRole('button', {
      name: 'Quadra 1, 11:00: Não compareceu — Maria da Silva, 1234',
    });
    // A mark a colour-blind reader (or a grey printer) still sees: a tick and a cross.
    expect(scheduled.querySelector('[data-mark]')).toBeNull();
    expect(present.querySelector('[data-mark="checkedIn"]')).not.toBeNull();
    expect(absent.querySelector('[data-mark="noShow"]')).not.toBeNull();
    // And three different looks.
    const looks = new Set([scheduled.className, present.className, absent.className]);
    expect(looks.size).toBe(3);
    expect(present).toHaveAttribute('title', 'Quadra 1, 09:30: Presente — Maria da Silva, 1234');
  });

  it('is never so narrow that a short cell cuts a first name down, on a tablet it scrolls instead', () => {
    renderWithProviders({ ui: <DaySheetGrid sheet={sheet} onOpenCell={vi.fn()} /> });
    // Six hours of axis with 30-minute cells: each of the twelve half hours gets minCellWidthPx.
    const axisMinutes = hoursOf(sheet).length * 60;
    const least = gridMinWidthPx(sheet, axisMinutes);
    expect(least - 144).toBeGreaterThanOrEqual((axisMinutes / 30) * minCellWidthPx);
    expect(screen.getByRole('grid')).toHaveStyle({ minWidth: `${least}px` });
    // A sheet of 45-minute cells over sixteen hours is wider than an 820 px tablet.
    const fortyFive = {
      ...sheet,
      categories: [
        {
          ...sheet.categories[0]!,
          places: [
            { ...sheet.categories[0]!.places[0]!, bookRange: 45, cells: [cell('06:00', 45)] },
          ],
        },
      ],
    };
    expect(gridMinWidthPx(fortyFive, 16 * 60)).toBeGreaterThan(820);
    expect(gridMinWidthPx(fortyFive, 16 * 60)).toBeGreaterThanOrEqual(
      144 + ((16 * 60) / 45) * minCellWidthPx,
    );
  });

  it("keeps a category's name by the fixed first column when the grid scrolls sideways", () => {
    renderWithProviders({ ui: <DaySheetGrid sheet={sheet} onOpenCell={vi.fn()} /> });
    const header = screen.getByRole('rowheader', { name: 'Quadras' });
    const name = header.querySelector('span')!;
    expect(name).toHaveTextContent('Quadras');
    // The header spans the whole scrolled row, so it is its text that sticks, above the column.
    expect(name.className).toMatch(/\bsticky\b/);
    expect(name.className).toMatch(/\bleft-0\b/);
    expect(name.className).toMatch(/\bz-20\b/);
    expect(header.className).not.toMatch(/\bsticky\b/);
  });

  it('opens today at an hour before the next cell, a day ahead or over at its start', () => {
    const at = (time: string) => clubInstant(date, time, timezone);
    // 08:40: the pool's cells are over, the court's 08:00 booking runs until 09:30.
    expect(firstCurrentMinute(sheet, at('08:40'))).toBe(8 * 60);
    expect(firstCurrentMinute(sheet, at('04:00'))).toBeNull();
    expect(firstCurrentMinute(sheet, at('23:00'))).toBeNull();

    // jsdom lays nothing out: the table is 744 px wide (600 px of axis for hours 05–10).
    const width = vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(744);
    const { container } = renderWithProviders({
      ui: <DaySheetGrid sheet={sheet} onOpenCell={vi.fn()} now={() => at('08:40')} />,
    });
    width.mockRestore();
    const scroller = container.querySelector('.day-sheet') as HTMLDivElement;
    // 07:00 is two of the six hours of the axis: a third of 600 px.
    expect(scroller.scrollLeft).toBe(200);
  });

  it('is a grid of one tab stop: arrows move between times and places, Enter opens the cell', async () => {
    const onOpenCell = vi.fn();
    renderWithProviders({
      ui: (
        <>
          <button type="button">antes</button>
          <DaySheetGrid sheet={sheet} onOpenCell={onOpenCell} />
        </>
      ),
    });
    const grid = screen.getByRole('grid', { name: 'Horários do dia por espaço' });
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(screen.getAllByRole('gridcell')).toHaveLength(4);

    await userEvent.click(screen.getByRole('button', { name: 'antes' }));
    await userEvent.tab();
    // The first free time; the one before it, outside the club's hours, is read, not opened.
    const free = screen.getByRole('button', { name: 'Piscina, 06:00: Livre' });
    expect(free).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(
      screen.getByRole('img', { name: 'Piscina, 05:30: Fora do horário do clube' }),
    ).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    await userEvent.keyboard('{ArrowRight}');
    expect(free).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    const booked = screen.getByRole('button', {
      name: 'Quadra 1, 08:00: Agendado — Maria da Silva, 1234',
    });
    expect(booked).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('img', { name: /Quadra 1, 09:30: Bloqueado/ })).toHaveFocus();
    await userEvent.keyboard('{Home}{Enter}');
    expect(onOpenCell).toHaveBeenCalledTimes(1);
    expect(onOpenCell.mock.calls[0]![1]).toMatchObject({ time: '08:00', state: 'booked' });
    // The tab stop stays on the cell last visited: Tab leaves the grid, Shift+Tab comes back to it.
    expect(grid.querySelectorAll('[tabindex="0"]')).toHaveLength(1);
    expect(booked).toHaveAttribute('tabindex', '0');
    await userEvent.keyboard('{Control>}{Home}{/Control}');
    expect(screen.getByRole('img', { name: /Piscina, 05:30/ })).toHaveFocus();
  });
});
