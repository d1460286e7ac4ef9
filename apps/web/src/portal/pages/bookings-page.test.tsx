import type { PortalBooking, PortalBookingList } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { setPortalSession } from '../lib/session';
import { buildBooking, buildPortalSession, nextId } from '../testing/factories';
import { renderPortal } from '@/testing/render';

describe('my bookings', () => {
  it('cancels an upcoming booking after confirming, and offers no cancel past the deadline', async () => {
    const user = userEvent.setup();
    const session = buildPortalSession();
    setPortalSession(session);
    const open = buildBooking(session, { place: { id: nextId(), name: 'Churrasqueira 2' } });
    const closed = buildBooking(session, {
      place: { id: nextId(), name: 'Quadra de Tênis 1' },
      cancellable: false,
    });
    let isCancelled = false;
    const { requests } = mockApi(
      route.patch<PortalBooking>(`/portal/bookings/${open.id}/cancel`, () => {
        isCancelled = true;
        return { ...open, status: 'CANCELLED', cancellable: false };
      }),
      route.get<PortalBookingList>('/portal/bookings', ({ query }) =>
        query.get('scope') === 'upcoming'
          ? { items: isCancelled ? [closed] : [open, closed] }
          : apiError('ValidationError'),
      ),
    );
    renderPortal('/reservas');

    const cancelButtons = await screen.findAllByRole('button', { name: /^Cancelar reserva de/ });
    // Only the booking still inside its deadline can be cancelled.
    expect(cancelButtons).toHaveLength(1);
    expect(screen.getByText(/Prazo de cancelamento encerrado/)).toBeVisible();
    await user.click(cancelButtons[0]!);

    const dialog = await screen.findByRole('dialog', { name: 'Cancelar esta reserva?' });
    expect(dialog).toHaveTextContent('Churrasqueira 2');
    await user.click(within(dialog).getByRole('button', { name: 'Sim, cancelar' }));

    expect(await screen.findByText('Reserva cancelada.')).toBeVisible();
    const cancel = requests.find((request) => request.url.endsWith('/cancel'));
    expect(cancel?.method).toBe('PATCH');
    expect(await screen.findByText('Quadra de Tênis 1')).toBeVisible();
    expect(screen.queryByText('Churrasqueira 2')).toBeNull();
  });

  it('says why the club cancelled a booking', async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    const byClub = buildBooking(session, {
      place: { id: nextId(), name: 'Quadra de Saibro' },
      status: 'CANCELLED',
      cancelledAt: '2030-03-01T12:00:00.000Z',
      cancellationReason: 'Troca do saibro',
      cancellable: false,
    });
    const byMember = buildBooking(session, {
      place: { id: nextId(), name: 'Sauna' },
      status: 'CANCELLED',
      cancelledAt: '2030-03-01T12:00:00.000Z',
      cancellable: false,
    });
    mockApi(
      route.get<PortalBookingList>('/portal/bookings', ({ query }) =>
        query.get('scope') === 'cancelled' && query.size === 1
          ? { items: [byClub, byMember] }
          : apiError('NotFound'),
      ),
    );
    renderPortal('/reservas?aba=cancelled');

    expect(await screen.findByText('Cancelada pelo clube: Troca do saibro')).toBeVisible();
    expect(screen.getAllByText(/^Cancelada pelo clube/)).toHaveLength(1);
  });

  it('shows on past bookings whether the member came', async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    const came = buildBooking(session, {
      place: { id: nextId(), name: 'Piscina' },
      startsAt: '2020-03-01T13:00:00.000Z',
      status: 'CHECKED_IN',
      cancellable: false,
    });
    const missed = buildBooking(session, {
      place: { id: nextId(), name: 'Sauna' },
      startsAt: '2020-03-02T13:00:00.000Z',
      status: 'NO_SHOW',
      cancellable: false,
    });
    const unrecorded = buildBooking(session, {
      place: { id: nextId(), name: 'Quadra 3' },
      startsAt: '2020-03-03T13:00:00.000Z',
      cancellable: false,
    });
    mockApi(
      route.get<PortalBookingList>('/portal/bookings', ({ query }) =>
        query.get('scope') === 'past'
          ? { items: [came, missed, unrecorded] }
          : apiError('NotFound'),
      ),
    );
    renderPortal('/reservas?aba=past');

    const cards = await screen.findAllByRole('article');
    expect(cards[0]).toHaveTextContent('Presença registrada');
    expect(cards[1]).toHaveTextContent('Falta registrada: não compareceu');
    expect(cards[2]).not.toHaveTextContent(/Presença|Falta/);
  });
});

describe('the entry pass', () => {
  it('shows the code of a marked booking and, on demand, its QR code; none on a cancelled one', async () => {
    const user = userEvent.setup();
    const session = buildPortalSession();
    setPortalSession(session);
    const booking = buildBooking(session, { id: '3f2a9c01-0000-4000-8000-000000000001' });
    const cancelled = buildBooking(session, {
      place: { id: nextId(), name: 'Quadra de Saibro' },
      status: 'CANCELLED',
      cancelledAt: '2099-11-01T12:00:00.000Z',
      cancellable: false,
    });
    mockApi(route.get<PortalBookingList>('/portal/bookings', { items: [booking, cancelled] }));
    renderPortal('/reservas');

    expect(await screen.findByText('3F2A-9C01')).toBeVisible();
    // Only the marked booking carries a pass.
    const show = screen.getAllByRole('button', { name: 'Mostrar QR code de entrada' });
    expect(show).toHaveLength(1);
    expect(screen.queryByRole('img', { name: /QR code de entrada/ })).toBeNull();

    await user.click(show[0]!);
    const qr = await screen.findByRole('img', { name: 'QR code de entrada, código 3F2A-9C01' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByRole('button', { name: 'Esconder QR code' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });
});
