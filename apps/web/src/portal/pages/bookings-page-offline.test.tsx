import { checkInCodeOf, type PortalBookingList } from '@clube/shared';
import { cleanup, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, route } from '@/testing/mock-api';
import { renderPortal } from '@/testing/render';
import { offlineBookingsKey, saveOfflineBookings } from '../lib/offline-bookings';
import { portalQueryClient } from '../lib/query-client';
import { setPortalSession } from '../lib/session';
import { signOutOfPortal } from '../lib/sign-out';
import { buildBooking, buildPortalSession, nextId } from '../testing/factories';

/** The device says it has no network, and the data cache holds its requests. */
function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  onlineManager.setOnline(false);
}

afterEach(() => {
  // The held requests are dropped before the network comes back (they would go out).
  cleanup();
  portalQueryClient.clear();
  vi.restoreAllMocks();
  onlineManager.setOnline(true);
});

describe('Minhas reservas without network', () => {
  it('shows the upcoming bookings and their entry codes as read last time online, and says when', async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    const booking = buildBooking(session, { place: { id: nextId(), name: 'Quadra de Saibro' } });
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2099-11-27T13:45:00.000Z') });
    mockApi(route.get<PortalBookingList>('/portal/bookings', { items: [booking] }));
    const online = renderPortal('/reservas');
    expect(await screen.findByText('Quadra de Saibro')).toBeVisible();
    expect(screen.queryByText(/Sem conexão — reservas de/)).not.toBeInTheDocument();
    online.unmount();
    vi.useRealTimers();

    // The app opened again with no network: no request can go out (none is declared).
    mockApi();
    goOffline();
    renderPortal('/reservas');
    expect(await screen.findByText('Quadra de Saibro')).toBeVisible();
    // 13:45 UTC is 10:45 in the club's São Paulo time.
    expect(screen.getByText('Sem conexão — reservas de 27/11 às 10:45.')).toBeVisible();
    expect(screen.getByText(checkInCodeOf(booking.id))).toBeVisible();
    // Cancelling needs the server: not offered from the kept list.
    expect(screen.queryByRole('button', { name: /^Cancelar reserva de/ })).toBeNull();
  });

  it('says the other tabs come back with the network instead of loading forever', async () => {
    setPortalSession(buildPortalSession());
    mockApi();
    goOffline();
    renderPortal('/reservas?aba=past');
    expect(
      await screen.findByText('Sem conexão: esta lista aparece quando a conexão voltar.'),
    ).toBeVisible();
  });

  it('never shows one member’s kept bookings to another member signed in on the device', async () => {
    const first = buildPortalSession();
    const booking = buildBooking(first, { place: { id: nextId(), name: 'Sauna' } });
    saveOfflineBookings({
      memberId: first.member.id,
      clubId: first.club.id,
      savedAt: '2099-11-27T13:45:00.000Z',
      answer: { items: [booking] },
    });
    setPortalSession(buildPortalSession());
    mockApi();
    goOffline();
    renderPortal('/reservas');
    expect(
      await screen.findByText('Sem conexão: esta lista aparece quando a conexão voltar.'),
    ).toBeVisible();
    expect(screen.queryByText('Sauna')).toBeNull();
    expect(window.localStorage.getItem(offlineBookingsKey)).toBeNull();
  });
});

describe('signing out', () => {
  it('forgets the bookings kept for offline use', async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    saveOfflineBookings({
      memberId: session.member.id,
      clubId: session.club.id,
      savedAt: '2099-11-27T13:45:00.000Z',
      answer: { items: [buildBooking(session)] },
    });
    expect(window.localStorage.getItem(offlineBookingsKey)).not.toBeNull();
    mockApi(route.post('/portal/auth/logout', {}));
    await signOutOfPortal();
    expect(window.localStorage.getItem(offlineBookingsKey)).toBeNull();
  });
});
