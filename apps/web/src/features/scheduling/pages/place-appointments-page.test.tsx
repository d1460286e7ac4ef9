import { addDaysToDate, clubInstant, clubToday, type Appointment } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildAssociate, buildCompany, buildPlace, buildSession } from '@/testing/factories';
import { errorBody, mockFetch } from '@/testing/fetch-mock';
import { renderApp } from '@/testing/render-app';

const placeId = '11111111-1111-4111-8111-111111111111';
const associateId = '22222222-2222-4222-8222-222222222222';
const timezone = 'America/Sao_Paulo';
const today = clubToday(timezone);

function slot(time: string, available: boolean) {
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
    checkedInAt: null,
    noShowAt: null,
    associate: { id: associateId, name: 'Ana Lima', cardId: '1234' },
    createdBy: { id: '66666666-6666-4666-8666-666666666666', name: 'Carlos Staff' },
    bookedVia: 'staff',
    bookedBy: { name: 'Carlos Staff' },
  };
}

/** The page first reads the place its URL names. */
const isPlaceRead = (url: string) => url === `/api/backoffice/place/${placeId}`;
const placeReply = { status: 200, body: buildPlace({ id: placeId, name: 'Quadra' }) };

function signIn() {
  setSession(buildSession());
  setCurrentCompany(buildCompany({ timezone }));
}

/** The page is lazy-loaded: wait for its heading before looking inside. */
async function waitForPage() {
  await screen.findByRole('heading', { name: 'Agendamentos do espaço' }, { timeout: 10_000 });
}

describe('place appointments', () => {
  it('shows the month, the day’s slots by state and books one by card number', async () => {
    signIn();
    const { requests } = mockFetch((request) => {
      if (isPlaceRead(request.url)) return placeReply;
      if (request.url.includes('/time-slots'))
        return { status: 200, body: [slot('09:00', true), slot('10:00', false)] };
      if (request.url.includes('/associate/cardId/1234'))
        return { status: 200, body: buildAssociate({ id: associateId, cardId: '1234' }) };
      if (request.url.includes('/associate/cardId/'))
        return { status: 404, body: errorBody(404, 'AssociateNotFound') };
      if (request.url.endsWith('/appointment/check'))
        return { status: 200, body: { ok: true, failures: [], quota: { used: 2, limit: 4 } } };
      if (request.method === 'POST' && request.url.endsWith('/appointment'))
        return { status: 201, body: appointment() };
      return { status: 200, body: { items: [] } };
    });
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
      `/blocked-time/${placeId}`,
    );

    await user.click(screen.getByRole('button', { name: '09:00 (disponível)' }));
    expect(screen.getByRole('button', { name: '09:00 (selecionado)' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Criar Agendamento' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar Agendamento' });
    const create = within(dialog).getByRole('button', { name: 'Criar' });
    expect(create).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    expect(await within(dialog).findByText('Carteirinha é obrigatória')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Carteirinha'), '9x9');
    expect(within(dialog).getByLabelText('Carteirinha')).toHaveValue('99');
    await user.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    expect(
      await within(dialog).findByText('Erro ao buscar dados do associado'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Carteirinha'));
    await user.type(within(dialog).getByLabelText('Carteirinha'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    expect(await within(dialog).findByText('Associado: Ana Lima')).toBeInTheDocument();
    expect(await within(dialog).findByText('2 de 4 neste mês')).toBeInTheDocument();
    await user.click(create);

    expect(await screen.findByText('Agendamento criado com sucesso')).toBeInTheDocument();
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

  it('lists every failing rule of the check in Portuguese and maps a refused booking', async () => {
    signIn();
    mockFetch((request) => {
      if (isPlaceRead(request.url)) return placeReply;
      if (request.url.includes('/time-slots')) return { status: 200, body: [slot('09:00', true)] };
      if (request.url.includes('/associate/cardId/'))
        return { status: 200, body: buildAssociate({ id: associateId, cardId: '1234' }) };
      if (request.url.endsWith('/appointment/check'))
        return {
          status: 200,
          body: {
            ok: false,
            failures: [
              { code: 'AgeRestriction', message: 'x' },
              { code: 'ReservationsLimitReached', message: 'y' },
            ],
            quota: { used: 4, limit: 4 },
          },
        };
      if (request.method === 'POST') return { status: 422, body: errorBody(422, 'AgeRestriction') };
      return { status: 200, body: { items: [] } };
    });
    renderApp(`/place-appointments/${placeId}`);
    await waitForPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '09:00 (disponível)' }));
    await user.click(screen.getByRole('button', { name: 'Criar Agendamento' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Carteirinha'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    expect(
      await within(dialog).findByText(
        'Quem vai usar a reserva não tem a idade mínima exigida por este espaço.',
      ),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('O título já usou todas as reservas deste mês neste espaço.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(
      await screen.findAllByText(
        'Quem vai usar a reserva não tem a idade mínima exigida por este espaço.',
      ),
    ).toHaveLength(2);
  });

  it('says which action failed: "Erro ao criar" for an unknown refusal, "Erro ao criar agendamento" with no answer', async () => {
    signIn();
    let bookings = 0;
    mockFetch((request) => {
      if (isPlaceRead(request.url)) return placeReply;
      if (request.url.includes('/time-slots')) return { status: 200, body: [slot('09:00', true)] };
      if (request.url.includes('/associate/cardId/'))
        return { status: 200, body: buildAssociate({ id: associateId, cardId: '1234' }) };
      if (request.url.endsWith('/appointment/check'))
        return { status: 200, body: { ok: true, failures: [], quota: { used: 0, limit: 0 } } };
      if (request.method === 'POST') {
        bookings += 1;
        if (bookings === 1) return { status: 500, body: errorBody(500, 'SomethingUnknown') };
        throw new TypeError('Failed to fetch');
      }
      return { status: 200, body: { items: [] } };
    });
    renderApp(`/place-appointments/${placeId}`);
    await waitForPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '09:00 (disponível)' }));
    await user.click(screen.getByRole('button', { name: 'Criar Agendamento' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Carteirinha'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Buscar' }));
    await within(dialog).findByText('Associado: Ana Lima');
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Erro ao criar')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Criar' }));
    expect(await screen.findByText('Erro ao criar agendamento')).toBeInTheDocument();
  });

  it('opens an appointment of the day and cancels it after confirmation', async () => {
    signIn();
    let isCancelled = false;
    const { requests } = mockFetch((request) => {
      if (isPlaceRead(request.url)) return placeReply;
      if (request.url.includes('/time-slots')) return { status: 200, body: [slot('10:00', false)] };
      if (request.method === 'PATCH') {
        isCancelled = true;
        return {
          status: 200,
          body: { ...appointment(), status: 'CANCELLED', cancelledAt: appointment().startsAt },
        };
      }
      if (request.url.startsWith('/api/backoffice/appointment?'))
        return { status: 200, body: { items: isCancelled ? [] : [appointment()] } };
      return { status: 404, body: errorBody(404, 'NotFound') };
    });
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
    await user.click(within(dialog).getByRole('button', { name: 'Sim, excluir' }));
    expect(await screen.findByText('Agendamento excluído com sucesso!')).toBeInTheDocument();
    expect(await screen.findByText('Nenhum agendamento encontrado.')).toBeInTheDocument();
    expect(
      requests.some(
        (request) => request.url === `/api/backoffice/appointment/cancel/${appointment().id}`,
      ),
    ).toBe(true);
    const list = requests.find((request) => request.url.startsWith('/api/backoffice/appointment?'));
    expect(list?.url).toContain(`fromDate=${today}`);
    expect(list?.url).toContain(`toDate=${addDaysToDate(today, 1)}`);
  });

  it('says so when the day’s appointments cannot be loaded', async () => {
    signIn();
    mockFetch((request) =>
      isPlaceRead(request.url)
        ? placeReply
        : request.url.includes('/time-slots')
          ? { status: 200, body: [] }
          : { status: 500, body: errorBody(500, 'InternalServerError') },
    );
    renderApp(`/place-appointments/${placeId}`);
    await waitForPage();
    await waitFor(
      () => expect(screen.getByText('Erro ao carregar agendamentos.')).toBeInTheDocument(),
      { timeout: 15_000 },
    );
  }, 20_000);

  it.each<[string, string, number, string]>([
    ['an unknown place', '77777777-7777-4777-8777-777777777777', 404, 'PlaceNotFound'],
    [
      'a malformed id the API refuses',
      '77777777-7777-4777-8777-777777777777',
      400,
      'ValidationError',
    ],
    ['a malformed id', 'xyz', 400, 'ValidationError'],
  ])(
    'shows "Espaço não encontrado." for %s, never an empty calendar',
    async (_, id, status, code) => {
      signIn();
      const { requests } = mockFetch(() => ({ status, body: errorBody(status, code) }));
      renderApp(`/place-appointments/${id}`);

      expect(
        await screen.findByText('Espaço não encontrado.', {}, { timeout: 10_000 }),
      ).toBeVisible();
      expect(screen.getByRole('button', { name: 'Voltar' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Agendamentos do espaço' })).toBeNull();
      expect(screen.queryByRole('grid')).toBeNull();
      expect(screen.queryByText(/Dados inválidos/)).toBeNull();
      if (id === 'xyz') expect(requests.some((request) => request.url.includes('xyz'))).toBe(false);
    },
  );
});
