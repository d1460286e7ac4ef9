import { clubInstant, type DaySheet, type TimeSlot } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllTranslations } from '@/lib/i18n';
import { DaySheetGrid } from './day-sheet-grid';
import { SlotLegend } from './slot-legend';
import { slotLooks } from './slot-look';
import { TimeSlotList } from './time-slot-list';
import { renderWithProviders } from '@/testing/render';

const timezone = 'America/Sao_Paulo';
const date = '2030-03-05';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (time: string) => clubInstant(date, time, timezone).toISOString();

/** One place with a free 08:00 and a booked 09:00, as the day sheet and the calendar see it. */
const sheet: DaySheet = {
  date,
  timezone,
  operatingHour: { openTime: '06:00', closeTime: '22:00' },
  specialDay: null,
  categories: [
    {
      id: id(1),
      name: 'Quadras',
      places: [
        {
          id: id(2),
          name: 'Quadra 1',
          bookRange: 60,
          cells: [
            { time: '08:00', startsAt: at('08:00'), endsAt: at('09:00'), state: 'free' },
            {
              time: '09:00',
              startsAt: at('09:00'),
              endsAt: at('10:00'),
              state: 'booked',
              appointment: {
                id: id(3),
                associateId: id(4),
                associateName: 'Maria da Silva',
                cardId: '1234',
                titleName: 'Título 1',
                bookedVia: 'staff',
                bookedByName: 'Ana',
                status: 'SCHEDULED',
                checkedInAt: null,
                noShowAt: null,
                exceptionReason: null,
                startsAt: at('09:00'),
                endsAt: at('10:00'),
              },
            },
            {
              time: '10:00',
              startsAt: at('10:00'),
              endsAt: at('11:00'),
              state: 'blocked',
              block: { id: id(5), reason: 'Pintura' },
            },
          ],
        },
      ],
    },
  ],
};

const slots: TimeSlot[] = [
  { time: '08:00', startsAt: at('08:00'), endsAt: at('09:00'), available: true },
  {
    time: '09:00',
    startsAt: at('09:00'),
    endsAt: at('10:00'),
    available: false,
    reason: 'taken',
    detail: 'Maria da Silva',
  },
  {
    time: '10:00',
    startsAt: at('10:00'),
    endsAt: at('11:00'),
    available: false,
    reason: 'blocked',
    detail: 'Pintura',
  },
];

/** The colour classes of an element (layout classes differ between the two screens). */
const colours = (element: HTMLElement) =>
  [...element.classList]
    .filter((name) => /^(bg|text|ring)-([a-z]+-\d+|white)$/.test(name) || name === 'stripes')
    .sort();

beforeAll(() => loadAllTranslations());

describe('one colour scheme for the day sheet and the place calendar', () => {
  it('a free, a booked and a blocked time have the same colours on both screens', () => {
    renderWithProviders({ ui: <DaySheetGrid sheet={sheet} onOpenCell={vi.fn()} /> });
    const sheetFree = screen.getByRole('button', { name: 'Quadra 1, 08:00: Livre' });
    const sheetBooked = screen.getByRole('button', { name: /Quadra 1, 09:00: Agendado/ });
    const sheetBlocked = screen.getByRole('img', { name: /Quadra 1, 10:00: Bloqueado/ });

    const { container } = renderWithProviders({
      ui: <TimeSlotList slots={slots} selectedTime={null} onSelect={vi.fn()} />,
    });
    const list = within(container);
    const calendarFree = list.getByRole('button', { name: /^08:00/ });
    const calendarTaken = list.getByRole('button', { name: /^09:00/ });
    const calendarBlocked = list.getByRole('button', { name: /^10:00/ });

    expect(colours(calendarFree)).toEqual(colours(sheetFree));
    expect(colours(calendarTaken)).toEqual(colours(sheetBooked));
    expect(colours(calendarBlocked)).toEqual(colours(sheetBlocked));
    // Free and booked never share a colour (blue means booked on both).
    expect(colours(sheetFree)).not.toEqual(colours(sheetBooked));
    expect(colours(sheetBooked)).toContain('bg-sky-100');
  });

  it('the legend names every state, attendance included, with its mark', () => {
    renderWithProviders({ ui: <SlotLegend looks={slotLooks} /> });
    const legend = screen.getByRole('list', { name: 'Legenda' });
    const entries = within(legend)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(entries).toEqual([
      'Livre',
      'Agendado',
      'Presente',
      'Não compareceu',
      'Bloqueado',
      'Passado',
      'Indisponível',
      // The exception's "E" is drawn like an icon, not text.
      'Reservado como exceção',
    ]);
    expect(legend.querySelector('[data-look="exception"] [data-exception]')).not.toBeNull();
    expect(legend.querySelector('[data-look="checkedIn"] [data-mark="checkedIn"]')).not.toBeNull();
    expect(legend.querySelector('[data-look="noShow"] [data-mark="noShow"]')).not.toBeNull();
  });
});
