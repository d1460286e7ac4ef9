import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BlockConflictDetails, BlockedTimeList, CreatedBlocks } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const placeA = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Quadra A' };
const placeB = { id: '00000000-0000-4000-8000-0000000000b2', name: 'Quadra B' };

describe('company-wide blocked times', () => {
  it('sends one bulk request, shows conflicts, and succeeds only after confirming', async () => {
    setSession(buildSession());
    const company = buildCompany();
    setCurrentCompany(company);
    let bulkCalls = 0;
    const conflicts: BlockConflictDetails = {
      appointments: [
        {
          id: '00000000-0000-4000-8000-0000000000c3',
          placeId: placeB.id,
          placeName: 'Quadra B',
          startsAt: '2030-03-04T10:00:00.000Z',
          endsAt: '2030-03-04T11:00:00.000Z',
          associateName: 'Maria Lima',
        },
      ],
    };
    const { requests } = mockApi(
      route.get(`/backoffice/place/company/${company.id}`, { items: [placeA, placeB] }),
      route.get<BlockedTimeList>('/backoffice/blocked-time/findAll', { items: [] }),
      route.post('/backoffice/blocked-time/bulk', () => {
        bulkCalls += 1;
        return bulkCalls === 1
          ? apiError('BlockConflictsWithAppointments', { details: conflicts })
          : reply<CreatedBlocks>(201, { items: [], cancelledAppointmentIds: [] });
      }),
    );
    renderApp('/manage-time-blocks');
    // Today's blocks, searched as the page opens: none.
    expect(await screen.findByText('Nenhum item encontrado!')).toBeVisible();
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

    expect(await within(dialog).findByText(/Maria Lima/)).toBeVisible();
    expect(screen.queryByText('Bloqueios criados com sucesso!')).not.toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', { name: 'Cancelar agendamentos e bloquear' }),
    );
    expect(await screen.findByText('Bloqueios criados com sucesso!')).toBeInTheDocument();

    const bulkRequests = requests.filter((request) => request.url.endsWith('/blocked-time/bulk'));
    expect(bulkRequests.map((request) => request.body)).toEqual([
      {
        placeIds: [placeA.id, placeB.id],
        description: 'Torneio',
        startAt: '2030-03-04T09:00:00.000Z',
        endsAt: '2030-03-04T11:00:00.000Z',
        cancelConflicting: false,
      },
      expect.objectContaining({ cancelConflicting: true }),
    ]);
  });

  it('searches today in the club timezone and explains a failure', async () => {
    setSession(buildSession());
    const company = buildCompany();
    setCurrentCompany(company);
    const { requests } = mockApi(
      route.get(`/backoffice/place/company/${company.id}`, { items: [placeA, placeB] }),
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
