import {
  addDaysToDate,
  clubInstant,
  clubToday,
  type Appointment,
  type BlockConflict,
  type BlockConflictDetails,
  type Category,
  type CreatedBlocks,
  type DaySheet,
  type DaySheetAppointment,
  type DaySheetCell,
  type DaySheetPlace,
} from '@clube/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { formatLongDay } from '@/lib/dates';
import { setSession } from '@/lib/session';
import { buildAppointment, buildAssociate, buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, reply, route, type RecordedRequest } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { getDaySheetQueryOptions } from '../api/get-day-sheet';

const timezone = 'America/Sao_Paulo';
const company = buildCompany({ timezone });
const today = clubToday(timezone);
const id = (n: number) => `99999999-0000-4000-8000-${String(n).padStart(12, '0')}`;

const pools: Category = {
  id: id(1),
  companyId: company.id,
  name: 'Piscinas',
  blockedAppointmentDay: false,
  notAppointmentPreviousDayTime: false,
  waitlistEnabled: true,
};
const courts: Category = { ...pools, id: id(2), name: 'Quadras' };

function cell(date: string, time: string, minutes: number, state: DaySheetCell['state']) {
  const startsAt = clubInstant(date, time, timezone);
  return {
    time,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + minutes * 60_000).toISOString(),
    state,
  } satisfies DaySheetCell;
}

/**
 * The club's sheet for a date: a pool (30 min) and a court (60 min), each in its category;
 * `booked` holds the court at 10:00.
 */
function sheetOf(date: string, categoryId: string | null, booked?: DaySheetAppointment): DaySheet {
  const pool: DaySheetPlace = {
    id: id(10),
    name: 'Piscina',
    bookRange: 30,
    cells: [cell(date, '07:00', 30, 'free'), cell(date, '07:30', 30, 'free')],
  };
  const court: DaySheetPlace = {
    id: id(20),
    name: 'Quadra 1',
    bookRange: 60,
    cells: [
      booked
        ? { ...cell(date, '10:00', 60, 'booked'), appointment: booked }
        : cell(date, '10:00', 60, 'free'),
      cell(date, '11:00', 60, 'past'),
    ],
  };
  const categories = [
    { id: pools.id, name: pools.name, places: [pool] },
    { id: courts.id, name: courts.name, places: [court] },
  ].filter((category) => categoryId === null || category.id === categoryId);
  return {
    date,
    timezone,
    operatingHour: { openTime: '06:00', closeTime: '22:00' },
    specialDay: null,
    categories,
  };
}

/** The club's live events: the stream opens, says it is ready and stays open. */
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

/** The day sheet answers the date and category asked; the club has two categories. */
function answerClub() {
  return mockApi(
    route.get<DaySheet>('/backoffice/day-sheet', ({ query }) =>
      sheetOf(query.get('date')!, query.get('categoryId')),
    ),
    route.get(`/backoffice/category/company/${company.id}`, { items: [pools, courts] }),
    liveEvents,
  );
}

const sheetReads = (requests: readonly RecordedRequest[]) =>
  requests
    .filter((request) => request.url.startsWith('/api/backoffice/day-sheet'))
    .map((request) => ({
      companyId: request.query.get('companyId'),
      date: request.query.get('date'),
      categoryId: request.query.get('categoryId'),
    }));

const longDay = (date: string) => formatLongDay(clubInstant(date, '12:00', timezone), timezone);

async function openDaySheet(path = '/day-sheet') {
  setSession(buildSession());
  setCurrentCompany(company);
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Quadro do dia' });
  // The wide-screen grid, once the sheet has arrived.
  const grid = await screen.findByRole('grid');
  return { ...view, grid, user: userEvent.setup() };
}

describe('day sheet page', () => {
  it('opens on today and moves a day back, forward and to today through ?date=', async () => {
    const { requests } = answerClub();
    const { router, user } = await openDaySheet();
    expect(sheetReads(requests)).toEqual([
      { companyId: company.id, date: today, categoryId: null },
    ]);
    expect(screen.getByText(longDay(today))).toBeInTheDocument();
    expect(await screen.findByText('Ao vivo')).toBeInTheDocument();

    const tomorrow = addDaysToDate(today, 1);
    await user.click(screen.getByRole('button', { name: 'Próximo dia' }));
    expect(router.state.location.search).toBe(`?date=${tomorrow}`);
    await waitFor(() => expect(sheetReads(requests).at(-1)?.date).toBe(tomorrow));
    expect(await screen.findByText(longDay(tomorrow))).toBeInTheDocument();

    const yesterday = addDaysToDate(today, -1);
    await user.click(screen.getByRole('button', { name: 'Dia anterior' }));
    await user.click(screen.getByRole('button', { name: 'Dia anterior' }));
    expect(router.state.location.search).toBe(`?date=${yesterday}`);
    await waitFor(() => expect(sheetReads(requests).at(-1)?.date).toBe(yesterday));
    expect(await screen.findByText(longDay(yesterday))).toBeInTheDocument();

    // Today is the page's own date: the URL loses its date, the sheet shows today again.
    await user.click(screen.getByRole('button', { name: 'Hoje' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText(longDay(today))).toBeInTheDocument();
    expect(new Set(sheetReads(requests).map((read) => read.date))).toEqual(
      new Set([today, tomorrow, yesterday]),
    );
  });

  it("names the date's special day beside it: closed, or its hours; nothing on an ordinary day", async () => {
    const tomorrow = addDaysToDate(today, 1);
    mockApi(
      route.get<DaySheet>('/backoffice/day-sheet', ({ query }) => {
        const date = query.get('date')!;
        const specialDay =
          date === today
            ? { name: 'Natal', closed: true, openTime: null, closeTime: null }
            : date === tomorrow
              ? { name: 'Carnaval', closed: false, openTime: '08:00', closeTime: '14:00' }
              : null;
        return { ...sheetOf(date, null), specialDay };
      }),
      route.get(`/backoffice/category/company/${company.id}`, { items: [pools, courts] }),
      liveEvents,
    );
    const { user } = await openDaySheet();
    expect(await screen.findByText('Natal — clube fechado')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próximo dia' }));
    expect(await screen.findByText('Carnaval — aberto das 08:00 às 14:00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Próximo dia' }));
    expect(await screen.findByText(longDay(addDaysToDate(today, 2)))).toBeInTheDocument();
    expect(screen.queryByText(/Carnaval|Natal/)).not.toBeInTheDocument();
  });

  it('books from the keyboard: a skip link to the grid, arrows to the time, Enter to open it', async () => {
    answerClub();
    const { grid, user } = await openDaySheet();
    const skip = screen.getByRole('link', { name: /Ir para o quadro/ });
    skip.focus();
    await user.keyboard('{Enter}');
    expect(within(grid).getByRole('button', { name: 'Piscina, 07:00: Livre' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    const court = within(grid).getByRole('button', { name: 'Quadra 1, 10:00: Livre' });
    expect(court).toHaveFocus();
    await user.keyboard('{Enter}');
    const choose = await screen.findByRole('dialog', { name: 'Horário livre' });
    expect(within(choose).getByText('Quadra 1 · 10:00')).toBeInTheDocument();
    await user.click(within(choose).getByRole('button', { name: 'Agendar' }));
    expect(await screen.findByRole('dialog', { name: 'Criar Agendamento' })).toBeInTheDocument();
  });

  it('takes a typed DD/MM/AAAA date (Backspace and typing stay) and a date from the calendar picker', async () => {
    const { requests } = answerClub();
    const { router, user } = await openDaySheet('/day-sheet?date=2030-03-05');
    const field = screen.getByRole('textbox', { name: 'Data' });
    expect(field).toHaveValue('05/03/2030');

    // Half-typed, the field keeps what was typed and the sheet stays on its day.
    await user.type(field, '{Backspace}{Backspace}');
    expect(field).toHaveValue('05/03/20');
    expect(router.state.location.search).toBe('?date=2030-03-05');
    await user.type(field, '31');
    expect(field).toHaveValue('05/03/2031');
    expect(router.state.location.search).toBe('?date=2031-03-05');
    await waitFor(() => expect(sheetReads(requests).at(-1)?.date).toBe('2031-03-05'));
    expect(await screen.findByText(longDay('2031-03-05'))).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '17042031');
    expect(router.state.location.search).toBe('?date=2031-04-17');

    // An impossible date left in the field gives way to the day shown.
    await user.clear(field);
    await user.type(field, '31022031');
    expect(router.state.location.search).toBe('?date=2031-04-17');
    await user.tab();
    expect(field).toHaveValue('17/04/2031');

    // The browser's calendar (a native date field behind the calendar button).
    expect(screen.getByRole('button', { name: 'Escolher a data no calendário' })).toBeEnabled();
    fireEvent.change(screen.getByTestId('day-picker'), { target: { value: '2031-05-02' } });
    expect(router.state.location.search).toBe('?date=2031-05-02');
    expect(field).toHaveValue('02/05/2031');
  });

  it('says when the sheet cannot be loaded, with a retry, and comes back once the server answers', async () => {
    let isServerDown = true;
    mockApi(
      route.get<DaySheet>('/backoffice/day-sheet', ({ query }) =>
        isServerDown ? apiError('InternalServerError') : sheetOf(query.get('date')!, null),
      ),
      route.get(`/backoffice/category/company/${company.id}`, { items: [pools, courts] }),
      liveEvents,
    );
    setSession(buildSession());
    setCurrentCompany(company);
    renderApp('/day-sheet');
    const user = userEvent.setup();

    // After the query's own retries.
    expect(
      await screen.findByText(/^Erro ao carregar o quadro do dia\./, {}, { timeout: 15_000 }),
    ).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();

    isServerDown = false;
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText(/^Erro ao carregar o quadro do dia\./)).not.toBeInTheDocument(),
    );
  }, 25_000);

  it('keeps asking for a sheet that failed every 15 s, whatever the outage, and every 5 min otherwise', () => {
    const { refetchInterval } = getDaySheetQueryOptions(company.id, today);
    const intervalWhen = (status: 'error' | 'success') =>
      typeof refetchInterval === 'function'
        ? refetchInterval({ state: { status } } as Parameters<typeof refetchInterval>[0])
        : refetchInterval;
    expect(intervalWhen('error')).toBe(15_000);
    expect(intervalWhen('success')).toBe(5 * 60_000);
  });

  it('opens on the date of its URL', async () => {
    const { requests } = answerClub();
    await openDaySheet('/day-sheet?date=2030-03-05');
    expect(sheetReads(requests)).toEqual([
      { companyId: company.id, date: '2030-03-05', categoryId: null },
    ]);
    expect(screen.getByText(longDay('2030-03-05'))).toBeInTheDocument();
  });

  it('opens on today when the date of its URL is not a calendar date', async () => {
    const { requests } = answerClub();
    await openDaySheet('/day-sheet?date=2030-02-30');
    expect(sheetReads(requests)).toEqual([
      { companyId: company.id, date: today, categoryId: null },
    ]);
    expect(screen.getByText(longDay(today))).toBeInTheDocument();
  });

  it('asks for and shows only the category chosen', async () => {
    const { requests } = answerClub();
    const { router, user, grid } = await openDaySheet();
    expect(within(grid).getByRole('rowheader', { name: /^Piscina\s*30 min$/ })).toBeInTheDocument();
    expect(
      within(grid).getByRole('rowheader', { name: /^Quadra 1\s*60 min$/ }),
    ).toBeInTheDocument();

    const category = screen.getByRole('combobox', { name: 'Categoria' });
    await screen.findByRole('option', { name: 'Quadras' });
    await user.selectOptions(category, 'Quadras');

    expect(router.state.location.search).toBe(`?category=${courts.id}`);
    await waitFor(() =>
      expect(sheetReads(requests).at(-1)).toEqual({
        companyId: company.id,
        date: today,
        categoryId: courts.id,
      }),
    );
    await waitFor(() =>
      expect(within(grid).queryByRole('rowheader', { name: /^Piscina\s*30 min$/ })).toBeNull(),
    );
    expect(
      within(grid).getByRole('rowheader', { name: /^Quadra 1\s*60 min$/ }),
    ).toBeInTheDocument();

    await user.selectOptions(category, 'Todas as categorias');
    expect(router.state.location.search).toBe('');
    expect(
      await within(grid).findByRole('rowheader', { name: /^Piscina\s*30 min$/ }),
    ).toBeInTheDocument();
  });

  it('on a phone shows one place at a time, chosen with the place switcher', async () => {
    answerClub();
    const { user, grid } = await openDaySheet();
    // jsdom lays nothing out: Tailwind's md: classes are what show the grid from 768 px and the
    // one-place list below it.
    expect(grid.closest('.md\\:block')).toHaveClass('hidden');
    const switcher = screen.getByRole('combobox', { name: 'Espaço' });
    const phone = switcher.closest('div')!;
    expect(phone).toHaveClass('md:hidden');

    expect(switcher).toHaveDisplayValue('Piscina');
    expect(
      within(switcher)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Piscina', 'Quadra 1']);
    expect(
      within(phone)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Piscina, 07:00: Livre', 'Piscina, 07:30: Livre']);

    await user.selectOptions(switcher, 'Quadra 1');
    expect(
      within(phone)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Quadra 1, 10:00: Livre']);
    expect(within(phone).getByText('11:00')).toBeInTheDocument();
    // The row shows the words of its name after the time (voice control says what it sees).
    expect(within(phone).getByRole('button', { name: 'Quadra 1, 10:00: Livre' })).toHaveTextContent(
      /^10:00 Livre$/,
    );
    expect(within(phone).queryByText('07:00')).toBeNull();

    // A free time on the phone opens the same choice as on the grid.
    await user.click(within(phone).getByRole('button', { name: 'Quadra 1, 10:00: Livre' }));
    expect(await screen.findByRole('dialog', { name: 'Horário livre' })).toHaveTextContent(
      'Quadra 1 · 10:00',
    );
  });

  it('offers to book or block a free cell; blocking opens the block for that place and time', async () => {
    answerClub();
    const { user, grid } = await openDaySheet();

    await user.click(within(grid).getByRole('button', { name: 'Quadra 1, 10:00: Livre' }));
    const choice = await screen.findByRole('dialog', { name: 'Horário livre' });
    expect(choice).toHaveTextContent('Quadra 1 · 10:00');
    expect(within(choice).getByRole('button', { name: 'Agendar' })).toBeInTheDocument();
    await user.click(within(choice).getByRole('button', { name: 'Bloquear' }));

    const block = await screen.findByRole('dialog', { name: 'Bloquear horário' });
    const [day, month, year] = [today.slice(8, 10), today.slice(5, 7), today.slice(0, 4)];
    expect(block).toHaveTextContent(`Quadra 1 · ${day}/${month}/${year} das 10:00 às 11:00`);
    expect(within(block).getByLabelText('Motivo')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Horário livre' })).toBeNull();
  });

  it('blocks from a cell over the times that follow, with one choice for every booking hit', async () => {
    answerClub();
    const conflict = (n: number, time: string): BlockConflict => {
      const startsAt = clubInstant(today, time, timezone).toISOString();
      return {
        id: id(n),
        placeId: id(10),
        placeName: 'Piscina',
        startsAt,
        endsAt: new Date(Date.parse(startsAt) + 30 * 60_000).toISOString(),
        status: 'SCHEDULED',
        associateName: `Sócio ${n}`,
        associate: { id: id(n + 1), name: `Sócio ${n}`, cardId: String(n) },
        actions: ['keep', 'cancel', 'move'],
        freePlaces: [],
      };
    };
    const conflicts = [conflict(40, '07:00'), conflict(42, '07:30')];
    const { requests } = mockApi(
      route.post<BlockConflictDetails>('/backoffice/blocked-time/preview', {
        appointments: conflicts,
      }),
      route.post('/backoffice/blocked-time/single', () =>
        reply<CreatedBlocks>(201, {
          items: [],
          kept: [],
          cancelled: conflicts.map((item) => ({
            appointmentId: item.id,
            associate: item.associate,
            place: { id: item.placeId, name: item.placeName },
            startsAt: item.startsAt,
            endsAt: item.endsAt,
          })),
          moved: [],
        }),
      ),
    );
    const { user, grid } = await openDaySheet();
    await user.click(within(grid).getByRole('button', { name: 'Piscina, 07:00: Livre' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Horário livre' })).getByRole('button', {
        name: 'Bloquear',
      }),
    );
    const block = await screen.findByRole('dialog', { name: 'Bloquear horário' });
    const until = within(block).getByRole('combobox', { name: 'Até' });
    expect(
      within(until)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['07:30', '08:00']);
    await user.selectOptions(until, '08:00');
    expect(block).toHaveTextContent(/das 07:00 às 08:00/);
    await user.type(within(block).getByRole('textbox', { name: 'Motivo' }), 'Manutenção');
    await user.click(within(block).getByRole('button', { name: 'Bloquear' }));

    const all = await within(block).findByRole('group', {
      name: 'Aplicar a todos os agendamentos:',
    });
    // Nothing to move to: that choice is not offered for all.
    expect(within(all).getByRole('button', { name: 'Mover todos' })).toBeDisabled();
    await user.click(within(all).getByRole('button', { name: 'Cancelar todos' }));
    for (const name of ['Sócio 40', 'Sócio 42'])
      expect(
        within(
          within(block).getByRole('group', { name: `O que fazer com o agendamento de ${name}` }),
        ).getByRole('radio', { name: 'Cancelar' }),
      ).toBeChecked();
    await user.click(within(block).getByRole('button', { name: 'Criar bloqueio' }));
    expect(await within(block).findByRole('heading', { name: 'Bloqueio criado' })).toBeVisible();

    const sent = requests.filter((request) => request.url.endsWith('/blocked-time/single'));
    expect(sent.map((request) => request.body)).toEqual([
      {
        placeId: id(10),
        description: 'Manutenção',
        startAt: clubInstant(today, '07:00', timezone).toISOString(),
        endsAt: clubInstant(today, '08:00', timezone).toISOString(),
        resolutions: [
          { appointmentId: id(40), action: 'cancel' },
          { appointmentId: id(42), action: 'cancel' },
        ],
      },
    ]);
  });

  it('offers to book a free cell: Agendar opens the booking for that place and time', async () => {
    answerClub();
    const { user, grid } = await openDaySheet();

    await user.click(within(grid).getByRole('button', { name: 'Piscina, 07:30: Livre' }));
    const choice = await screen.findByRole('dialog', { name: 'Horário livre' });
    await user.click(within(choice).getByRole('button', { name: 'Agendar' }));

    const create = await screen.findByRole('dialog', { name: 'Criar Agendamento' });
    expect(within(create).getByText(/^Piscina · /)).toHaveTextContent(/07:30 às 08:00/);
  });

  it('opened to book for a member, a free cell opens the booking with the member chosen', async () => {
    const member = buildAssociate({
      companyId: company.id,
      user: { name: 'Ana Lima', cpf: '11144477735', email: null, phone: null },
      cardId: '4321',
    });
    answerClub();
    const checked: unknown[] = [];
    mockApi(
      route.get(`/backoffice/associate/id/${member.id}`, member),
      route.post('/backoffice/appointment/check', ({ body }) => {
        checked.push(body);
        return { ok: true, failures: [], quota: { used: 0, limit: 0 } };
      }),
    );
    const { user, grid } = await openDaySheet(`/day-sheet?para=${member.id}`);
    expect(
      await screen.findByText(
        'Reservando para Ana Lima (carteirinha 4321): escolha um horário livre.',
      ),
    ).toBeVisible();

    await user.click(within(grid).getByRole('button', { name: 'Piscina, 07:30: Livre' }));
    const create = await screen.findByRole('dialog', { name: 'Criar Agendamento' });
    expect(within(create).getByRole('combobox')).toHaveValue('Ana Lima');
    await waitFor(() =>
      expect(checked).toEqual([expect.objectContaining({ associateId: member.id })]),
    );
  });

  it('cancelling a booking from its detail closes it and the sheet shows the time free again', async () => {
    const booked: DaySheetAppointment = {
      id: id(30),
      associateId: id(31),
      associateName: 'Ana Lima',
      cardId: '1234',
      titleName: 'Título 7',
      bookedVia: 'staff',
      bookedByName: 'Carlos',
      startsAt: cell(today, '10:00', 60, 'booked').startsAt,
      endsAt: cell(today, '10:00', 60, 'booked').endsAt,
      status: 'SCHEDULED',
      checkedInAt: null,
      noShowAt: null,
      exceptionReason: null,
    };
    let isCancelled = false;
    const { requests } = mockApi(
      route.get<DaySheet>('/backoffice/day-sheet', ({ query }) =>
        sheetOf(query.get('date')!, null, isCancelled ? undefined : booked),
      ),
      route.get(`/backoffice/category/company/${company.id}`, { items: [pools, courts] }),
      liveEvents,
      route.patch<Appointment>(`/backoffice/appointment/cancel/${booked.id}`, () => {
        isCancelled = true;
        return buildAppointment({
          id: booked.id,
          companyId: company.id,
          placeId: id(20),
          placeName: 'Quadra 1',
          associateId: booked.associateId,
          startsAt: booked.startsAt,
          endsAt: booked.endsAt,
          status: 'CANCELLED',
          cancelledAt: booked.startsAt,
        });
      }),
    );
    const { user, grid } = await openDaySheet();

    await user.click(
      within(grid).getByRole('button', { name: 'Quadra 1, 10:00: Agendado — Ana Lima, 1234' }),
    );
    const detail = await screen.findByRole('dialog', { name: 'Agendamento' });
    expect(detail).toHaveTextContent('Quadra 1');
    await user.click(within(detail).getByRole('button', { name: 'Cancelar agendamento' }));
    await user.type(
      within(detail).getByRole('textbox', { name: 'Motivo do cancelamento' }),
      'Quadra em manutenção',
    );
    await user.click(within(detail).getByRole('button', { name: 'Confirmar cancelamento' }));

    expect(await screen.findByText('Agendamento cancelado.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agendamento' })).toBeNull());
    expect(
      await within(grid).findByRole('button', { name: 'Quadra 1, 10:00: Livre' }),
    ).toBeInTheDocument();
    const cancels = requests.filter((request) => request.method === 'PATCH');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.body).toEqual({ reason: 'Quadra em manutenção' });
  });
});
