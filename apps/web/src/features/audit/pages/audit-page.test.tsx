import type { AuditEntry } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildAuditEntry, buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const company = buildCompany();
const place = { id: '11111111-1111-4111-8111-111111111111', name: 'Quadra de Tênis 1' };
const associate = { id: '22222222-2222-4222-8222-222222222222', name: 'Ana Lima' };

const cancellation: AuditEntry = {
  id: '2',
  // 18:05 UTC is 15:05 in São Paulo.
  createdAt: '2026-06-10T18:05:00.000Z',
  action: 'appointment.cancel',
  entityType: 'appointment',
  entityId: '33333333-3333-4333-8333-333333333333',
  actor: { kind: 'staff', id: '44444444-4444-4444-8444-444444444444', name: 'Rita Recepção' },
  place,
  associate,
  before: { status: 'SCHEDULED' },
  after: { status: 'CANCELLED' },
  details: null,
};
const signIn = buildAuditEntry({ id: '1', associate });

describe('Auditoria', () => {
  it('shows who did what in club time with before and after, filters by type and loads more by cursor', async () => {
    setSession(buildSession());
    setCurrentCompany(company);
    const { requests } = mockApi(
      route.get(`/backoffice/place/company/${company.id}`, { items: [place] }),
      route.get('/backoffice/audit', ({ query }) =>
        query.get('cursor') === 'c1'
          ? { items: [signIn], nextCursor: null, associate: null }
          : { items: [cancellation], nextCursor: 'c1', associate: null },
      ),
    );
    renderApp('/audit');

    await screen.findByRole('heading', { name: 'Auditoria' }, { timeout: 10_000 });
    const list = await screen.findByRole('list', { name: 'Registros da auditoria' });
    const entry = within(list).getByText('Reserva cancelada').closest('li')!;
    expect(within(entry).getByText('10/06/2026 às 15:05:00')).toBeInTheDocument();
    expect(entry).toHaveTextContent('Por Rita Recepção (funcionário)');
    expect(entry).toHaveTextContent('Espaço: Quadra de Tênis 1');
    expect(entry).toHaveTextContent('Associado: Ana Lima');
    const change = within(entry).getByRole('row', { name: /Situação/ });
    expect(change).toHaveTextContent('SituaçãoAgendadaCancelada');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(await within(list).findByText('Entrada do associado no portal')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Tipo'), 'Reserva cancelada');
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.url.startsWith('/api/backoffice/audit?') &&
            request.query.get('action') === 'appointment.cancel' &&
            request.query.get('companyId') === company.id,
        ),
      ).toBe(true),
    );
  }, 20_000);

  it("names the associate it is filtered by from the trail's own answer, asking nothing else", async () => {
    setSession(buildSession());
    setCurrentCompany(company);
    const { requests } = mockApi(
      route.get(`/backoffice/place/company/${company.id}`, { items: [place] }),
      route.get('/backoffice/audit', ({ query }) =>
        query.get('associateId') === associate.id
          ? { items: [], nextCursor: null, associate }
          : { items: [cancellation], nextCursor: null, associate: null },
      ),
    );
    renderApp(`/audit?associateId=${associate.id}`);
    expect(
      await screen.findByText('Associado: Ana Lima', undefined, { timeout: 10_000 }),
    ).toBeVisible();
    expect(await screen.findByText('Nenhum registro encontrado para estes filtros.')).toBeVisible();
    const audits = requests.filter((request) => request.url.startsWith('/api/backoffice/audit'));
    expect(audits).toHaveLength(1);
    expect(requests.filter((request) => request.url.includes('/backoffice/associate'))).toEqual([]);
  }, 20_000);

  it('says the period is reversed instead of asking the server for it', async () => {
    setSession(buildSession());
    setCurrentCompany(company);
    const { requests } = mockApi(
      route.get(`/backoffice/place/company/${company.id}`, { items: [place] }),
      route.get('/backoffice/audit', { items: [], nextCursor: null, associate: null }),
    );
    renderApp('/audit?from=2026-06-10&to=2026-06-01');
    expect(
      await screen.findByText('A data final deve ser igual ou posterior à inicial.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Nenhum registro encontrado para estes filtros.')).toBeVisible();
    const audits = requests.filter((request) => request.url.startsWith('/api/backoffice/audit'));
    expect(audits.every((request) => request.query.get('to') === null)).toBe(true);
  }, 20_000);
});
