import { clubInstant, type DaySheet, type DaySheetCell } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllTranslations } from '@/lib/i18n';
import { buildDaySheetAppointment } from '@/testing/factories';
import { renderWithProviders } from '@/testing/render';
import { DaySheetPhoneList } from './day-sheet-phone-list';

const timezone = 'America/Sao_Paulo';
const date = '2030-03-05';

function cellAt(time: string, values: Partial<DaySheetCell>): DaySheetCell {
  const startsAt = clubInstant(date, time, timezone);
  return {
    time,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    state: 'free',
    ...values,
  };
}

const place = {
  id: '00000000-0000-4000-8000-000000000002',
  name: 'Quadra 2',
  bookRange: 60,
  cells: [
    cellAt('17:00', { waitlistCount: 1 }),
    cellAt('18:00', {
      state: 'booked',
      waitlistCount: 2,
      appointment: buildDaySheetAppointment({ associateName: 'Carla Professora', cardId: '5501' }),
    }),
    cellAt('19:00', {}),
  ],
};
const sheet: DaySheet = {
  date,
  timezone,
  operatingHour: { openTime: '06:00', closeTime: '22:00' },
  specialDay: null,
  categories: [{ id: '00000000-0000-4000-8000-000000000001', name: 'Quadras', places: [place] }],
};

beforeAll(async () => {
  await loadAllTranslations();
});

describe('the day sheet on a phone', () => {
  it("shows a slot's line in whole words at the end of its row, as its name ends", () => {
    renderWithProviders({
      ui: (
        <DaySheetPhoneList
          sheet={sheet}
          place={place}
          onPlaceChange={vi.fn()}
          moving={null}
          canOpenFree
          onOpenCell={vi.fn()}
        />
      ),
    });
    const booked = screen.getByRole('button', { name: /Quadra 2, 18:00/ });
    expect(within(booked).getByText('2 na espera')).toBeVisible();
    expect(booked).toHaveAccessibleName(/— 2 na espera$/);
    const free = screen.getByRole('button', { name: /Quadra 2, 17:00/ });
    expect(within(free).getByText('1 na espera')).toBeVisible();
    const quiet = screen.getByRole('button', { name: /Quadra 2, 19:00/ });
    expect(within(quiet).queryByText(/na espera/)).toBeNull();
  });
});
