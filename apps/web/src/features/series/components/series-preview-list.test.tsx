import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SeriesPreviewList } from './series-preview-list';

describe('SeriesPreviewList', () => {
  it('shows every date, free or with why it will not be booked and by whom', () => {
    renderWithProviders({
      signedIn: true,
      ui: (
        <SeriesPreviewList
          timezone="America/Sao_Paulo"
          preview={{
            rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270316T235900Z;WKST=MO',
            countsTowardQuota: true,
            quotaLimit: 0,
            dates: [
              {
                date: '2027-03-02',
                startsAt: '2027-03-02T21:00:00.000Z',
                endsAt: '2027-03-02T22:00:00.000Z',
                available: true,
                reasons: [],
              },
              {
                date: '2027-03-09',
                startsAt: '2027-03-09T21:00:00.000Z',
                endsAt: '2027-03-09T22:00:00.000Z',
                available: false,
                reasons: [{ kind: 'taken', message: 'Ocupado', detail: 'Vera Vizinha' }],
              },
            ],
          }}
        />
      ),
    });
    expect(screen.getByText('Prévia: 1 de 2 datas livres')).toBeInTheDocument();
    expect(screen.getByText('02/03/2027 · 18:00')).toBeInTheDocument();
    expect(screen.getByText(/Ocupado: Vera Vizinha/)).toBeInTheDocument();
  });
});
