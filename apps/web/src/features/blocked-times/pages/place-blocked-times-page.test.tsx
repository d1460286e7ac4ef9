import { clubInstant, clubToday, type BlockedTimeList } from '@clube/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCompany, buildPlace, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const placeId = '11111111-1111-4111-8111-111111111111';
const timezone = 'America/Sao_Paulo';

function open(path: string) {
  setSession(buildSession());
  setCurrentCompany(buildCompany({ timezone }));
  const { requests } = mockApi(
    route.get(`/backoffice/place/${placeId}`, buildPlace({ id: placeId, name: 'Quadra' })),
    route.get<BlockedTimeList>('/backoffice/blocked-time/findAll', { items: [] }),
    // The page's "Criar bloqueio" dialog knows the club's places.
    route.get('/backoffice/place/company/:companyId', { items: [] }),
  );
  renderApp(path);
  const list = () =>
    requests.find((request) => request.url.startsWith('/api/backoffice/blocked-time/findAll?'));
  return { filterStart: () => list()?.query.get('startTime') ?? null, list };
}

describe("a place's blocked times", () => {
  it('opens on the day the place’s calendar passes along', async () => {
    const { filterStart, list } = open(`/blocked-time/${placeId}?date=2030-03-04`);
    await waitFor(() =>
      expect(filterStart()).toBe(clubInstant('2030-03-04', '00:00', timezone).toISOString()),
    );
    // The list asked is that place's own.
    expect(list()?.query.get('placeId')).toBe(placeId);
    expect(screen.getByLabelText('Início')).toHaveValue('04/03/2030 00:00');
  });

  it('opens on today when the date is not one', async () => {
    const { filterStart } = open(`/blocked-time/${placeId}?date=2030-02-31`);
    await waitFor(() =>
      expect(filterStart()).toBe(clubInstant(clubToday(timezone), '00:00', timezone).toISOString()),
    );
  });
});
