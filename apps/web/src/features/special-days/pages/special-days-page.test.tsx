import {
  clubToday,
  type BlockConflict,
  type SavedSpecialDay,
  type SpecialDay,
} from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const id = (n: number) => `99999999-0000-4000-8000-${String(n).padStart(12, '0')}`;

function signedInClub(role: 'administrador' | 'recepcao' = 'administrador') {
  setSession(buildSession());
  const company = buildCompany({ role });
  setCurrentCompany(company);
  mockApi(
    route.get('/backoffice/company', { items: [company] }),
    route.get(`/backoffice/category/company/${company.id}`, { items: [] }),
    route.get(`/backoffice/place/company/${company.id}`, { items: [] }),
  );
  return company;
}

const year = Number(clubToday('America/Sao_Paulo').slice(0, 4));

function dayOf(companyId: string, overrides: Partial<SpecialDay> = {}): SpecialDay {
  return {
    id: id(1),
    companyId,
    date: `${year}-12-25`,
    name: 'Natal',
    scope: 'club',
    category: null,
    place: null,
    openTime: null,
    closeTime: null,
    closed: true,
    ...overrides,
  };
}

const conflict: BlockConflict = {
  id: id(50),
  placeId: id(60),
  placeName: 'Quadra 1',
  startsAt: `${year}-12-25T13:00:00.000Z`,
  endsAt: `${year}-12-25T14:00:00.000Z`,
  status: 'SCHEDULED',
  associateName: 'Ana Souza',
  associate: { id: id(70), name: 'Ana Souza', cardId: '123' },
  actions: ['keep', 'cancel', 'move'],
  freePlaces: [],
};

describe('Feriados e dias especiais', () => {
  it("lists the year's days with their scope and hours", async () => {
    const company = signedInClub();
    mockApi(
      route.get(`/backoffice/special-day/company/${company.id}`, {
        items: [
          dayOf(company.id),
          dayOf(company.id, {
            id: id(2),
            date: `${year}-02-17`,
            name: 'Carnaval',
            scope: 'category',
            category: { id: id(3), name: 'Piscinas' },
            closed: false,
            openTime: '08:00',
            closeTime: '14:00',
          }),
        ],
      }),
    );
    renderApp('/special-days');
    expect(
      await screen.findByRole('heading', { name: 'Feriados e dias especiais' }),
    ).toBeInTheDocument();
    const natal = (await screen.findByText('Natal')).closest('li')!;
    expect(within(natal).getByText(`25/12/${year}`)).toBeInTheDocument();
    expect(within(natal).getByText('Clube inteiro')).toBeInTheDocument();
    expect(within(natal).getByText('Fechado')).toBeInTheDocument();
    const carnival = screen.getByText('Carnaval').closest('li')!;
    expect(within(carnival).getByText('Categoria: Piscinas')).toBeInTheDocument();
    expect(within(carnival).getByText('Aberto das 08:00 às 14:00')).toBeInTheDocument();
  });

  it('adds a closure over a booking: the impact step asks, the cancel is sent with the day', async () => {
    const company = signedInClub();
    const saved: SavedSpecialDay = {
      specialDay: dayOf(company.id),
      kept: [],
      cancelled: [
        {
          appointmentId: conflict.id,
          associate: conflict.associate,
          place: { id: conflict.placeId, name: conflict.placeName },
          startsAt: conflict.startsAt,
          endsAt: conflict.endsAt,
        },
      ],
      moved: [],
    };
    const { requests } = mockApi(
      route.get(`/backoffice/special-day/company/${company.id}`, { items: [] }),
      route.post('/backoffice/special-day/preview', { appointments: [conflict] }),
      route.post('/backoffice/special-day', reply(201, saved)),
    );
    renderApp('/special-days');
    const user = userEvent.setup();
    expect(await screen.findByText(`Nenhum dia especial em ${year}.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Adicionar dia especial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo dia especial' });
    const form = within(dialog);
    await user.type(form.getByLabelText('Data'), `2512${year}`);
    await user.type(form.getByLabelText('Nome'), 'Natal');
    await user.click(form.getByRole('button', { name: 'Salvar dia especial' }));

    expect(await form.findByText('Ana Souza · carteirinha 123')).toBeInTheDocument();
    expect(
      form.getByRole('heading', { name: 'Agendamentos fora do horário do dia especial' }),
    ).toBeInTheDocument();
    await user.click(form.getByRole('radio', { name: 'Cancelar' }));
    await user.click(form.getByRole('button', { name: 'Salvar dia especial' }));
    expect(await form.findByText('Dia especial salvo')).toBeInTheDocument();
    const save = requests.find((request) => request.url === '/api/backoffice/special-day')!;
    expect(save.body).toEqual({
      companyId: company.id,
      date: `${year}-12-25`,
      name: 'Natal',
      categoryId: null,
      placeId: null,
      openTime: null,
      closeTime: null,
      resolutions: [{ appointmentId: conflict.id, action: 'cancel' }],
    });
  });

  it('refuses hours closing before they open, and shows the server refusal in Portuguese', async () => {
    const company = signedInClub();
    const { requests } = mockApi(
      route.get(`/backoffice/special-day/company/${company.id}`, { items: [] }),
      route.post('/backoffice/special-day/preview', apiError('SpecialDayHoursInvalid')),
    );
    renderApp('/special-days');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Adicionar dia especial' }));
    const form = within(await screen.findByRole('dialog', { name: 'Novo dia especial' }));
    await user.type(form.getByLabelText('Data'), `1702${year}`);
    await user.type(form.getByLabelText('Nome'), 'Carnaval');
    await user.click(form.getByRole('radio', { name: 'Aberto com outro horário' }));
    await user.type(form.getByLabelText('Abertura'), '1400');
    await user.type(form.getByLabelText('Fechamento'), '0800');
    await user.click(form.getByRole('button', { name: 'Salvar dia especial' }));
    expect(await form.findByText('A abertura deve ser antes do fechamento.')).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(form.getByLabelText('Fechamento'));
    await user.type(form.getByLabelText('Fechamento'), '2000');
    await user.click(form.getByRole('button', { name: 'Salvar dia especial' }));
    expect(
      await screen.findByText(/abertura antes do fechamento, entre 00:00 e 23:59/),
    ).toBeInTheDocument();
  });

  it('imports the picked national holidays as club closures, skipping those already added', async () => {
    const company = signedInClub();
    const { requests } = mockApi(
      route.get(`/backoffice/special-day/company/${company.id}`, { items: [] }),
      route.get(`/backoffice/special-day/company/${company.id}/holidays`, {
        items: [
          { date: `${year}-01-01`, name: 'Confraternização Universal', added: true },
          { date: `${year}-04-21`, name: 'Tiradentes', added: false },
          { date: `${year}-12-25`, name: 'Natal', added: false },
        ],
      }),
      route.post('/backoffice/special-day', ({ body }) =>
        reply(201, {
          specialDay: dayOf(company.id, body as Partial<SpecialDay>),
          kept: [],
          cancelled: [],
          moved: [],
        }),
      ),
    );
    renderApp('/special-days');
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: `Importar feriados nacionais de ${year}` }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: `Feriados nacionais de ${year}` }),
    );
    expect(
      await dialog.findByRole('checkbox', { name: /Confraternização Universal/ }),
    ).toBeDisabled();
    await user.click(dialog.getByRole('checkbox', { name: /Natal/ }));
    await user.click(dialog.getByRole('button', { name: 'Adicionar 1 feriado' }));
    expect(await screen.findByText('1 feriado adicionado.')).toBeInTheDocument();
    const posts = requests.filter((request) => request.method === 'POST');
    expect(posts.map((request) => request.body)).toEqual([
      { companyId: company.id, date: `${year}-12-25`, name: 'Natal', resolutions: [] },
    ]);
  });

  it('reads only for Recepção: no add, import, edit or delete', async () => {
    const company = signedInClub('recepcao');
    mockApi(
      route.get(`/backoffice/special-day/company/${company.id}`, { items: [dayOf(company.id)] }),
    );
    renderApp('/special-days');
    expect(await screen.findByText('Natal')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen.getByText('Somente administradores podem alterar os horários de funcionamento.'),
      ).toBeInTheDocument(),
    );
    expect(
      screen.queryByRole('button', { name: 'Adicionar dia especial' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Importar feriados/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar Natal/ })).not.toBeInTheDocument();
  });
});
