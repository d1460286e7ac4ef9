import {
  clubInstant,
  clubToday,
  type DaySheet,
  type DaySheetAppointment,
  type DaySheetCell,
  type StaffRole,
} from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const timezone = 'America/Sao_Paulo';
const today = clubToday(timezone);
const id = (n: number) => `99999999-0000-4000-8000-${String(n).padStart(12, '0')}`;

function cell(time: string, state: DaySheetCell['state']): DaySheetCell {
  const startsAt = clubInstant(today, time, timezone);
  return {
    time,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
    state,
  };
}

// Far enough in the day that the booking can still be cancelled and moved.
const booked: DaySheetAppointment = {
  id: id(30),
  associateId: id(31),
  associateName: 'Ana Lima',
  cardId: '1234',
  titleName: 'Título 7',
  bookedVia: 'staff',
  bookedByName: 'Carlos',
  startsAt: cell('23:00', 'booked').startsAt,
  endsAt: cell('23:00', 'booked').endsAt,
  status: 'SCHEDULED',
  checkedInAt: null,
  noShowAt: null,
  exceptionReason: null,
};

const sheet: DaySheet = {
  date: today,
  timezone,
  operatingHour: { openTime: '06:00', closeTime: '23:59' },
  specialDay: null,
  categories: [
    {
      id: id(1),
      name: 'Quadras',
      places: [
        {
          id: id(20),
          name: 'Quadra 1',
          bookRange: 60,
          cells: [cell('22:00', 'free'), { ...cell('23:00', 'booked'), appointment: booked }],
        },
      ],
    },
  ],
};

async function openDaySheetAs(role: StaffRole) {
  setSession(buildSession());
  const company = buildCompany({ timezone, role });
  setCurrentCompany(company);
  mockApi(
    route.get('/backoffice/company', { items: [company] }),
    route.get<DaySheet>('/backoffice/day-sheet', sheet),
    route.get(`/backoffice/category/company/${company.id}`, { items: [] }),
    route.get(
      '/backoffice/events',
      () =>
        new HttpResponse(new ReadableStream(), {
          headers: { 'content-type': 'text/event-stream' },
        }),
    ),
  );
  renderApp('/day-sheet');
  const grid = await screen.findByRole('grid');
  return { grid, user: userEvent.setup() };
}

describe('day sheet by role', () => {
  it('lets a read-only role see the day and each booking, and says why it can do nothing more', async () => {
    const { grid, user } = await openDaySheetAs('consulta');
    expect(
      await screen.findByText(
        'Somente administradores e recepção podem agendar, cancelar e registrar presença.',
      ),
    ).toBeVisible();
    // The free time is shown, not offered.
    expect(within(grid).getByRole('img', { name: 'Quadra 1, 22:00: Livre' })).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: /22:00/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Entrada por código' })).toBeNull();

    await user.click(within(grid).getByRole('button', { name: /23:00: Agendado — Ana Lima/ }));
    const detail = await screen.findByRole('dialog', { name: 'Agendamento' });
    expect(detail).toHaveTextContent('Ana Lima');
    for (const action of [/Cancelar agendamento/, /Registrar entrada/, /Não compareceu/, /Mover/])
      expect(within(detail).queryByRole('button', { name: action })).toBeNull();
    expect(
      within(detail).getByText(/Somente administradores e recepção podem agendar/),
    ).toBeVisible();
  });

  it('offers the front desk booking and blocking a free time', async () => {
    const { grid, user } = await openDaySheetAs('recepcao');
    expect(screen.queryByText(/Somente administradores e recepção/)).toBeNull();
    await user.click(within(grid).getByRole('button', { name: 'Quadra 1, 22:00: Livre' }));
    const choose = await screen.findByRole('dialog', { name: 'Horário livre' });
    expect(within(choose).getByRole('button', { name: 'Agendar' })).toBeEnabled();
    expect(within(choose).getByRole('button', { name: 'Bloquear' })).toBeEnabled();
  });
});
