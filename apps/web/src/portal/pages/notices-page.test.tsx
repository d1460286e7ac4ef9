import type { Notice, NoticeList } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, route } from '@/testing/mock-api';
import { setPortalSession } from '../lib/session';
import { buildPortalSession, nextId } from '../testing/factories';
import { renderPortal } from '@/testing/render';

const notice = (overrides: Partial<Notice>): Notice => ({
  id: nextId(),
  kind: 'booking-confirmed',
  subject: 'Reserva confirmada — Clube Demonstração',
  textBody: 'Olá, João!\n\nSua reserva está confirmada.',
  createdAt: '2026-06-10T13:00:00.000Z',
  read: false,
  ...overrides,
});

describe('Avisos', () => {
  it('lists the notices newest first, counts the unread on the nav, and reads them all once opened', async () => {
    const user = userEvent.setup();
    setPortalSession(buildPortalSession());
    const cancelled = notice({
      kind: 'booking-changed-by-club',
      subject: 'Reserva alterada pelo clube — Clube Demonstração',
      textBody:
        'O clube alterou esta reserva:\n\nQuadra 1: cancelada. Motivo: chuva.\n\nVer minhas reservas: https://clube.test/portal/reservas',
      createdAt: '2026-06-11T13:00:00.000Z',
    });
    const confirmed = notice({ read: true });
    let list: NoticeList = { items: [cancelled, confirmed], unread: 1 };
    const { requests } = mockApi(
      route.get('/portal/notice', () => list),
      route.patch('/portal/notice/read', () => {
        list = { items: list.items.map((item) => ({ ...item, read: true })), unread: 0 };
        return list;
      }),
    );
    renderPortal('/avisos');

    expect(await screen.findByRole('heading', { name: 'Avisos', level: 1 })).toBeVisible();
    // The nav's items are there at once; the notices arrive with the list.
    await screen.findByRole('button', { name: /Reserva alterada pelo clube/ });
    const items = screen.getAllByRole('listitem');
    const subjects = items
      .map((item) => within(item).queryByRole('button')?.textContent ?? '')
      .filter((text) => text.includes('—'));
    expect(subjects[0]).toContain('Reserva alterada pelo clube');
    expect(subjects[1]).toContain('Reserva confirmada');
    // The one new at the opening stays marked; the API was told they are all read.
    expect(screen.getByText('Novo')).toBeVisible();
    await waitFor(() => expect(requests.some((request) => request.method === 'PATCH')).toBe(true));

    await user.click(screen.getByRole('button', { name: /Reserva alterada pelo clube/ }));
    expect(screen.getByText(/Motivo: chuva\./)).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'https://clube.test/portal/reservas' }),
    ).toHaveAttribute('href', 'https://clube.test/portal/reservas');
    // The nav's count is gone once read.
    expect(screen.queryByText('(1 aviso não lido)')).not.toBeInTheDocument();
  });

  it('shows the unread count next to Avisos on another page', async () => {
    setPortalSession(buildPortalSession());
    mockApi(
      route.get('/portal/notice', { items: [notice({}), notice({})], unread: 2 }),
      route.get('/portal/me/notifications', { ownBookings: true, reminders: true }),
    );
    renderPortal('/conta');
    const [link] = await screen.findAllByRole('link', { name: /^Avisos.*\(2 avisos não lidos\)$/ });
    expect(link).toHaveAttribute('href', expect.stringMatching(/\/avisos$/));
  });

  it('says when there is nothing yet', async () => {
    setPortalSession(buildPortalSession());
    mockApi(route.get('/portal/notice', { items: [], unread: 0 }));
    renderPortal('/avisos');
    expect(await screen.findByText('Nenhum aviso por enquanto.')).toBeVisible();
  });
});
