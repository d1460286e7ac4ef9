import { createPlaceBodySchema, type OperatingHour, type Place } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCategory, buildCompany, buildPlace, buildSession } from '@/testing/factories';
import { mockApi, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const company = buildCompany();
const category = buildCategory({
  id: '11111111-1111-4111-8111-111111111111',
  companyId: company.id,
});
const placeId = '22222222-2222-4222-8222-222222222222';
const clubWeek: OperatingHour[] = (['SEGUNDA', 'SABADO'] as const).map((dayOfWeek, index) => ({
  id: `33333333-3333-4333-8333-00000000000${index}`,
  companyId: company.id,
  dayOfWeek,
  openTime: '06:00',
  closeTime: '22:00',
}));

function answer() {
  return mockApi(
    route.get(`/backoffice/category/company/${company.id}`, { items: [category] }),
    route.get(`/backoffice/place/company/${company.id}`, { items: [] }),
    route.get(`/backoffice/operating-hour/company/${company.id}`, { items: clubWeek }),
    route.post('/backoffice/place', ({ body }) =>
      reply<Place>(201, {
        guestsAllowed: false,
        guestLimit: 0,
        guestCpfRequired: false,
        guestListClosesHours: 0,
        anonymousBooking: false,
        parts: [],
        partOf: [],
        ...createPlaceBodySchema.parse(body),
        id: placeId,
        category: { id: category.id, name: category.name },
      } as Place),
    ),
  );
}

async function openWithPlace() {
  setSession(buildSession());
  setCurrentCompany(company);
  renderApp('/dashboard');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Adicionar espaço' }));
  const dialog = await screen.findByRole('dialog', { name: 'Adicionar espaço' });
  const form = within(dialog);
  await user.type(form.getByLabelText('Nome'), 'Piscina');
  await user.type(form.getByLabelText('Descrição'), 'Semiolímpica.');
  await user.selectOptions(form.getByLabelText('Categoria'), category.name);
  return { user, dialog, form };
}

const day = (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByRole('group', { name }));

describe("place form: the place's own week", () => {
  it("shows the club hours of each weekday and sends only the days that differ, in the place's one request", async () => {
    const { requests } = answer();
    const { user, dialog, form } = await openWithPlace();
    expect(
      await day(dialog, 'Segunda-feira').findByText('Clube: 06:00 às 22:00'),
    ).toBeInTheDocument();
    expect(day(dialog, 'Terça-feira').getByText('Clube fechado')).toBeInTheDocument();

    await user.selectOptions(
      form.getByLabelText('Funcionamento do espaço na Segunda-feira'),
      'closed',
    );
    await user.selectOptions(form.getByLabelText('Funcionamento do espaço na Sábado'), 'open');
    const saturday = day(dialog, 'Sábado');
    await user.type(saturday.getByLabelText('Abertura'), '0800');
    await user.type(saturday.getByLabelText('Fechamento'), '1200');
    await user.click(form.getByRole('button', { name: 'Criar espaço' }));

    expect(await screen.findByText('Espaço "Piscina" criado.')).toBeInTheDocument();
    const writes = requests.filter((request) => request.method !== 'GET');
    expect(writes).toHaveLength(1);
    expect(writes[0]!.url).toBe('/api/backoffice/place');
    expect((writes[0]!.body as { week: unknown }).week).toEqual({
      items: [
        { dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null },
        { dayOfWeek: 'SABADO', openTime: '08:00', closeTime: '12:00' },
      ],
    });
  });

  it('sends no week when it was left as it was', async () => {
    const { requests } = answer();
    const { user, form } = await openWithPlace();
    await user.click(form.getByRole('button', { name: 'Criar espaço' }));
    expect(await screen.findByText('Espaço "Piscina" criado.')).toBeInTheDocument();
    const post = requests.find((request) => request.method === 'POST')!;
    expect(post.body).not.toHaveProperty('week');
  });

  it('copies one weekday to every day', async () => {
    const { requests } = answer();
    const { user, dialog, form } = await openWithPlace();
    await user.selectOptions(form.getByLabelText('Funcionamento do espaço na Domingo'), 'closed');
    await user.click(
      form.getByRole('button', { name: 'Copiar o horário de Domingo para todos os dias' }),
    );
    for (const name of ['Segunda-feira', 'Quarta-feira', 'Sábado'])
      expect(day(dialog, name).getByRole('combobox')).toHaveValue('closed');
    await user.click(form.getByRole('button', { name: 'Criar espaço' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    const post = requests.find((request) => request.method === 'POST')!;
    expect((post.body as { week: { items: unknown[] } }).week.items).toHaveLength(7);
  });

  it('refuses a weekday closing before it opens and sends nothing', async () => {
    const { requests } = answer();
    const { user, dialog, form } = await openWithPlace();
    await user.selectOptions(form.getByLabelText('Funcionamento do espaço na Sexta-feira'), 'open');
    const friday = day(dialog, 'Sexta-feira');
    await user.type(friday.getByLabelText('Abertura'), '1800');
    await user.type(friday.getByLabelText('Fechamento'), '0900');
    await user.click(form.getByRole('button', { name: 'Criar espaço' }));
    expect(await friday.findByText('A abertura deve ser antes do fechamento.')).toBeInTheDocument();
    expect(requests.some((request) => request.method !== 'GET')).toBe(false);
  });
});

describe("place edit: the place's own week", () => {
  it('shows the saved week and sends the changed one with the place, in one PATCH', async () => {
    const place = buildPlace({
      id: placeId,
      companyId: company.id,
      categoryId: category.id,
      category: { id: category.id, name: category.name },
      name: 'Piscina',
      description: 'Semiolímpica.',
    });
    const { requests } = mockApi(
      route.get(`/backoffice/place/${place.id}`, place),
      route.get(`/backoffice/placeImage/place/${place.id}`, { items: [] }),
      route.get(`/backoffice/category/company/${company.id}`, { items: [category] }),
      route.get(`/backoffice/place/company/${company.id}`, { items: [place] }),
      route.get(`/backoffice/operating-hour/company/${company.id}`, { items: clubWeek }),
      route.get('/backoffice/audit', { items: [], nextCursor: null }),
      route.get(`/backoffice/place/${place.id}/week`, {
        items: [{ dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null }],
      }),
      route.patch('/backoffice/place', place),
    );
    setSession(buildSession());
    setCurrentCompany(company);
    renderApp(`/place/${place.id}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar espaço' });
    const monday = within(dialog).getByLabelText('Funcionamento do espaço na Segunda-feira');
    await waitFor(() => expect(monday).toHaveValue('closed'));
    await user.selectOptions(
      within(dialog).getByLabelText('Funcionamento do espaço na Domingo'),
      'closed',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Espaço "Piscina" editado.')).toBeInTheDocument();
    const writes = requests.filter((request) => request.method !== 'GET');
    expect(writes.map((request) => request.method)).toEqual(['PATCH']);
    expect(writes[0]!.body).toMatchObject({
      id: place.id,
      week: {
        items: [
          { dayOfWeek: 'DOMINGO', openTime: null, closeTime: null },
          { dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null },
        ],
      },
    });
  });
});
