import type { PortalBookingList, Series } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, route } from '@/testing/mock-api';
import { renderPortal } from '@/testing/render';
import { setPortalSession } from '../lib/session';
import { buildPortalSession, nextId } from '../testing/factories';

const booking = (startsAt: string, status: Series['bookings'][number]['status']) => ({
  id: nextId(),
  startsAt,
  endsAt: new Date(new Date(startsAt).getTime() + 3_600_000).toISOString(),
  status,
});

describe('my bookings: weekly series', () => {
  it('shows each series with its weekdays, time, period, place and dates still to come', async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    const series: Series = {
      id: nextId(),
      companyId: session.club.id,
      placeId: nextId(),
      placeName: 'Quadra de Tênis 2',
      associate: { id: session.member.id, name: session.member.name, cardId: '1207' },
      activityName: 'Escolinha de tênis',
      weekdays: [2, 4],
      startTime: '18:00:00',
      lengthMinutes: 60,
      startsOn: '2020-03-03',
      endsOn: '2099-07-16',
      rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20990716T235900Z;WKST=MO',
      createdAt: '2020-03-01T12:00:00.000Z',
      cancelledAt: null,
      bookings: [
        booking('2020-03-03T21:00:00.000Z', 'CHECKED_IN'),
        booking('2099-03-05T21:00:00.000Z', 'CANCELLED'),
        booking('2099-03-10T21:00:00.000Z', 'SCHEDULED'),
        booking('2099-03-12T21:00:00.000Z', 'SCHEDULED'),
      ],
    };
    mockApi(
      route.get<PortalBookingList>('/portal/bookings', { items: [] }),
      route.get('/portal/series', { items: [series] }),
    );
    renderPortal('/reservas');

    const section = await screen.findByRole(
      'region',
      { name: 'Minhas séries semanais' },
      { timeout: 10_000 },
    );
    const card = within(section).getByRole('listitem');
    expect(within(card).getByText('Escolinha de tênis')).toBeVisible();
    expect(within(card).getByRole('heading', { name: 'Quadra de Tênis 2' })).toBeVisible();
    expect(within(card).getByText('Terça, Quinta, 18:00–19:00')).toBeVisible();
    expect(within(card).getByText('De 03/03/2020 a 16/07/2099')).toBeVisible();
    expect(within(card).getByText('2 datas por vir')).toBeVisible();
  }, 20_000);
});
