import { clubToday } from '@clube/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { setSession } from '@/lib/session';
import { buildCategory, buildCompany, buildSession } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderApp } from '@/testing/render';

const company = buildCompany({ timezone: 'America/Sao_Paulo' });
const category = buildCategory({
  id: '11111111-1111-4111-8111-111111111111',
  companyId: company.id,
});

describe('dashboard', () => {
  it('links to the day sheet, which opens on today', async () => {
    const { requests } = mockApi(
      route.get(`/backoffice/category/company/${company.id}`, { items: [category] }),
      route.get(`/backoffice/place/company/${company.id}`, { items: [] }),
      route.get('/backoffice/day-sheet', ({ query }) => ({
        date: query.get('date'),
        timezone: company.timezone,
        operatingHour: null,
        categories: [],
      })),
      // The day sheet listens to the club's live events: a stream that stays open.
      route.get(
        '/backoffice/events',
        () =>
          new HttpResponse(new ReadableStream(), {
            headers: { 'content-type': 'text/event-stream' },
          }),
      ),
    );
    setSession(buildSession());
    setCurrentCompany(company);
    const { router } = renderApp('/dashboard');

    const link = await screen.findByRole('link', { name: 'Abrir o quadro do dia' });
    // No date in the address: the day sheet's own day is the club's today.
    expect(link).toHaveAttribute('href', '/day-sheet');

    await userEvent.setup().click(link);
    expect(await screen.findByRole('heading', { name: 'Quadro do dia' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/day-sheet');
    expect(await screen.findByText('Nenhum espaço ativo nesta categoria.')).toBeInTheDocument();
    const sheetRead = requests.find((request) =>
      request.url.startsWith('/api/backoffice/day-sheet'),
    );
    expect(sheetRead?.query.get('date')).toBe(clubToday(company.timezone));
  });
});
