import {
  clubInstant,
  type Appointment,
  type BlockConflict,
  type BlockConflictDetails,
  type CreatedBlocks,
  type DaySheet,
  type DaySheetAppointment,
} from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAppointment, buildAssociate } from '@/testing/factories';
import { mockApi, reply, route } from '@/testing/mock-api';
import {
  timezone,
  company,
  today,
  id,
  pools,
  courts,
  cell,
  sheetOf,
  liveEvents,
  answerClub,
  sheetReads,
  openDaySheet,
} from './day-sheet-page-scene';

describe('day sheet page', () => {
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
