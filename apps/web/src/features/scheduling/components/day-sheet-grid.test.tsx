import { clubInstant, type DaySheet, type DaySheetCell } from '@clube/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllTranslations } from '@/lib/i18n';
import { DaySheetGrid, hoursOf } from './day-sheet-grid';
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
      name: 'Quadra 1, 08:00: Agendado — Maria da Silva',
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
      name: `Quadra 1, 08:00: Agendado — Maria da Silva — Exceção: ${reason}`,
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
      name: 'Quadra 1, 08:00: Agendado — Maria da Silva',
    });
    const present = screen.getByRole('button', {
      name: 'Quadra 1, 09:30: Presente — Maria da Silva',
    });
    const absent = screen.getByRole('button', {
      name: 'Quadra 1, 11:00: Não compareceu — Maria da Silva',
    });
    // A mark a colour-blind reader (or a grey printer) still sees: a tick and a cross.
    expect(scheduled.querySelector('[data-mark]')).toBeNull();
    expect(present.querySelector('[data-mark="checkedIn"]')).not.toBeNull();
    expect(absent.querySelector('[data-mark="noShow"]')).not.toBeNull();
    // And three different looks.
    const looks = new Set([scheduled.className, present.className, absent.className]);
    expect(looks.size).toBe(3);
    expect(present).toHaveAttribute('title', 'Quadra 1, 09:30: Presente — Maria da Silva');
  });
});
