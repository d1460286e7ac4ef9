import type { PortalBookingList } from '@clube/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '@/testing/axe';
import { mockApi, route } from '@/testing/mock-api';
import { setPortalSession } from '../lib/session';
import { buildBooking, buildPortalSession, nextId } from '../testing/factories';
import { renderPortal } from '@/testing/render';

describe('Minhas reservas, to axe', () => {
  it('has no violations: each booking heading sits right under the page title (heading-order)', async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    const booking = buildBooking(session, { place: { id: nextId(), name: 'Churrasqueira 2' } });
    mockApi(route.get<PortalBookingList>('/portal/bookings', { items: [booking] }));
    renderPortal('/reservas');

    expect(await screen.findByRole('heading', { level: 2, name: 'Churrasqueira 2' })).toBeVisible();
    // The page itself: jsdom applies no CSS, so the layout's phone and desktop navigations
    // (one of which is always hidden in a browser) would both count as landmarks here.
    expect(await axeViolations(screen.getByRole('main'))).toEqual([]);
  });
});
