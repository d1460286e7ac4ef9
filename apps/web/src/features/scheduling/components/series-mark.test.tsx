import { clubInstant, type DaySheet } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DaySheetGrid } from './day-sheet-grid';
import { AppointmentList } from './appointment-list';
import { loadAllTranslations } from '@/lib/i18n';
import { buildAppointment, buildDaySheetAppointment } from '@/testing/factories';
import { renderWithProviders } from '@/testing/render';

const timezone = 'America/Sao_Paulo';
const date = '2030-03-05';
const seriesId = '00000000-0000-4000-8000-000000000099';

function sheetWith(series: { id: string; activityName: string | null } | null): DaySheet {
  const startsAt = clubInstant(date, '18:00', timezone);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  return {
    date,
    timezone,
    operatingHour: { openTime: '06:00', closeTime: '22:00' },
    specialDay: null,
    categories: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        name: 'Quadras',
        places: [
          {
            id: '00000000-0000-4000-8000-000000000002',
            name: 'Quadra 2',
            bookRange: 60,
            cells: [
              {
                time: '18:00',
                startsAt: startsAt.toISOString(),
                endsAt: endsAt.toISOString(),
                state: 'booked',
                appointment: buildDaySheetAppointment({
                  associateName: 'Carla Professora',
                  cardId: '5501',
                  startsAt: startsAt.toISOString(),
                  endsAt: endsAt.toISOString(),
                  series,
                }),
              },
            ],
          },
        ],
      },
    ],
  };
}

beforeAll(async () => {
  await loadAllTranslations();
});

describe('series marks', () => {
  it("marks a series' booking on the day sheet with its activity's name, in the cell's name too", () => {
    renderWithProviders({
      ui: (
        <DaySheetGrid
          sheet={sheetWith({ id: seriesId, activityName: 'Escolinha de tênis' })}
          onOpenCell={vi.fn()}
        />
      ),
    });
    const cell = screen.getByRole('button', { name: /Quadra 2, 18:00/ });
    // A short mark, then the activity on a line of its own (cut at the cell's edge, whole in
    // its title); the cell's name keeps the whole text.
    const mark = within(cell).getByText('Série');
    expect(mark).toBeVisible();
    expect(mark.closest('[data-series]')).toHaveAttribute('title', 'Série · Escolinha de tênis');
    expect(within(cell).getByText('Escolinha de tênis')).toHaveAttribute(
      'title',
      'Escolinha de tênis',
    );
    expect(cell).toHaveAccessibleName(
      'Quadra 2, 18:00: Agendado — Carla Professora, Série · Escolinha de tênis, 5501',
    );
  });

  it("gives a row with an activity's booking the height of a third line", () => {
    const { unmount } = renderWithProviders({
      ui: (
        <DaySheetGrid
          sheet={sheetWith({ id: seriesId, activityName: 'Escolinha de tênis' })}
          onOpenCell={vi.fn()}
        />
      ),
    });
    const rowOf = () =>
      screen.getByRole('button', { name: /Quadra 2, 18:00/ }).closest('.relative')!;
    expect(rowOf()).toHaveClass('h-14');
    unmount();
    renderWithProviders({
      ui: (
        <DaySheetGrid
          sheet={sheetWith({ id: seriesId, activityName: null })}
          onOpenCell={vi.fn()}
        />
      ),
    });
    expect(rowOf()).toHaveClass('h-12');
    expect(
      within(screen.getByRole('button', { name: /Quadra 2, 18:00/ })).getByText('Série'),
    ).toBeVisible();
  });

  it('leaves a single booking unmarked, its card where the mark would be', () => {
    renderWithProviders({ ui: <DaySheetGrid sheet={sheetWith(null)} onOpenCell={vi.fn()} /> });
    const cell = screen.getByRole('button', { name: /Quadra 2, 18:00/ });
    expect(within(cell).queryByText(/Série/)).toBeNull();
    expect(within(cell).getByText('5501')).toBeVisible();
  });

  it("marks a member's series and an activity's in the place's appointment list", () => {
    renderWithProviders({
      ui: (
        <AppointmentList
          timezone={timezone}
          onOpen={vi.fn()}
          appointments={[
            buildAppointment({ series: { id: seriesId, activityName: null } }),
            buildAppointment({ series: { id: seriesId, activityName: 'Escolinha de tênis' } }),
            buildAppointment(),
          ]}
        />
      ),
    });
    const rows = screen.getAllByRole('listitem');
    expect(within(rows[0]!).getByText('Série')).toBeVisible();
    expect(within(rows[1]!).getByText('Série · Escolinha de tênis')).toBeVisible();
    expect(within(rows[2]!).queryByText(/Série/)).toBeNull();
  });
});
