import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildAssociate, buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

/** "Editar dados" on the associate's page: name, e-mail and phone. */
const company = buildCompany();
const associate = buildAssociate({
  companyId: company.id,
  user: { name: 'Ana Lima', cpf: '11144477735', email: null, phone: null },
});
const emptySummary = {
  upcoming: [],
  recent: [],
  month: '2026-11',
  attendance: { bookings: 0, checkIns: 0, noShows: 0, lateCancellations: 0 },
  suspension: null,
  quota: [],
};

function start(role: 'administrador' | 'recepcao') {
  setSession(buildSession());
  setCurrentCompany(company);
  const mock = mockApi(
    route.get('/backoffice/company', { items: [{ ...company, role }] }),
    route.get(`/backoffice/associate/id/${associate.id}`, associate),
    route.get(`/backoffice/associate/id/${associate.id}/appointments-summary`, emptySummary),
    route.get('/backoffice/audit', { items: [], nextCursor: null, associate: null }),
    route.get('/backoffice/series', { items: [] }),
    route.get('/backoffice/message/company/:companyId', { items: [], total: 0, page: 1, take: 50 }),
  );
  renderApp(`/associates/${associate.id}`);
  return mock;
}

describe("the associate's page", () => {
  it('lets an administrator change name, e-mail and phone, refusing a bad phone first', async () => {
    const { requests } = start('administrador');
    const saved = {
      ...associate,
      user: { ...associate.user, name: 'Ana Lima Souza', phone: '(11) 98765-4321' },
    };
    mockApi(route.patch(`/backoffice/associate/${associate.id}`, saved));
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Editar dados' }, { timeout: 20_000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Editar dados do associado' });
    const name = within(dialog).getByLabelText('Nome completo');
    expect(name).toHaveValue('Ana Lima');
    expect(within(dialog).queryByLabelText('CPF')).not.toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Ana Lima Souza');
    await user.type(within(dialog).getByLabelText('Telefone'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(
      await within(dialog).findByText('Telefone inválido (ex.: (11) 98765-4321)'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Telefone'));
    await user.type(within(dialog).getByLabelText('Telefone'), '(11) 98765-4321');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
        name: 'Ana Lima Souza',
        email: null,
        phone: '(11) 98765-4321',
      }),
    );
  }, 30_000);

  it('offers no edit to Recepção', async () => {
    start('recepcao');
    await screen.findByRole('heading', { name: 'Ana Lima' }, { timeout: 20_000 });
    expect(screen.queryByRole('button', { name: 'Editar dados' })).not.toBeInTheDocument();
  }, 30_000);
});
