import { createPlaceBodySchema, type OperatingHour, type Place } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCategory, buildCompany, buildSession } from '@/testing/factories';
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
    route.put(`/backoffice/place/${placeId}/week`, ({ body }) => body as object),
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
  it('shows the club hours of each weekday and saves only the days that differ, after the place', async () => {
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

    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.url).toBe(`/api/backoffice/place/${placeId}/week`);
    expect(put.body).toEqual({
      items: [
        { dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null },
        { dayOfWeek: 'SABADO', openTime: '08:00', closeTime: '12:00' },
      ],
    });
    const post = requests.findIndex((request) => request.method === 'POST');
    expect(post).toBeLessThan(requests.indexOf(put));
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
    await waitFor(() => expect(requests.some((request) => request.method === 'PUT')).toBe(true));
    const put = requests.find((request) => request.method === 'PUT')!;
    expect((put.body as { items: unknown[] }).items).toHaveLength(7);
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
    expect(requests.some((request) => request.method === 'POST' || request.method === 'PUT')).toBe(
      false,
    );
  });
});
