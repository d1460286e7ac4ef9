import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  BlockConflict,
  BlockConflictDetails,
  BlockedTime,
  BlockedTimeList,
  CreatedBlocks,
} from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const placeA = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Quadra A' };
const placeB = { id: '00000000-0000-4000-8000-0000000000b2', name: 'Quadra B' };
const placeC = { id: '00000000-0000-4000-8000-0000000000c4', name: 'Quadra C' };
const mariaId = '00000000-0000-4000-8000-0000000000c3';
const joaoId = '00000000-0000-4000-8000-0000000000d5';

describe('company-wide blocked times', () => {
  it('lists the bookings the block hits, sends a choice for each, and shows what was done', async () => {
    setSession(buildSession());
    const company = buildCompany();
    setCurrentCompany(company);
    const booking = (
      id: string,
      name: string,
      card: string,
      startsAt: string,
      endsAt: string,
    ): BlockConflict => ({
      id,
      placeId: placeB.id,
      placeName: 'Quadra B',
      startsAt,
      endsAt,
      status: 'SCHEDULED',
      associateName: name,
      associate: { id: `${id.slice(0, -2)}ff`, name, cardId: card },
      actions: ['keep', 'cancel', 'move'],
      freePlaces: [placeC],
    });
    const maria = booking(
      mariaId,
      'Maria Lima',
      '1234',
      '2030-03-04T09:00:00.000Z',
      '2030-03-04T10:00:00.000Z',
    );
    const joao = booking(
      joaoId,
      'João Prado',
      '5678',
      '2030-03-04T10:00:00.000Z',
      '2030-03-04T11:00:00.000Z',
    );
    const outcome = (item: BlockConflict) => ({
      appointmentId: item.id,
      associate: item.associate,
      place: placeB,
      startsAt: item.startsAt,
      endsAt: item.endsAt,
    });
    const { requests } = mockApi(
      route.get('/backoffice/place/company/:companyId', { items: [placeA, placeB] }),
      route.get<BlockedTimeList>('/backoffice/blocked-time/findAll', { items: [] }),
      route.post<BlockConflictDetails>('/backoffice/blocked-time/preview', {
        appointments: [maria, joao],
      }),
      route.post('/backoffice/blocked-time/bulk', () =>
        reply<CreatedBlocks>(201, {
          items: [],
          kept: [outcome(maria)],
          cancelled: [],
          moved: [{ ...outcome(joao), to: placeC }],
        }),
      ),
    );
    renderApp('/manage-time-blocks');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar bloqueio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar bloqueio' });

    await user.click(within(dialog).getByRole('button', { name: 'Criar bloqueios' }));
    expect(await within(dialog).findByText('A descrição do motivo é obrigatória')).toBeVisible();

    await user.click(await within(dialog).findByRole('checkbox', { name: 'Quadra A' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Quadra B' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Torneio');
    // Typed as staff read dates (DD/MM/AAAA HH:mm), whatever the browser's language.
    expect(within(dialog).getByLabelText('Início')).toHaveAttribute(
      'placeholder',
      'DD/MM/AAAA HH:mm',
    );
    await user.type(within(dialog).getByLabelText('Início'), '04/03/2030 06:00');
    await user.type(within(dialog).getByLabelText('Fim'), '040320300800');
    expect(within(dialog).getByLabelText('Fim')).toHaveValue('04/03/2030 08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar bloqueios' }));

    // Who (name and card), where and when, before anything is created.
    expect(await within(dialog).findByText('Maria Lima · carteirinha 1234')).toBeVisible();
    expect(within(dialog).getByText('Quadra B · 04/03/2030, 06:00–07:00')).toBeVisible();
    expect(within(dialog).getByText('João Prado · carteirinha 5678')).toBeVisible();
    expect(requests.some((request) => request.url.endsWith('/blocked-time/bulk'))).toBe(false);

    // Nothing is sent until every booking has a choice.
    await user.click(await within(dialog).findByRole('button', { name: 'Criar bloqueio' }));
    expect(
      within(dialog).getByText(
        'Escolha o que fazer com cada agendamento (e o espaço de cada mudança).',
      ),
    ).toBeVisible();
    expect(requests.some((request) => request.url.endsWith('/blocked-time/bulk'))).toBe(false);

    const mariaChoice = within(dialog).getByRole('group', {
      name: 'O que fazer com o agendamento de Maria Lima',
    });
    await user.click(within(mariaChoice).getByRole('radio', { name: 'Manter' }));
    const joaoChoice = within(dialog).getByRole('group', {
      name: 'O que fazer com o agendamento de João Prado',
    });
    await user.click(within(joaoChoice).getByRole('radio', { name: 'Mover' }));
    await user.selectOptions(
      within(joaoChoice).getByRole('combobox', { name: 'Mover para' }),
      placeC.id,
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Criar bloqueio' }));

    expect(await within(dialog).findByRole('heading', { name: 'Bloqueio criado' })).toBeVisible();
    expect(
      within(within(dialog).getByRole('list', { name: 'Mantidos' })).getByText(/Maria Lima/),
    ).toBeVisible();
    expect(
      within(within(dialog).getByRole('list', { name: 'Movidos' })).getByText(
        'Quadra B → Quadra C · 04/03/2030, 07:00–08:00',
      ),
    ).toBeVisible();
    expect(screen.getByText('Bloqueios criados com sucesso.')).toBeInTheDocument();

    const bulkRequests = requests.filter((request) => request.url.endsWith('/blocked-time/bulk'));
    expect(bulkRequests.map((request) => request.body)).toEqual([
      {
        placeIds: [placeA.id, placeB.id],
        description: 'Torneio',
        startAt: '2030-03-04T09:00:00.000Z',
        endsAt: '2030-03-04T11:00:00.000Z',
        resolutions: [
          { appointmentId: mariaId, action: 'keep' },
          { appointmentId: joaoId, action: 'move', placeId: placeC.id },
        ],
      },
    ]);
  });

  it('reads the bookings again when they changed before the block was created', async () => {
    setSession(buildSession());
    const company = buildCompany();
    setCurrentCompany(company);
    const conflict: BlockConflict = {
      id: mariaId,
      placeId: placeA.id,
      placeName: 'Quadra A',
      startsAt: '2030-03-04T09:00:00.000Z',
      endsAt: '2030-03-04T10:00:00.000Z',
      status: 'SCHEDULED',
      associateName: 'Maria Lima',
      associate: { id: placeC.id, name: 'Maria Lima', cardId: '1234' },
      actions: ['keep', 'cancel', 'move'],
      freePlaces: [],
    };
    let previews = 0;
    mockApi(
      route.get('/backoffice/place/company/:companyId', { items: [placeA] }),
      route.get<BlockedTimeList>('/backoffice/blocked-time/findAll', { items: [] }),
      route.post<BlockConflictDetails>('/backoffice/blocked-time/preview', () => {
        previews += 1;
        return { appointments: previews === 1 ? [] : [conflict] };
      }),
      route.post(
        '/backoffice/blocked-time/bulk',
        apiError('BlockConflictsWithAppointments', { details: { appointments: [conflict] } }),
      ),
    );
    renderApp('/manage-time-blocks');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Criar bloqueio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar bloqueio' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Quadra A' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), 'Torneio');
    await user.type(within(dialog).getByLabelText('Início'), '04/03/2030 06:00');
    await user.type(within(dialog).getByLabelText('Fim'), '04/03/2030 08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar bloqueios' }));

    expect(
      await within(dialog).findByText(/Os agendamentos mudaram desde a consulta/),
    ).toBeVisible();
    expect(within(dialog).getByText('Maria Lima · carteirinha 1234')).toBeVisible();
    // No free place of the category: moving is not offered.
    expect(within(dialog).getByRole('radio', { name: 'Mover' })).toBeDisabled();
    expect(
      within(dialog).getByText('Nenhum espaço livre da mesma categoria neste horário.'),
    ).toBeVisible();
  });

  it('after saving, the list shows the block just made (on its day, read again)', async () => {
    setSession(buildSession());
    const company = buildCompany({ timezone: 'America/Sao_Paulo' });
    setCurrentCompany(company);
    const made: BlockedTime = {
      id: '00000000-0000-4000-8000-0000000000e6',
      placeId: placeA.id,
      place: placeA,
      description: 'Pintura da quadra',
      startAt: '2030-03-04T09:00:00.000Z',
      endsAt: '2030-03-04T11:00:00.000Z',
      recurrenceId: null,
      createdAt: '2030-03-01T12:00:00.000Z',
    };
    let isSaved = false;
    const { requests } = mockApi(
      route.get('/backoffice/place/company/:companyId', { items: [placeA, placeB] }),
      route.get<BlockedTimeList>('/backoffice/blocked-time/findAll', ({ query }) => ({
        items:
          isSaved &&
          query.get('startTime')! <= made.startAt &&
          made.startAt <= query.get('endTime')!
            ? [made]
            : [],
      })),
      route.post<BlockConflictDetails>('/backoffice/blocked-time/preview', { appointments: [] }),
      route.post('/backoffice/blocked-time/bulk', () => {
        isSaved = true;
        return reply<CreatedBlocks>(201, { items: [made], kept: [], cancelled: [], moved: [] });
      }),
    );
    renderApp('/manage-time-blocks');
    const user = userEvent.setup();
    expect(await screen.findByText('Nenhum item encontrado!')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Criar bloqueio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar bloqueio' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Quadra A' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo' }), made.description);
    await user.type(within(dialog).getByLabelText('Início'), '04/03/2030 06:00');
    await user.type(within(dialog).getByLabelText('Fim'), '04/03/2030 08:00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar bloqueios' }));

    expect(await screen.findByText('Pintura da quadra')).toBeInTheDocument();
    const reads = requests.filter((request) => request.url.includes('/blocked-time/findAll'));
    expect(reads.at(-1)?.query.get('startTime')).toBe('2030-03-04T03:00:00.000Z');
    expect((screen.getByRole('textbox', { name: 'Início' }) as HTMLInputElement).value).toBe(
      '04/03/2030 00:00',
    );
  });

  it('searches today in the club timezone and explains a failure', async () => {
    setSession(buildSession());
    const company = buildCompany();
    setCurrentCompany(company);
    const { requests } = mockApi(
      route.get('/backoffice/place/company/:companyId', apiError('NotFound')),
      route.get('/backoffice/blocked-time/findAll', apiError('NotFound')),
    );
    renderApp('/manage-time-blocks');
    expect(await screen.findByText('Erro ao buscar os horários bloqueados.')).toBeInTheDocument();
    const search = requests.find((request) => request.url.includes('/blocked-time/findAll'));
    expect(search?.url).toContain(`companyId=${company.id}`);
    expect(search?.url).toMatch(/startTime=\d{4}-\d{2}-\d{2}T03%3A00%3A00.000Z/);
    // The filter shows today in Brazilian form, not the browser's (no native date input).
    const valueOf = (name: string) =>
      (screen.getByRole('textbox', { name }) as HTMLInputElement).value;
    expect(valueOf('Início')).toMatch(/^\d{2}\/\d{2}\/\d{4} 00:00$/);
    expect(valueOf('Fim')).toMatch(/^\d{2}\/\d{2}\/\d{4} 23:59$/);
  });
});
