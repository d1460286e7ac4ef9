import type { OperatingHour, OperatingHourList } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, type RecordedRequest, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

function signedInClub(overrides: Parameters<typeof buildCompany>[0] = {}) {
  setSession(buildSession());
  const company = buildCompany(overrides);
  setCurrentCompany(company);
  mockApi(route.get('/backoffice/company', { items: [company] }));
  return company;
}

const monday = (companyId: string): OperatingHour => ({
  id: '00000000-0000-4000-8000-0000000000aa',
  companyId,
  dayOfWeek: 'SEGUNDA',
  openTime: '06:00',
  closeTime: '22:00',
});

function isSave(request: RecordedRequest) {
  return request.url.startsWith('/api/backoffice/operating-hour') && request.method !== 'GET';
}

describe('operating hours page', () => {
  it('shows seven day cards and updates an existing day', async () => {
    const company = signedInClub();
    const { requests } = mockApi(
      route.get<OperatingHourList>(`/backoffice/operating-hour/company/${company.id}`, {
        items: [monday(company.id)],
      }),
      route.patch<OperatingHour>('/backoffice/operating-hour/company', {
        ...monday(company.id),
        openTime: '07:00',
      }),
    );
    renderApp('/operating-hour');

    const card = await screen.findByRole('form', { name: 'Segunda-feira' });
    expect(screen.getAllByRole('form')).toHaveLength(7);
    const open = within(card).getByRole('textbox', { name: 'Abertura' });
    expect(open).toHaveValue('06:00');
    const user = userEvent.setup();
    await user.clear(open);
    await user.type(open, '0700');
    await user.click(within(card).getByRole('button', { name: 'Atualizar horário' }));

    expect(await screen.findByText('Horário de funcionamento atualizado.')).toBeInTheDocument();
    expect(requests.find(isSave)).toMatchObject({
      method: 'PATCH',
      url: '/api/backoffice/operating-hour/company',
      body: { companyId: company.id, dayOfWeek: 'SEGUNDA', openTime: '07:00', closeTime: '22:00' },
    });
  });

  it('copies a saved day to every other day: creates the days without hours, updates the rest', async () => {
    const company = signedInClub();
    const sunday: OperatingHour = {
      ...monday(company.id),
      id: '00000000-0000-4000-8000-0000000000bb',
      dayOfWeek: 'DOMINGO',
      openTime: '09:00',
      closeTime: '13:00',
    };
    const { requests } = mockApi(
      route.get<OperatingHourList>(`/backoffice/operating-hour/company/${company.id}`, {
        items: [monday(company.id), sunday],
      }),
      route.patch('/backoffice/operating-hour/company', ({ body }) => ({
        ...sunday,
        ...(body as object),
      })),
      route.post('/backoffice/operating-hour', ({ body }) =>
        reply(201, { ...sunday, ...(body as object) }),
      ),
    );
    renderApp('/operating-hour');
    const card = await screen.findByRole('form', { name: 'Segunda-feira' });
    const user = userEvent.setup();
    await user.click(
      within(card).getByRole('button', {
        name: 'Copiar o horário de Segunda-feira para todos os dias',
      }),
    );
    expect(
      await screen.findByText('Horário copiado para todos os dias da semana.'),
    ).toBeInTheDocument();
    const saves = requests.filter(isSave);
    expect(saves).toHaveLength(6);
    for (const save of saves) {
      expect(save.body).toMatchObject({ openTime: '06:00', closeTime: '22:00' });
    }
    expect(saves.filter((save) => save.method === 'PATCH').map((save) => save.body)).toEqual([
      { companyId: company.id, dayOfWeek: 'DOMINGO', openTime: '06:00', closeTime: '22:00' },
    ]);
    expect(saves.filter((save) => save.method === 'POST')).toHaveLength(5);
  });

  it('checks required times and their order before creating a day', async () => {
    const company = signedInClub();
    const { requests } = mockApi(
      route.get<OperatingHourList>(`/backoffice/operating-hour/company/${company.id}`, {
        items: [],
      }),
      route.post(
        '/backoffice/operating-hour',
        reply<OperatingHour>(201, {
          ...monday(company.id),
          dayOfWeek: 'DOMINGO',
          openTime: '08:00',
        }),
      ),
    );
    renderApp('/operating-hour');
    const card = await screen.findByRole('form', { name: 'Domingo' });
    const user = userEvent.setup();
    const save = within(card).getByRole('button', { name: 'Salvar horário' });

    await user.click(save);
    expect(await within(card).findByText('Horário de abertura é obrigatório')).toBeInTheDocument();
    expect(within(card).getByText('Horário de fechamento é obrigatório')).toBeInTheDocument();

    await user.type(within(card).getByRole('textbox', { name: 'Abertura' }), '2000');
    await user.type(within(card).getByRole('textbox', { name: 'Fechamento' }), '0800');
    await user.click(save);
    expect(
      await within(card).findByText(
        'O horário de abertura deve ser anterior ao horário de fechamento!',
      ),
    ).toBeInTheDocument();
    expect(requests.filter(isSave)).toHaveLength(0);

    const open = within(card).getByRole('textbox', { name: 'Abertura' });
    await user.clear(open);
    await user.type(open, '0800');
    const close = within(card).getByRole('textbox', { name: 'Fechamento' });
    await user.clear(close);
    await user.type(close, '2200');
    await user.click(save);
    expect(await screen.findByText('Horário de funcionamento criado.')).toBeInTheDocument();
    expect(requests.find(isSave)).toMatchObject({
      method: 'POST',
      body: { companyId: company.id, dayOfWeek: 'DOMINGO', openTime: '08:00', closeTime: '22:00' },
    });
  });

  it('shows the server refusal on the field and an error toast', async () => {
    const company = signedInClub();
    mockApi(
      route.get<OperatingHourList>(`/backoffice/operating-hour/company/${company.id}`, {
        items: [monday(company.id)],
      }),
      route.patch(
        '/backoffice/operating-hour/company',
        apiError('ValidationError', {
          message: 'Horário inválido',
          details: [{ path: 'closeTime', message: 'Horário inválido' }],
        }),
      ),
    );
    renderApp('/operating-hour');
    const card = await screen.findByRole('form', { name: 'Segunda-feira' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Atualizar horário' }));
    expect(await screen.findByText('Dados inválidos. Verifique os campos.')).toBeInTheDocument();
    expect(within(card).getByText('Horário inválido')).toBeInTheDocument();
  });

  it('shows the front desk the hours read-only, and why', async () => {
    const company = signedInClub({ role: 'recepcao' });
    mockApi(
      route.get<OperatingHourList>(`/backoffice/operating-hour/company/${company.id}`, {
        items: [monday(company.id)],
      }),
    );
    renderApp('/operating-hour');
    const card = await screen.findByRole('form', { name: 'Segunda-feira' });
    expect(
      await screen.findByText(
        'Somente administradores podem alterar os horários de funcionamento.',
      ),
    ).toBeVisible();
    expect(within(card).getByLabelText('Abertura')).toHaveAttribute('readonly');
    expect(within(card).getByLabelText('Abertura')).toHaveValue('06:00');
    expect(screen.queryByRole('button', { name: /horário/ })).toBeNull();
  });

  it("says PermissionDenied's words when the server refuses the role, not a failed save", async () => {
    const company = signedInClub();
    mockApi(
      route.get<OperatingHourList>(`/backoffice/operating-hour/company/${company.id}`, {
        items: [monday(company.id)],
      }),
      route.patch('/backoffice/operating-hour/company', apiError('PermissionDenied')),
    );
    renderApp('/operating-hour');
    const card = await screen.findByRole('form', { name: 'Segunda-feira' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Atualizar horário' }));
    expect(
      await screen.findByText('O seu papel neste clube não permite esta ação.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Erro ao atualizar horário de funcionamento.')).toBeNull();
  });

  it('says when the hours cannot be loaded', async () => {
    const company = signedInClub();
    mockApi(route.get(`/backoffice/operating-hour/company/${company.id}`, apiError('NotFound')));
    renderApp('/operating-hour');
    expect(
      await screen.findByText('Erro ao carregar horários de funcionamento.'),
    ).toBeInTheDocument();
  });
});
