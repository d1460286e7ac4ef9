import {
  errorTexts,
  type AssociateList,
  type AssociateListItem,
  type BookingCheck,
  type ErrorBody,
} from '@clube/shared';
import { waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, reply, route, type RecordedRequest } from '@/testing/mock-api';
import { placeId, renderDialog, slot } from './create-appointment-dialog-scene';

function member(id: string, name: string, cardId: string, title: string): AssociateListItem {
  return {
    id,
    user: { name, cpf: '52998224725' },
    birthDate: '1990-01-01',
    cardId,
    associateTitle: { id: '55555555-5555-4555-8555-555555555555', name: title, blocked: false },
    isHolder: true,
    blocked: false,
    portalAccess: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const joao = member('22222222-2222-4222-8222-222222222222', 'João Carlos Pereira', '1207', 'T-88');
const joana = member('66666666-6666-4666-8666-666666666666', 'Joana Pereira', '3301', 'T-12');

const searchOf = (request: RecordedRequest) => request.query.get('search');
const isSearch = (request: RecordedRequest) =>
  request.url.startsWith('/api/backoffice/associate/findAllPaginated?');
const isBooking = (request: RecordedRequest) =>
  request.method === 'POST' && request.url === '/api/backoffice/appointment';

/** Any refusal: the tests here look at what the dialog sent, not at how it shows the answer. */
const refusal: ErrorBody = { statusCode: 422, error: 'X', message: 'X' };

/** The club's search answers the matches the API's matcher found for the term sent. */
function api(check: BookingCheck) {
  return mockApi(
    route.get<AssociateList>('/backoffice/associate/findAllPaginated', (request) =>
      searchOf(request) === 'pereira joao'
        ? { items: [joao], total: 1, nextCursor: null, previousCursor: null }
        : {
            items: [joao, joana],
            total: 2,
            nextCursor: null,
            previousCursor: null,
          },
    ),
    route.post<BookingCheck>('/backoffice/appointment/check', check),
    route.post('/backoffice/appointment', reply(422, refusal)),
  );
}

const ok: BookingCheck = { ok: true, failures: [], quota: { used: 1, limit: 4 } };

describe('booking dialog', () => {
  it('finds the member in one autofocused field by words in any order, picked by keyboard; Enter books', async () => {
    const { requests } = api(ok);
    const dialog = renderDialog();
    const user = userEvent.setup();
    // The place is named in the dialog, and no card-number field is left.
    expect(
      within(dialog).getByText(/Quadra de Tênis 2 · 10\/06\/2026 das 09:00 às 10:00/),
    ).toBeVisible();
    expect(within(dialog).queryByLabelText('Carteirinha')).toBeNull();
    const field = within(dialog).getByRole('combobox', { name: 'Associado' });
    await waitFor(() => expect(field).toHaveFocus());

    await user.keyboard('pereira joao');
    const option = await within(dialog).findByRole('option', { name: /João Carlos Pereira/ });
    expect(option).toHaveTextContent('Carteirinha 1207 · T-88');
    // The whole term goes to the club's own search (every word, any order, no accents).
    expect(requests.some((request) => searchOf(request) === 'pereira joao')).toBe(true);
    expect(within(dialog).queryByRole('option', { name: /Joana/ })).toBeNull();

    await user.keyboard('{ArrowDown}{Enter}');
    expect(field).toHaveValue('João Carlos Pereira');
    const create = within(dialog).getByRole('button', { name: 'Criar' });
    await waitFor(() => expect(create).toBeEnabled());
    expect(within(dialog).getByText('1 de 4 neste mês')).toBeVisible();

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(requests.find(isBooking)?.body).toEqual({
        associateId: joao.id,
        placeId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        cardId: '1207',
      }),
    );
  });

  it('marks a blocked member, and a member of a blocked title, "Bloqueado" among the matches', async () => {
    const blockedMember = { ...joana, blocked: true };
    const blockedTitle = {
      ...member('77777777-7777-4777-8777-777777777777', 'Pedro Pereira', '4400', 'T-20'),
    };
    blockedTitle.associateTitle = { ...blockedTitle.associateTitle, blocked: true };
    mockApi(
      route.get<AssociateList>('/backoffice/associate/findAllPaginated', {
        items: [joao, blockedMember, blockedTitle],
        total: 3,
        nextCursor: null,
        previousCursor: null,
      }),
      route.post<BookingCheck>('/backoffice/appointment/check', ok),
    );
    const dialog = renderDialog();
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('combobox', { name: 'Associado' }), 'pereira');

    expect(
      await within(dialog).findByRole('option', { name: /^Joana Pereira\s*Bloqueado/ }),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('option', { name: /^Pedro Pereira\s*Bloqueado/ }),
    ).toBeVisible();
    expect(
      within(dialog).getByRole('option', { name: /João Carlos Pereira/ }),
    ).not.toHaveTextContent('Bloqueado');
  });

  it('picks with the mouse too, and a new word drops the pick until another is chosen', async () => {
    api(ok);
    const dialog = renderDialog();
    const user = userEvent.setup();
    const field = within(dialog).getByRole('combobox', { name: 'Associado' });
    await user.type(field, 'pereira');
    await user.click(await within(dialog).findByRole('option', { name: /Joana Pereira/ }));
    expect(field).toHaveValue('Joana Pereira');
    const create = within(dialog).getByRole('button', { name: 'Criar' });
    await waitFor(() => expect(create).toBeEnabled());
    await user.type(field, ' x');
    expect(create).toBeDisabled();
  });

  it("keeps 'Criar' disabled and Enter idle while rules fail, naming each rule and the date to book from", async () => {
    const { requests } = api({
      ok: false,
      failures: [
        { code: 'AvailableBookingDaysMissed', message: 'x', from: '2026-06-03' },
        { code: 'ReservationsLimitReached', message: 'y', from: '2026-07-01' },
        { code: 'AgeRestriction', message: 'z', params: { minimumAge: 18 } },
      ],
      quota: { used: 4, limit: 4 },
    });
    const dialog = renderDialog();
    const user = userEvent.setup();
    await user.keyboard('pereira joao');
    await user.click(await within(dialog).findByRole('option', { name: /João Carlos Pereira/ }));

    const reasons = await within(dialog).findByRole('alert');
    const items = within(reasons)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      `Janela de reservas: ${errorTexts.AvailableBookingDaysMissed} Pode agendar a partir de 03/06/2026.`,
      `Cota do mês: ${errorTexts.ReservationsLimitReached} A cota do título renova em 01/07/2026.`,
      'Idade mínima: Quem vai usar a reserva não tem a idade mínima exigida por este espaço: 18 anos.',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Criar' })).toBeDisabled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Associado' }));
    await user.keyboard('{Enter}');
    expect(requests.some(isBooking)).toBe(false);
  });

  it('lists every failure of a booking the API refuses when it is sent, with the reason of a block', async () => {
    const failures = [
      { code: 'TitleBlocked', message: 'texto do servidor', reason: 'Mensalidade em atraso' },
      { code: 'AgeRestriction', message: 'texto do servidor', params: { minimumAge: 12 } },
    ];
    mockApi(
      route.get<AssociateList>('/backoffice/associate/findAllPaginated', {
        items: [joao],
        total: 1,
        nextCursor: null,
        previousCursor: null,
      }),
      route.post<BookingCheck>('/backoffice/appointment/check', ok),
      // Someone changed the title in between: the POST answers the first failure and all of them.
      route.post(
        '/backoffice/appointment',
        reply(422, { ...refusal, error: 'TitleBlocked', details: { failures } }),
      ),
    );
    const dialog = renderDialog();
    const user = userEvent.setup();
    await user.keyboard('pereira joao');
    await user.click(await within(dialog).findByRole('option', { name: /João Carlos Pereira/ }));
    const create = within(dialog).getByRole('button', { name: 'Criar' });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);

    const list = await within(dialog).findByRole('alert');
    expect(list).toHaveTextContent('Este agendamento não é permitido:');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Título bloqueado: ${errorTexts.TitleBlocked} Motivo: Mensalidade em atraso`,
      'Idade mínima: Quem vai usar a reserva não tem a idade mínima exigida por este espaço: 12 anos.',
    ]);
  });

  it('asks nothing for fewer than two characters and says when nobody matches', async () => {
    const { requests } = mockApi(
      route.get<AssociateList>('/backoffice/associate/findAllPaginated', {
        items: [],
        total: 0,
        nextCursor: null,
        previousCursor: null,
      }),
    );
    const dialog = renderDialog();
    const user = userEvent.setup();
    await user.keyboard('j');
    expect(within(dialog).queryByText('Nenhum associado encontrado.')).toBeNull();
    await user.keyboard('z');
    expect(await within(dialog).findByText('Nenhum associado encontrado.')).toBeVisible();
    const searches = requests.filter(isSearch);
    expect(searches.map(searchOf)).toEqual(['jz']);
  });
});
