import { createPlaceBodySchema, type Place } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCategory, buildCompany, buildPlace, buildSession } from '@/testing/factories';
import { apiError, mockApi, reply, route, type RouteAnswer } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const company = buildCompany();
const category = buildCategory({
  id: '11111111-1111-4111-8111-111111111111',
  companyId: company.id,
});

/** The dashboard of a club with one category and no places yet; `created` answers the create. */
function answer(created: RouteAnswer<Place>) {
  return mockApi(
    route.get(`/backoffice/category/company/${company.id}`, { items: [category] }),
    route.get(`/backoffice/place/company/${company.id}`, { items: [] }),
    route.post('/backoffice/place', created),
    route.get(`/backoffice/operating-hour/company/${company.id}`, { items: [] }),
  );
}

async function openCreateDialog() {
  setSession(buildSession());
  setCurrentCompany(company);
  renderApp('/dashboard');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Adicionar espaço' }));
  const dialog = await screen.findByRole('dialog', { name: 'Adicionar espaço' });
  return { user, dialog };
}

async function fillValidPlace(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  const form = within(dialog);
  await user.type(form.getByLabelText('Nome'), 'Quadra de Tênis');
  await user.type(form.getByLabelText('Descrição'), 'Saibro, com iluminação.');
  await user.selectOptions(form.getByLabelText('Categoria'), 'Quadras');
  await user.clear(form.getByLabelText('Horário de início'));
  await user.type(form.getByLabelText('Horário de início'), '0800');
  await user.clear(form.getByLabelText('Horário de término'));
  await user.type(form.getByLabelText('Horário de término'), '2200');
  await user.clear(form.getByLabelText('Duração (minutos)'));
  await user.type(form.getByLabelText('Duração (minutos)'), '60');
  await user.clear(form.getByLabelText('Reservas por título/mês'));
  await user.type(form.getByLabelText('Reservas por título/mês'), '4');
  await user.clear(form.getByLabelText('Antecedência (dias)'));
  await user.type(form.getByLabelText('Antecedência (dias)'), '14');
  await user.clear(form.getByLabelText('Idade mínima (anos)'));
  await user.type(form.getByLabelText('Idade mínima (anos)'), '18');
  await user.clear(form.getByLabelText('Cancelar até (horas antes)'));
  await user.type(form.getByLabelText('Cancelar até (horas antes)'), '2');
}

describe('place create dialog', () => {
  it('starts with sensible rules, so only the name, description and category are asked for', async () => {
    answer(reply(201));
    const { dialog } = await openCreateDialog();
    const form = within(dialog);
    expect(form.getByLabelText('Horário de início')).toHaveValue('08:00');
    expect(form.getByLabelText('Horário de término')).toHaveValue('22:00');
    expect(form.getByLabelText('Duração (minutos)')).toHaveValue('60');
    expect(form.getByLabelText('Reservas por título/mês')).toHaveValue('0');
    expect(form.getByLabelText('Antecedência (dias)')).toHaveValue('7');
    expect(form.getByLabelText('Idade mínima (anos)')).toHaveValue('0');
    expect(form.getByLabelText('Cancelar até (horas antes)')).toHaveValue('2');
  });

  it('marks every required field left empty with "Campo obrigatório!" and sends nothing', async () => {
    const { requests } = answer(reply(201));
    const { user, dialog } = await openCreateDialog();
    const form = within(dialog);
    for (const label of ['Horário de início', 'Duração (minutos)', 'Idade mínima (anos)']) {
      await user.clear(form.getByLabelText(label));
    }
    await user.click(within(dialog).getByRole('button', { name: 'Criar espaço' }));
    await waitFor(() => expect(within(dialog).getAllByText('Campo obrigatório!')).toHaveLength(6));
    expect(within(dialog).getByLabelText('Nome')).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('refuses an end time before the start and out-of-range numbers', async () => {
    answer(reply(201));
    const { user, dialog } = await openCreateDialog();
    await fillValidPlace(user, dialog);
    const form = within(dialog);
    await user.clear(form.getByLabelText('Horário de término'));
    await user.type(form.getByLabelText('Horário de término'), '0700');
    await user.clear(form.getByLabelText('Duração (minutos)'));
    await user.type(form.getByLabelText('Duração (minutos)'), '2');
    await user.click(form.getByRole('button', { name: 'Criar espaço' }));
    expect(
      await form.findByText('O horário de início deve ser anterior ao de término.'),
    ).toBeInTheDocument();
    expect(form.getByText('O valor mínimo é 5')).toBeInTheDocument();
  });

  it('sends the place and toasts its name', async () => {
    const { requests } = answer(({ body }) =>
      reply<Place>(201, {
        guestsAllowed: false,
        guestLimit: 0,
        guestCpfRequired: false,
        guestListClosesHours: 0,
        ...createPlaceBodySchema.parse(body),
        id: '22222222-2222-4222-8222-222222222222',
        category: { id: category.id, name: category.name },
        bookRange: 60,
        associateReservationLimit: 4,
        availableBookingDays: 14,
        ageRestriction: 18,
        maxCancelBookingTime: 2,
        anonymousBooking: false,
        parts: [],
        partOf: [],
      }),
    );
    const { user, dialog } = await openCreateDialog();
    await fillValidPlace(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Criar espaço' }));
    expect(await screen.findByText('Espaço "Quadra de Tênis" criado.')).toBeInTheDocument();
    const sent = requests.find((request) => request.method === 'POST')!.body;
    expect(sent).toMatchObject({
      companyId: company.id,
      categoryId: category.id,
      startsAt: '08:00',
      endsAt: '22:00',
      bookRange: 60,
      ageRestriction: 18,
    });
  });

  it("shows the server's field errors under their fields and toasts the refusal", async () => {
    answer(
      apiError('ValidationError', {
        details: [{ path: 'name', message: 'Use no máximo 120 caracteres' }],
      }),
    );
    const { user, dialog } = await openCreateDialog();
    await fillValidPlace(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Criar espaço' }));
    expect(await screen.findByText('Dados inválidos. Verifique os campos.')).toBeInTheDocument();
    expect(within(dialog).getByText('Use no máximo 120 caracteres')).toBeInTheDocument();
  });
});

describe('the first place of a club without categories', () => {
  it('makes the category inside the form and keeps everything typed', async () => {
    let categories: (typeof category)[] = [];
    const { requests } = mockApi(
      route.get(`/backoffice/category/company/${company.id}`, () => ({ items: categories })),
      route.get(`/backoffice/place/company/${company.id}`, { items: [] }),
      route.get(`/backoffice/operating-hour/company/${company.id}`, { items: [] }),
      route.post('/backoffice/category', ({ body }) => {
        categories = [{ ...category, name: (body as { name: string }).name }];
        return reply(201, categories[0]);
      }),
      route.post('/backoffice/place', ({ body }) =>
        reply<Place>(201, {
          ...createPlaceBodySchema.parse(body),
          id: '22222222-2222-4222-8222-222222222222',
          category: { id: category.id, name: 'Quadras' },
          bookRange: 60,
          associateReservationLimit: 0,
          availableBookingDays: 7,
          ageRestriction: 0,
          maxCancelBookingTime: 2,
          anonymousBooking: false,
          guestsAllowed: false,
          guestLimit: 0,
          guestCpfRequired: false,
          guestListClosesHours: 0,
          parts: [],
          partOf: [],
        }),
      ),
    );
    const { user, dialog } = await openCreateDialog();
    const form = within(dialog);
    await user.type(form.getByLabelText('Nome'), 'Quadra de Tênis');
    await user.type(form.getByLabelText('Descrição'), 'Saibro, com iluminação.');
    expect(await form.findByText(/O clube ainda não tem categorias/)).toBeVisible();

    await user.type(form.getByLabelText('Nova categoria'), 'Quadras');
    await user.click(form.getByRole('button', { name: 'Criar categoria' }));

    await waitFor(() => expect(form.getByLabelText('Categoria')).toHaveValue(category.id));
    expect(form.getByLabelText('Nome')).toHaveValue('Quadra de Tênis');
    expect(form.getByLabelText('Descrição')).toHaveValue('Saibro, com iluminação.');

    await user.click(form.getByRole('button', { name: 'Criar espaço' }));
    expect(await screen.findByText('Espaço "Quadra de Tênis" criado.')).toBeInTheDocument();
    expect(requests.find((request) => request.url === '/api/backoffice/category')?.body).toEqual({
      companyId: company.id,
      name: 'Quadras',
      blockedAppointmentDay: false,
      notAppointmentPreviousDayTime: false,
    });
    expect(requests.find((request) => request.url === '/api/backoffice/place')?.body).toMatchObject(
      { name: 'Quadra de Tênis', categoryId: category.id },
    );
  });
});

describe('a place made of others', () => {
  it("lists the club's other places that may be parts and sends the ones chosen", async () => {
    const halves = ['Meio campo A', 'Meio campo B'].map((name, index) =>
      buildPlace({
        id: `3333333${index}-3333-4333-8333-333333333333`,
        name,
        companyId: company.id,
      }),
    );
    const doubles = buildPlace({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Quadra dupla',
      companyId: company.id,
      parts: [{ id: halves[0]!.id, name: 'Meio campo A' }],
    });
    const items = [...halves, doubles].map((place) => ({ ...place, coverImageUrl: null }));
    const { requests } = mockApi(
      route.get(`/backoffice/category/company/${company.id}`, { items: [category] }),
      route.get(`/backoffice/place/company/${company.id}`, { items }),
      route.get(`/backoffice/operating-hour/company/${company.id}`, { items: [] }),
      route.get('/backoffice/appointment/occupancy', {
        date: '2026-03-02',
        items: items.map((place) => ({ placeId: place.id, booked: 0, total: 1 })),
      }),
      route.post('/backoffice/place', apiError('PlacePartsNested')),
    );
    const { user, dialog } = await openCreateDialog();
    const parts = within(within(dialog).getByRole('group', { name: 'Este espaço é formado por' }));
    // A place already made of parts is no candidate (one level).
    expect(parts.getAllByRole('checkbox').map((box) => box.parentElement?.textContent)).toEqual([
      'Meio campo A',
      'Meio campo B',
    ]);
    await fillValidPlace(user, dialog);
    await user.click(parts.getByRole('checkbox', { name: 'Meio campo A' }));
    await user.click(parts.getByRole('checkbox', { name: 'Meio campo B' }));
    await user.click(within(dialog).getByRole('button', { name: 'Criar espaço' }));
    expect(
      await parts.findByText(/Um espaço que faz parte de outro não pode ser formado/),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      partPlaceIds: halves.map((half) => half.id),
    });
  });
});
