import type { AssociateAppointmentsSummary } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildAssociate, buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const company = buildCompany();
const associate = buildAssociate({
  companyId: company.id,
  user: { name: 'Ana Lima', cpf: '11144477735', email: null },
});
const summary = (suspended: boolean): AssociateAppointmentsSummary => ({
  upcoming: [],
  recent: [],
  month: '2026-06',
  quota: [],
  attendance: { bookings: 9, checkIns: 5, noShows: 3, lateCancellations: 1 },
  suspension: suspended
    ? {
        id: '77777777-7777-4777-8777-777777777777',
        associateTitleId: associate.associateTitleId,
        startsAt: '2026-06-10T17:00:00.000Z',
        endsAt: '2026-06-17T17:00:00.000Z',
        reason: '3 faltas em 30 dias',
        cause: 'no-shows',
      }
    : null,
});

describe('associate page: attendance and suspension', () => {
  it('shows the attendance and the suspension with its end, and lifts it early', async () => {
    setSession(buildSession());
    setCurrentCompany(company);
    let lifted = false;
    const { requests } = mockApi(
      route.get(`/backoffice/associate/id/${associate.id}`, associate),
      route.get(`/backoffice/associate/id/${associate.id}/appointments-summary`, () =>
        summary(!lifted),
      ),
      route.get('/backoffice/audit', { items: [], nextCursor: null }),
      route.patch('/backoffice/associate-title/:titleId/lift-suspension', () => {
        lifted = true;
        return { lifted: 1 };
      }),
    );
    renderApp(`/associates/${associate.id}`);

    await screen.findByRole('heading', { name: 'Ana Lima' }, { timeout: 10_000 });
    const attendance = (await screen.findByRole('heading', { name: 'Frequência' })).parentElement!;
    expect(within(attendance).getByText('Faltas').nextSibling).toHaveTextContent('3');
    expect(within(attendance).getByText('Cancelamentos tardios').nextSibling).toHaveTextContent(
      '1',
    );
    expect(screen.getByText('Título suspenso por faltas até 17/06/2026')).toBeInTheDocument();
    expect(screen.getByText('Motivo: 3 faltas em 30 dias')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Encerrar suspensão' }));
    expect(await screen.findByText('Suspensão encerrada.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByText(/^Título suspenso por faltas/)).not.toBeInTheDocument(),
    );
    expect(
      requests.some(
        (request) =>
          request.method === 'PATCH' &&
          request.url ===
            `/api/backoffice/associate-title/${associate.associateTitleId}/lift-suspension`,
      ),
    ).toBe(true);
  }, 20_000);
});
