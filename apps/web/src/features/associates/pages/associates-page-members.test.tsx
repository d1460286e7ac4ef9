import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AssociateListItem, InvitationSummary } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildAssociate, buildCompany, buildSession } from '@/testing/factories';
import { apiError, mockApi, reply, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';
import { associatePageRoutes } from './associate-page-routes';

/** The associates list's portal-access column and filter, and "Novo associado". */
const company = buildCompany();
const firstRender = { timeout: 20_000 };
const noInvitation: InvitationSummary = { eligible: 0, latestBatch: null };

function member(index: number, name: string, portalAccess: boolean): AssociateListItem {
  return {
    id: `00000000-0000-4000-9000-${String(index).padStart(12, '0')}`,
    user: { name, cpf: '52998224725' },
    birthDate: '1990-05-10',
    cardId: String(1000 + index),
    associateTitle: { id: '00000000-0000-4000-a000-000000000001', name: 'T', blocked: false },
    isHolder: true,
    blocked: false,
    portalAccess,
    createdAt: '2025-01-01T12:00:00.000Z',
    updatedAt: '2025-01-01T12:00:00.000Z',
  };
}

function start(path: string, role: 'administrador' | 'recepcao' = 'administrador') {
  setSession(buildSession());
  setCurrentCompany(company);
  return {
    ...mockApi(
      route.get('/backoffice/company', { items: [{ ...company, role }] }),
      route.get('/backoffice/associate/findAllPaginated', ({ query }) => {
        const items = [member(1, 'Ana Lima', true), member(2, 'Bruno Lima', false)].filter(
          (item) =>
            !query.has('portalAccess') || String(item.portalAccess) === query.get('portalAccess'),
        );
        return { items, total: items.length, nextCursor: null, previousCursor: null };
      }),
      route.get(`/backoffice/associate/invitation/company/${company.id}`, noInvitation),
    ),
    ...renderApp(path),
  };
}

describe('portal access on the associates list', () => {
  it('shows who has access and filters by it, keeping the filter in the URL', async () => {
    const { requests, router } = start('/associates');
    const ana = (await screen.findByText('Ana Lima', {}, firstRender)).closest('tr')!;
    expect(screen.getByRole('columnheader', { name: 'Acesso ao portal' })).toBeInTheDocument();
    expect(within(ana).getByText('Ativo')).toBeInTheDocument();
    const bruno = screen.getByText('Bruno Lima').closest('tr')!;
    expect(within(bruno).getByText('Sem acesso')).toBeInTheDocument();

    await userEvent
      .setup()
      .selectOptions(screen.getByRole('combobox', { name: 'Acesso ao portal' }), 'nao');
    await waitFor(() => expect(router.state.location.search).toBe('?acesso=nao'));
    await waitFor(() => expect(screen.queryByText('Ana Lima')).not.toBeInTheDocument());
    expect(requests.at(-1)!.query.get('portalAccess')).toBe('false');
    expect(screen.getByText('Exibindo 1 a 1 de 1 resultados')).toBeInTheDocument();
  }, 30_000);
});

describe('Novo associado', () => {
  it('checks the fields as typed, sends them, and opens the new member', async () => {
    const { requests, router } = start('/associates');
    const created = buildAssociate({ companyId: company.id });
    mockApi(
      route.post('/backoffice/associate', () => reply(201, created)),
      // The new member's page, opened at the end: every request it makes.
      ...associatePageRoutes(created),
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Novo associado' }, firstRender));
    const dialog = await screen.findByRole('dialog', { name: 'Novo associado' });
    await user.type(within(dialog).getByLabelText('Nome completo'), 'Clara Souza');
    await user.type(within(dialog).getByLabelText('CPF'), '529.982.247-25');
    await user.type(within(dialog).getByLabelText('Data de nascimento'), '1990-02-03');
    await user.type(within(dialog).getByLabelText('Carteirinha'), 'BR-01');
    await user.type(within(dialog).getByLabelText('Título'), 'Família Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(
      await within(dialog).findByText(/a carteirinha tem só letras e números/),
    ).toBeInTheDocument();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(within(dialog).getByLabelText('Carteirinha'));
    await user.type(within(dialog).getByLabelText('Carteirinha'), '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/associates/${created.id}`));
    const sent = requests.find((request) => request.method === 'POST')!;
    expect(sent.body).toMatchObject({
      companyId: company.id,
      name: 'Clara Souza',
      cpf: '52998224725',
      birthDate: '1990-02-03',
      cardId: '1234',
      title: 'Família Souza',
      isHolder: true,
      email: null,
      phone: null,
    });
    await screen.findByRole('heading', { name: created.user.name }, firstRender);
    await screen.findByRole('heading', { name: 'Frequência' });
  }, 30_000);

  it('shows the server refusal (a card already used) in Portuguese', async () => {
    start('/associates');
    mockApi(route.post('/backoffice/associate', apiError('AssociateCardTaken')));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Novo associado' }, firstRender));
    const dialog = await screen.findByRole('dialog', { name: 'Novo associado' });
    await user.type(within(dialog).getByLabelText('Nome completo'), 'Clara Souza');
    await user.type(within(dialog).getByLabelText('CPF'), '52998224725');
    await user.type(within(dialog).getByLabelText('Data de nascimento'), '1990-02-03');
    await user.type(within(dialog).getByLabelText('Carteirinha'), '1001');
    await user.type(within(dialog).getByLabelText('Título'), 'Família Souza');
    await user.click(within(dialog).getByRole('button', { name: 'Cadastrar' }));
    expect(
      await screen.findByText('Já existe um associado com esta carteirinha neste clube.'),
    ).toBeInTheDocument();
  }, 30_000);

  it('is not offered to Recepção', async () => {
    start('/associates', 'recepcao');
    await screen.findByText('Ana Lima', {}, firstRender);
    expect(screen.queryByRole('button', { name: 'Novo associado' })).not.toBeInTheDocument();
  }, 30_000);
});
