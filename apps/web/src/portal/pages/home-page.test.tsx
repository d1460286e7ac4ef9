import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, route } from '@/testing/mock-api';
import { setPortalSession } from '../lib/session';
import { buildBooking, buildMe, buildPortalSession, nextId } from '../testing/factories';
import { renderPortal } from '@/testing/render';

describe('portal home', () => {
  it('says why a blocked title cannot book, and shows quotas, next bookings and the title', async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    const me = buildMe(session);
    me.title.blocked = true;
    me.title.blockedReason = 'Mensalidade em atraso';
    me.quotas = [
      { placeId: nextId(), placeName: 'Quadra de Tênis 1', used: 2, limit: 4, month: '2026-11' },
      // Past its limit by a club's exception.
      { placeId: nextId(), placeName: 'Churrasqueira 1', used: 2, limit: 1, month: '2026-11' },
    ];
    me.nextBookings = [buildBooking(session, { place: { id: nextId(), name: 'Churrasqueira 2' } })];
    mockApi(route.get('/portal/me', me), route.get('/portal/waitlists', { items: [] }));
    renderPortal('/inicio');

    const blocked = await screen.findByRole('alert');
    expect(blocked).toHaveTextContent('O seu título está bloqueado para reservas.');
    expect(blocked).toHaveTextContent('Motivo: Mensalidade em atraso');
    expect(screen.getByText('2 de 4 reservas usadas em novembro')).toBeVisible();
    expect(
      screen.getByText('2 reservas em novembro: acima da cota de 1 reserva, por exceção do clube'),
    ).toBeVisible();
    expect(screen.getByText('Churrasqueira 2')).toBeVisible();
    expect(screen.getByText('Pedro Pereira')).toBeVisible();
  });

  it('says until when a no-show suspension keeps the title from booking', async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    const me = buildMe(session);
    // 20/11/2026 23:00 in São Paulo: the date shown is the club's, not UTC's 21/11.
    me.title.suspendedUntil = '2026-11-21T02:00:00.000Z';
    mockApi(route.get('/portal/me', me), route.get('/portal/waitlists', { items: [] }));
    renderPortal('/inicio');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('O seu título está suspenso por faltas até 20/11/2026.');
    expect(alert).toHaveTextContent('As reservas já feitas continuam valendo');
  });
});
