import {
  addDaysToDate,
  clubInstant,
  clubToday,
  type AssociateList,
  type Appointment,
  type AppointmentList,
  type BookingCheck,
  type ErrorKey,
  type TimeSlot,
} from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildAssociate, buildCompany, buildPlace, buildSession } from '@/testing/factories';
import { apiError, mockApi, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const placeId = '11111111-1111-4111-8111-111111111111';
const associateId = '22222222-2222-4222-8222-222222222222';
const timezone = 'America/Sao_Paulo';
const today = clubToday(timezone);

function slot(time: string, available: boolean): TimeSlot {
  const startsAt = clubInstant(today, time, timezone);
  return {
    time,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    available,
  };
}

function appointment(): Appointment {
  const base = slot('10:00', false);
  return {
    id: '33333333-3333-4333-8333-333333333333',
    companyId: '44444444-4444-4444-8444-444444444444',
    placeId,
    placeName: 'Quadra',
    associateId,
    associateTitleId: '55555555-5555-4555-8555-555555555555',
    startsAt: base.startsAt,
    endsAt: base.endsAt,
    status: 'SCHEDULED',
    createdAt: base.startsAt,
    cancelledAt: null,
    cancellationReason: null,
    checkedInAt: null,
    noShowAt: null,
    exceptionReason: null,
    associate: { id: associateId, name: 'Ana Lima', cardId: '1234' },
    createdBy: { id: '66666666-6666-4666-8666-666666666666', name: 'Carlos Staff' },
    bookedVia: 'staff',
    bookedBy: { name: 'Carlos Staff' },
  };
}

/** The page first reads the place its URL names. */
const placeRead = route.get(
  `/backoffice/place/${placeId}`,
  buildPlace({ id: placeId, name: 'Quadra' }),
);
/** The day's slots of the place, whatever the date asked. */
const timeSlots = (...slots: TimeSlot[]) =>
  route.get<TimeSlot[]>(`/backoffice/appointment/${placeId}/time-slots`, slots);
/** The day's appointments of the place. */
const dayAppointments = (answer: () => AppointmentList | Response) =>
  route.get<AppointmentList>('/backoffice/appointment', answer);
const noAppointments = dayAppointments(() => ({ items: [] }));
const bookingCheck = (check: BookingCheck) =>
  route.post<BookingCheck>('/backoffice/appointment/check', check);

function signIn() {
  setSession(buildSession());
  setCurrentCompany(buildCompany({ timezone }));
}

/** The page is lazy-loaded: wait for its heading before looking inside. */
async function waitForPage() {
  await screen.findByRole(
    'heading',
    { name: 'Agendamentos do espaço · Quadra' },
    { timeout: 10_000 },
  );
}

/** The club's search answers Ana Lima for any term (the API's matcher is tested there). */
const search = route.get<AssociateList>('/backoffice/associate/findAllPaginated', {
  items: [
    {
      ...buildAssociate({ id: associateId, cardId: '1234' }),
      user: { name: 'Ana Lima', cpf: '52998224725' },
      associateTitle: { id: '55555555-5555-4555-8555-555555555555', name: 'T-1', blocked: false },
    },
  ],
  total: 1,
  nextCursor: null,
  previousCursor: null,
});

describe('place appointments', () => {
  it('shows the month, the day’s slots by state and books one by the member’s name', async () => {
    signIn();
    const { requests } = mockApi(
      placeRead,
      timeSlots(slot('09:00', true), slot('10:00', false)),
      noAppointments,
      search,
      bookingCheck({ ok: true, failures: [], quota: { used: 2, limit: 4 } }),
      route.post('/backoffice/appointment', reply(201, appointment())),
    );
    renderApp(`/place-appointments/${placeId}`);
    await waitForPage();
    const user = userEvent.setup();

    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'D',
      'S',
      'T',
      'Q',
      'Q',
      'S',
      'S',
    ]);
    expect([35, 42]).toContain(screen.getAllByRole('gridcell').length);
    expect(screen.getByRole('button', { current: 'date' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Nenhum agendamento encontrado.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '10:00 (indisponível)' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Criar Agendamento' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gerenciar bloqueios' })).toHaveAttribute(
      'href',
      `/blocked-time/${placeId}?date=${today}`,
    );
    expect(screen.getByRole('link', { name: /Voltar/ })).toHaveAttribute('href', '/dashboard');

    await user.click(screen.getByRole('button', { name: '09:00 (disponível)' }));
    expect(screen.getByRole('button', { name: '09:00 (selecionado)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar Agendamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar Agendamento' });
    expect(within(dialog).getByText(/^Quadra · /)).toBeInTheDocument();
    const create = within(dialog).getByRole('button', { name: 'Criar' });
    expect(create).toBeDisabled();

    await user.type(within(dialog).getByRole('combobox', { name: 'Associado' }), 'ana');
    await user.click(await within(dialog).findByRole('option', { name: /Ana Lima/ }));
    // The term typed goes to the club's search.
    expect(
      requests
        .find((request) => request.url.startsWith('/api/backoffice/associate/'))
        ?.query.get('search'),
    ).toBe('ana');
    expect(await within(dialog).findByText('2 de 4 neste mês')).toBeInTheDocument();
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    expect(await screen.findByText('Agendamento criado com sucesso.')).toBeInTheDocument();
    const booking = requests.find(
      (request) => request.method === 'POST' && request.url === '/api/backoffice/appointment',
    );
    expect(booking?.body).toEqual({
      associateId,
      placeId,
      startsAt: slot('09:00', true).startsAt,
      endsAt: slot('09:00', true).endsAt,
      cardId: '1234',
    });
  }, 20_000);

  it('names the place in the page title', async () => {
    signIn();
    mockApi(placeRead, timeSlots(), noAppointments);
    renderApp(`/place-appointments/${placeId}`);
    expect(
      await screen.findByRole('heading', { name: 'Agendamentos do espaço · Quadra' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(document.title).toBe('Agendamentos do espaço · Quadra · Clube Reservas'),
    );
  });

  it('keeps the chosen date in the URL, and a date that is not one opens today', async () => {
    signIn();
    const later = addDaysToDate(today, 9);
    const { requests } = mockApi(placeRead, timeSlots(), noAppointments);
    const { router, unmount: unmountFirst } = renderApp(
      `/place-appointments/${placeId}?date=${later}`,
    );
    await waitForPage();
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes(`time-slots?date=${later}`))).toBe(
        true,
      ),
    );
    expect(screen.getByRole('link', { name: 'Gerenciar bloqueios' })).toHaveAttribute(
      'href',
      `/blocked-time/${placeId}?date=${later}`,
    );

    const user = userEvent.setup();
    // The calendar opens on that day; choosing its neighbour puts the neighbour in the URL.
    const dayButtons = screen
      .getAllByRole('gridcell')
      .map((cell) => within(cell).getByRole('button'));
    const shown = dayButtons.findIndex((button) => button.getAttribute('aria-pressed') === 'true');
    expect(dayButtons[shown]).toHaveTextContent(String(Number(later.slice(8))));
    const step = shown > 0 ? -1 : 1;
    await user.click(dayButtons[shown + step]!);
    expect(router.state.location.search).toBe(`?date=${addDaysToDate(later, step)}`);
    unmountFirst();

    for (const bad of ['2026-02-31', 'amanha', '']) {
      const { router: other, unmount } = renderApp(`/place-appointments/${placeId}?date=${bad}`);
      await waitFor(() =>
        expect(
          screen.getByRole('heading', { name: 'Agendamentos do espaço · Quadra' }),
        ).toBeInTheDocument(),
      );
      expect(other.state.location.pathname).toBe(`/place-appointments/${placeId}`);
      unmount();
    }
    expect(requests.some((request) => request.url.includes(`time-slots?date=${today}`))).toBe(true);
    expect(requests.some((request) => request.url.includes('date=2026-02-31'))).toBe(false);
    expect(requests.some((request) => request.url.includes('date=amanha'))).toBe(false);
  }, 30_000);

  it('says on each grey slot why it cannot be booked', async () => {
    signIn();
    mockApi(
      placeRead,
      timeSlots(
        { ...slot('08:00', false), reason: 'past' },
        { ...slot('09:00', false), reason: 'taken', detail: 'Ana Lima' },
        { ...slot('10:00', false), reason: 'blocked', detail: 'Manutenção da rede' },
        { ...slot('11:00', false), reason: 'booking-window' },
        slot('12:00', true),
      ),
      noAppointments,
    );
    renderApp(`/place-appointments/${placeId}`);
    await waitForPage();
    const names = [
      '08:00 já passou (indisponível)',
      '09:00 ocupado por Ana Lima (indisponível)',
      '10:00 bloqueado: Manutenção da rede (indisponível)',
      '11:00 fora da janela de reservas (indisponível)',
    ];
    for (const name of names) expect(await screen.findByRole('button', { name })).toBeDisabled();
    // The reason is written on the slot, and whole in its tooltip.
    const blocked = screen.getByRole('button', { name: names[2] });
    expect(blocked).toHaveTextContent('bloqueado: Manutenção da rede');
    expect(blocked).toHaveAttribute('title', 'bloqueado: Manutenção da rede');
    expect(screen.getByRole('button', { name: '12:00 (disponível)' })).toBeEnabled();
  });

  it('lists each booking by the member’s name and card, who booked it and how as secondary', async () => {
    signIn();
    mockApi(
      placeRead,
      timeSlots(),
      dayAppointments(() => ({
        items: [
          appointment(),
          {
            ...appointment(),
            id: '77777777-7777-4777-8777-777777777777',
            associate: { id: associateId, name: 'Bruno Souza', cardId: '5678' },
            createdBy: null,
            bookedVia: 'portal',
            bookedBy: { name: 'Bruno Souza' },
          },
        ],
      })),
    );
    renderApp(`/place-appointments/${placeId}`);
    await waitForPage();
    // The name is the row's button (what it shows is in its name); the row tells the rest.
    const ana = await screen.findByRole('button', { name: /Abrir agendamento de Ana Lima/ });
    expect(ana).toHaveTextContent(/^Ana Lima$/);
    const anaRow = ana.closest('li')!;
    expect(anaRow).toHaveTextContent('Carteirinha 1234');
    expect(anaRow).toHaveTextContent('Agendado por: Carlos Staff · pela secretaria');
    const bruno = screen.getByRole('button', { name: /Abrir agendamento de Bruno Souza/ });
    expect(bruno.closest('li')).toHaveTextContent('Carteirinha 5678');
    expect(bruno.closest('li')).toHaveTextContent('Agendado por: Bruno Souza · pelo portal');
  });

  it('opens an appointment of the day and cancels it after confirmation', async () => {
    signIn();
    let isCancelled = false;
    const { requests } = mockApi(
      placeRead,
      timeSlots(slot('10:00', false)),
      dayAppointments(() => ({ items: isCancelled ? [] : [appointment()] })),
      route.patch<Appointment>(`/backoffice/appointment/cancel/${appointment().id}`, () => {
        isCancelled = true;
        return { ...appointment(), status: 'CANCELLED', cancelledAt: appointment().startsAt };
      }),
    );
    renderApp(`/place-appointments/${placeId}`);
    await waitForPage();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Abrir agendamento de Ana Lima às 10:00' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Agendamento' });
    expect(within(dialog).getByText('Carlos Staff')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(
      within(dialog).getByText(
        'Tem certeza que deseja excluir? Essa ação não poderá ser desfeita.',
      ),
    ).toBeInTheDocument();
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Motivo do cancelamento' }),
      'Manutenção do espaço',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Sim, excluir' }));
    expect(await screen.findByText('Agendamento excluído com sucesso.')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum agendamento encontrado.')).toBeInTheDocument();
    expect(
      requests.find(
        (request) => request.url === `/api/backoffice/appointment/cancel/${appointment().id}`,
      )?.body,
    ).toEqual({ reason: 'Manutenção do espaço' });
    const list = requests.find((request) => request.url.startsWith('/api/backoffice/appointment?'));
    expect(list?.url).toContain(`fromDate=${today}`);
    expect(list?.url).toContain(`toDate=${addDaysToDate(today, 1)}`);
  });

  it('says so when the day’s appointments cannot be loaded', async () => {
    signIn();
    mockApi(
      placeRead,
      timeSlots(),
      dayAppointments(() => apiError('InternalServerError')),
    );
    renderApp(`/place-appointments/${placeId}`);
    await waitForPage();
    await waitFor(
      () => expect(screen.getByText('Erro ao carregar agendamentos.')).toBeInTheDocument(),
      { timeout: 15_000 },
    );
  }, 20_000);

  it.each<[string, string, ErrorKey]>([
    ['an unknown place', '77777777-7777-4777-8777-777777777777', 'PlaceNotFound'],
    ['a malformed id the API refuses', '77777777-7777-4777-8777-777777777777', 'ValidationError'],
    ['a malformed id', 'xyz', 'ValidationError'],
  ])('shows "Espaço não encontrado." for %s, never an empty calendar', async (_, id, code) => {
    signIn();
    // The API refuses every read of that place alike.
    const { requests } = mockApi(
      route.get('/backoffice/place/:placeId', apiError(code)),
      route.get('/backoffice/appointment/:placeId/time-slots', apiError(code)),
      route.get('/backoffice/appointment', apiError(code)),
    );
    renderApp(`/place-appointments/${id}`);

    expect(
      await screen.findByText('Espaço não encontrado.', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Agendamentos do espaço/ })).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(screen.queryByText(/Dados inválidos/)).toBeNull();
    if (id === 'xyz') expect(requests.some((request) => request.url.includes('xyz'))).toBe(false);
  });
});
