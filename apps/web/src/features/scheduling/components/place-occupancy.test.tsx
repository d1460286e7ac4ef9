import type { Occupancy } from '@clube/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, route } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { PlaceOccupancy } from './place-occupancy';

const companyId = '00000000-0000-4000-8000-000000000001';
const placeId = '00000000-0000-4000-8000-000000000002';

describe('PlaceOccupancy', () => {
  it('keeps its line while loading, then says what it counts', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const { requests } = mockApi(
      route.get<Occupancy>('/backoffice/appointment/occupancy', async () => {
        await answered;
        return { date: '2026-03-02', items: [{ placeId, booked: 3, total: 15 }] };
      }),
    );
    renderWithProviders({ ui: <PlaceOccupancy companyId={companyId} placeId={placeId} /> });

    // The loading line holds the same height as the answer, so the card does not grow.
    const placeholder = screen.getByLabelText('Carregando…');
    expect(placeholder).toHaveAttribute('aria-busy', 'true');
    expect(placeholder).toHaveClass('h-8');

    answer();
    const text = await screen.findByText('3 de 15 horários ocupados hoje');
    expect(text.parentElement).toHaveClass('h-8');
    expect(screen.getByRole('meter', { name: '3 de 15 horários ocupados hoje' })).toHaveAttribute(
      'aria-valuenow',
      '3',
    );
    // Today's count of the club (no date: the API takes the club's today).
    expect(requests.map((request) => request.url)).toEqual([
      `/api/backoffice/appointment/occupancy?companyId=${companyId}`,
    ]);
  });

  it('says how to open a new club’s places instead of a bare "Fechado hoje"', async () => {
    mockApi(
      route.get<Occupancy>('/backoffice/appointment/occupancy', {
        date: '2026-03-02',
        items: [{ placeId, booked: 0, total: 0 }],
      }),
      route.get(`/backoffice/operating-hour/company/${companyId}`, { items: [] }),
    );
    renderWithProviders({ ui: <PlaceOccupancy companyId={companyId} placeId={placeId} /> });
    expect(
      await screen.findByRole('link', {
        name: 'Fechado: defina o horário de funcionamento do clube',
      }),
    ).toHaveAttribute('href', '/operating-hour');
  });

  it('says "Fechado hoje" when the club has hours, only not today', async () => {
    mockApi(
      route.get<Occupancy>('/backoffice/appointment/occupancy', {
        date: '2026-03-01',
        items: [{ placeId, booked: 0, total: 0 }],
      }),
      route.get(`/backoffice/operating-hour/company/${companyId}`, {
        items: [
          {
            id: '00000000-0000-4000-8000-000000000003',
            dayOfWeek: 'SEGUNDA',
            openTime: '08:00',
            closeTime: '22:00',
            companyId,
          },
        ],
      }),
    );
    renderWithProviders({ ui: <PlaceOccupancy companyId={companyId} placeId={placeId} /> });
    expect(await screen.findByText('Fechado hoje')).toBeVisible();
  });
});
