import {
  addDaysToDate,
  clubInstant,
  clubToday,
  type DaySheet,
  type DaySheetCell,
  type DaySheetPlace,
} from '@clube/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import {
  buildAppointment,
  buildCompany,
  buildDaySheetAppointment,
  buildSession,
} from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const timezone = 'America/Sao_Paulo';
const date = addDaysToDate(clubToday(timezone), 2);
const id = (n: number) => `99999999-0000-4000-8000-${String(n).padStart(12, '0')}`;

function cell(time: string, minutes: number, state: DaySheetCell['state']): DaySheetCell {
  const startsAt = clubInstant(date, time, timezone);
  return {
    time,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + minutes * 60_000).toISOString(),
    state,
  };
}

const ana = buildDaySheetAppointment({
  id: id(100),
  associateName: 'Ana Souza',
  cardId: '77',
  startsAt: cell('10:00', 60, 'booked').startsAt,
  endsAt: cell('10:00', 60, 'booked').endsAt,
});
const bruno = buildDaySheetAppointment({ id: id(101), associateName: 'Bruno Reis', cardId: '78' });

/** Two 60-minute courts and a 90-minute one (Quadras), and a pool (Piscinas); Ana at Quadra 1, 10:00. */
function sheet(): DaySheet {
  const one: DaySheetPlace = {
    id: id(10),
    name: 'Quadra 1',
    bookRange: 60,
    cells: [{ ...cell('10:00', 60, 'booked'), appointment: ana }, cell('11:00', 60, 'free')],
  };
  const two: DaySheetPlace = {
    id: id(11),
    name: 'Quadra 2',
    bookRange: 60,
    cells: [cell('10:00', 60, 'free'), { ...cell('11:00', 60, 'booked'), appointment: bruno }],
  };
  const three: DaySheetPlace = {
    id: id(12),
    name: 'Quadra 3',
    bookRange: 90,
    cells: [cell('10:00', 90, 'free')],
  };
  const pool: DaySheetPlace = {
    id: id(13),
    name: 'Piscina',
    bookRange: 60,
    cells: [cell('10:00', 60, 'free')],
  };
  return {
    date,
    timezone,
    operatingHour: { openTime: '06:00', closeTime: '22:00' },
    specialDay: null,
    categories: [
      { id: id(1), name: 'Quadras', places: [one, two, three] },
      { id: id(2), name: 'Piscinas', places: [pool] },
    ],
  };
}

const liveEvents = route.get(
  '/backoffice/events',
  () =>
    new HttpResponse(
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('event: ready\ndata: {}\n\n'));
        },
      }),
      { headers: { 'content-type': 'text/event-stream' } },
    ),
);

function answerClub(
  move: Parameters<typeof route.patch>[1] = buildAppointment({ id: ana.id }),
  role: 'administrador' | 'recepcao' | 'consulta' = 'recepcao',
) {
  const company = buildCompany({ timezone, role });
  setSession(buildSession());
  setCurrentCompany(company);
  return mockApi(
    route.get<DaySheet>('/backoffice/day-sheet', () => sheet()),
    route.get(`/backoffice/category/company/${company.id}`, { items: [] }),
    route.get('/backoffice/company', { items: [company] }),
    route.patch('/backoffice/appointment/:id/move', move),
    liveEvents,
  );
}

async function openDaySheet() {
  renderApp(`/day-sheet?date=${date}`);
  const grid = await screen.findByRole('grid');
  return { grid, user: userEvent.setup() };
}

const moves = (requests: ReadonlyArray<{ method: string; url: string; body: unknown }>) =>
  requests.filter((request) => request.method === 'PATCH' && request.url.endsWith('/move'));

describe('moving a booking on the day sheet', () => {
  it('moves from the keyboard: M on the booking, arrows to a free time, Enter, confirm', async () => {
    const { requests } = answerClub();
    const { grid, user } = await openDaySheet();
    within(grid)
      .getByRole('button', { name: /^Quadra 1, 10:00: .*Ana Souza/ })
      .focus();
    await user.keyboard('m');
    expect(await screen.findByTestId('move-banner')).toHaveTextContent(
      'Movendo a reserva de Ana Souza (Quadra 1, 10:00)',
    );
    // The cells that can take it say so (and are outlined): Quadra 2 at 10:00, Quadra 1 at 11:00.
    expect(
      within(grid).getByRole('button', { name: /Quadra 2, 10:00: Livre — pode receber/ }),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('button', { name: 'Quadra 3, 10:00: Livre' }),
    ).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(within(grid).getByRole('button', { name: /^Quadra 2, 10:00/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    const confirm = await screen.findByRole('dialog', { name: 'Mover reserva' });
    expect(
      within(confirm).getByText('Mover a reserva de Ana Souza para Quadra 2 às 10:00?'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Mover' }));

    await waitFor(() => expect(moves(requests)).toHaveLength(1));
    expect(moves(requests)[0]).toMatchObject({
      url: `/api/backoffice/appointment/${ana.id}/move`,
      body: { placeId: id(11), startsAt: cell('10:00', 60, 'free').startsAt },
    });
    expect(await screen.findByText('Reserva movida para Quadra 2 às 10:00.')).toBeInTheDocument();
    expect(screen.queryByTestId('move-banner')).not.toBeInTheDocument();
  });

  it('Esc puts the booking back; a taken, other-category or other-length time is refused on screen', async () => {
    const { requests } = answerClub();
    const { grid, user } = await openDaySheet();
    const anaCell = within(grid).getByRole('button', { name: /^Quadra 1, 10:00: .*Ana Souza/ });
    anaCell.focus();
    await user.keyboard('m');
    await screen.findByTestId('move-banner');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('move-banner')).not.toBeInTheDocument();

    anaCell.focus();
    await user.keyboard('m');
    await user.click(within(grid).getByRole('button', { name: /^Quadra 2, 11:00/ }));
    expect(screen.getByTestId('move-banner')).toHaveTextContent(
      'Este horário não está livre: escolha um horário livre.',
    );
    await user.click(within(grid).getByRole('button', { name: /^Piscina, 10:00/ }));
    expect(screen.getByTestId('move-banner')).toHaveTextContent(
      'a reserva só vai para um espaço de Quadras',
    );
    await user.click(within(grid).getByRole('button', { name: /^Quadra 3, 10:00/ }));
    expect(screen.getByTestId('move-banner')).toHaveTextContent(
      'não tem a mesma duração da reserva (60 min)',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(moves(requests)).toHaveLength(0);
  });

  it("shows the server's refusal in Portuguese in the confirmation", async () => {
    answerClub(
      apiError('TimeAlreadyTaken', {
        details: {
          failures: [{ code: 'TimeAlreadyTaken', message: 'Este horário já foi reservado.' }],
        },
      }),
    );
    const { grid, user } = await openDaySheet();
    within(grid)
      .getByRole('button', { name: /^Quadra 1, 10:00: .*Ana Souza/ })
      .focus();
    await user.keyboard('m');
    await user.click(within(grid).getByRole('button', { name: /^Quadra 2, 10:00/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Mover reserva' });
    await user.click(within(confirm).getByRole('button', { name: 'Mover' }));
    expect(
      await within(confirm).findByText('Não foi possível mover a reserva:'),
    ).toBeInTheDocument();
    expect(within(confirm).getByText(/Este horário já foi reservado\./)).toBeInTheDocument();
  });

  it('drags a booking onto a free cell', async () => {
    answerClub();
    const { grid } = await openDaySheet();
    const anaCell = within(grid).getByRole('button', { name: /^Quadra 1, 10:00: .*Ana Souza/ });
    expect(anaCell).toHaveAttribute('draggable', 'true');
    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(anaCell, { dataTransfer });
    const target = await within(grid).findByRole('button', {
      name: /^Quadra 2, 10:00.*pode receber/,
    });
    fireEvent.dragOver(target, { dataTransfer });
    fireEvent.drop(target, { dataTransfer });
    fireEvent.dragEnd(anaCell, { dataTransfer });
    expect(
      await screen.findByText('Mover a reserva de Ana Souza para Quadra 2 às 10:00?'),
    ).toBeInTheDocument();
  });

  it('picks a booking up with a long press on a touch screen, then a tap on the target', async () => {
    answerClub();
    const { grid, user } = await openDaySheet();
    const anaCell = within(grid).getByRole('button', { name: /^Quadra 1, 10:00: .*Ana Souza/ });
    fireEvent.pointerDown(anaCell, { pointerType: 'touch' });
    expect(await screen.findByTestId('move-banner', {}, { timeout: 2000 })).toBeInTheDocument();
    fireEvent.pointerUp(anaCell, { pointerType: 'touch' });
    // The press's own click opens nothing.
    fireEvent.click(anaCell);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: /^Quadra 1, 11:00/ }));
    expect(
      await screen.findByText('Mover a reserva de Ana Souza para Quadra 1 às 11:00?'),
    ).toBeInTheDocument();
  });

  it('moves on the first tap on the target when the long press left no click of its own', async () => {
    answerClub();
    const { grid } = await openDaySheet();
    const anaCell = within(grid).getByRole('button', { name: /^Quadra 1, 10:00: .*Ana Souza/ });
    fireEvent.pointerDown(anaCell, { pointerType: 'touch' });
    expect(await screen.findByTestId('move-banner', {}, { timeout: 2000 })).toBeInTheDocument();
    // A phone's browser sends no click after a long press: the finger just lifts.
    fireEvent.pointerUp(anaCell, { pointerType: 'touch' });
    const target = within(grid).getByRole('button', { name: /^Quadra 1, 11:00/ });
    fireEvent.pointerDown(target, { pointerType: 'touch' });
    fireEvent.pointerUp(target, { pointerType: 'touch' });
    fireEvent.click(target);
    expect(
      await screen.findByText('Mover a reserva de Ana Souza para Quadra 1 às 11:00?'),
    ).toBeInTheDocument();
  });

  it('starts from "Mover" in the booking dialog', async () => {
    answerClub();
    const { grid, user } = await openDaySheet();
    await user.click(within(grid).getByRole('button', { name: /^Quadra 1, 10:00: .*Ana Souza/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Agendamento' });
    await user.click(within(dialog).getByRole('button', { name: 'Mover' }));
    expect(await screen.findByTestId('move-banner')).toHaveTextContent('Ana Souza');
    expect(screen.queryByRole('dialog', { name: 'Agendamento' })).not.toBeInTheDocument();
  });

  it('offers no move to a role that only reads', async () => {
    answerClub(undefined, 'consulta');
    const { grid, user } = await openDaySheet();
    const anaCell = within(grid).getByRole('button', { name: /^Quadra 1, 10:00: .*Ana Souza/ });
    expect(anaCell).not.toHaveAttribute('draggable', 'true');
    anaCell.focus();
    await user.keyboard('m');
    expect(screen.queryByTestId('move-banner')).not.toBeInTheDocument();
    expect(screen.queryByText(/Para mover uma reserva/)).not.toBeInTheDocument();
    await user.click(anaCell);
    const dialog = await screen.findByRole('dialog', { name: 'Agendamento' });
    expect(within(dialog).queryByRole('button', { name: 'Mover' })).not.toBeInTheDocument();
  });
});
