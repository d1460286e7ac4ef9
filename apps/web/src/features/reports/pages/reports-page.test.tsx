import type { Report } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const company = buildCompany();
const both = (current: number, previous: number) => ({ current, previous });
const court = '11111111-1111-4111-8111-111111111111';
const pool = '22222222-2222-4222-8222-222222222222';

const report: Report = {
  period: {
    from: '2026-10-01',
    to: '2026-10-31',
    previousFrom: '2026-08-31',
    previousTo: '2026-09-30',
  },
  occupancy: {
    total: { bookableMinutes: both(1200, 1200), bookedMinutes: both(600, 300) },
    places: [
      {
        id: court,
        name: 'Quadra 1',
        categoryName: 'Quadras',
        bookableMinutes: both(600, 600),
        bookedMinutes: both(450, 300),
      },
      {
        id: pool,
        name: 'Piscina',
        categoryName: 'Piscinas',
        bookableMinutes: both(600, 600),
        bookedMinutes: both(150, 0),
      },
    ],
    categories: [],
    heatmap: [{ weekday: 1, hour: 8, bookableMinutes: 120, bookedMinutes: 90 }],
  },
  behaviour: {
    bookings: both(12, 9),
    cancellations: both(3, 1),
    lateCancellations: both(1, 0),
    checkIns: both(7, 6),
    noShows: both(2, 1),
    portalBookings: both(8, 5),
    staffBookings: both(4, 4),
    exceptions: both(1, 0),
    messagesSent: both(20, 18),
    messagesFailed: both(1, 0),
    exceptionReasons: [{ reason: 'Torneio interno', count: 1 }],
  },
  members: {
    topTitles: [{ id: court, name: 'Família Araújo', bookings: 5 }],
    titlesAtQuota: both(1, 0),
    neverBooked: both(4, 5),
    neverSignedIn: both(6, 7),
    associates: 10,
  },
};

describe('Relatórios', () => {
  it('shows each figure beside the previous period, numbers written on the charts and in tables', async () => {
    setSession(buildSession());
    setCurrentCompany(company);
    const { requests } = mockApi(
      route.get(`/backoffice/place/company/${company.id}`, { items: [] }),
      route.get(`/backoffice/category/company/${company.id}`, { items: [] }),
      route.get('/backoffice/reports', report),
    );
    renderApp('/relatorios?period=last-month');

    await screen.findByRole('heading', { name: 'Relatórios', level: 1 }, { timeout: 10_000 });
    expect(await screen.findByText(/01\/10\/2026 a 31\/10\/2026/)).toBeInTheDocument();
    expect(screen.getByText(/Horários bloqueados, dias fechados/)).toBeInTheDocument();
    // 450 of 600 minutes: 75%, and the emptiest at 25%.
    expect(screen.getByText('Quadra 1: 75%')).toBeInTheDocument();
    expect(screen.getByText('Piscina: 25%')).toBeInTheDocument();
    const heatmap = screen.getByTestId('report-heatmap');
    // The cell's share is written in it, not only shaded; and read again in the table.
    expect(within(heatmap).getAllByText('75%').length).toBeGreaterThanOrEqual(2);
    const lateRow = screen.getByRole('row', { name: /Cancelamentos fora do prazo/ });
    expect(lateRow).toHaveTextContent('10');
    expect(screen.getByRole('row', { name: /Torneio interno/ })).toHaveTextContent('1');
    expect(requests.some((request) => request.url.includes('period=last-month'))).toBe(true);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Período'), 'custom');
    expect(screen.getByLabelText('De')).toBeInTheDocument();
  });

  it('says a custom period is reversed instead of asking the server for it', async () => {
    setSession(buildSession());
    setCurrentCompany(company);
    const { requests } = mockApi(
      route.get(`/backoffice/place/company/${company.id}`, { items: [] }),
      route.get(`/backoffice/category/company/${company.id}`, { items: [] }),
      route.get('/backoffice/reports', report),
    );
    renderApp('/relatorios?period=custom&from=2026-06-10&to=2026-06-01');
    expect(
      await screen.findByText('A data final deve ser igual ou posterior à inicial.', undefined, {
        timeout: 10_000,
      }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Até')).toHaveValue('2026-06-01');
    expect(requests.filter((request) => request.url.startsWith('/api/backoffice/reports'))).toEqual(
      [],
    );
  }, 20_000);
});
