import type { Series } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const company = buildCompany();
const series: Series = {
  id: '00000000-0000-4000-8000-0000000000a1',
  companyId: company.id,
  placeId: '00000000-0000-4000-8000-0000000000a2',
  placeName: 'Quadra 2',
  associate: { id: '00000000-0000-4000-8000-0000000000a3', name: 'Carla Lima', cardId: '5501' },
  activityName: 'Escolinha de tênis',
  weekdays: [2, 4],
  startTime: '18:00',
  lengthMinutes: 60,
  startsOn: '2099-03-03',
  endsOn: '2099-07-16',
  rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20990716T235900Z;WKST=MO',
  createdAt: '2026-03-01T12:00:00.000Z',
  cancelledAt: null,
  bookings: [
    {
      id: '00000000-0000-4000-8000-0000000000a4',
      startsAt: '2099-03-03T21:00:00.000Z',
      endsAt: '2099-03-03T22:00:00.000Z',
      status: 'SCHEDULED',
    },
    {
      // 22:00 in São Paulo is already the next day in UTC: the list names the club's date.
      id: '00000000-0000-4000-8000-0000000000a5',
      startsAt: '2099-03-06T01:00:00.000Z',
      endsAt: '2099-03-06T02:00:00.000Z',
      status: 'SCHEDULED',
    },
  ],
};

describe('series page by role', () => {
  it('shows Consulta the series and their dates, with no form and no cancelling', async () => {
    setSession(buildSession());
    setCurrentCompany(company);
    mockApi(
      route.get('/backoffice/company', { items: [{ ...company, role: 'consulta' }] }),
      route.get('/backoffice/series', { items: [series] }),
    );
    renderApp('/series');
    const list = await screen.findByRole(
      'region',
      { name: 'Séries do clube' },
      { timeout: 10_000 },
    );
    expect(within(list).getByText('Escolinha de tênis · Quadra 2')).toBeVisible();
    await userEvent.setup().click(within(list).getByRole('button', { name: 'Ver datas' }));
    expect(within(list).getByText(/03\/03\/2099 · 18:00 · Marcada/)).toBeVisible();
    expect(within(list).getByText(/05\/03\/2099 · 22:00 · Marcada/)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Nova série' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancelar/ })).toBeNull();
  }, 20_000);
});
