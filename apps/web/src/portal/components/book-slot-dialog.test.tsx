import type { PortalBooking, PortalBookingCheck, PortalSlotList } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, route } from '@/testing/mock-api';
import { setPortalSession } from '../lib/session';
import {
  buildBooking,
  buildMe,
  buildPlace,
  buildPortalSession,
  buildSlot,
} from '../testing/factories';
import { renderPortal } from '@/testing/render';

/** Opens the booking of a free slot starting `minutesAhead` from now on a place whose bookings
 * can be cancelled until 2 hours before the start. */
async function openBookingStartingIn(minutesAhead: number) {
  const session = buildPortalSession();
  setPortalSession(session);
  const place = buildPlace({ maxCancelBookingTime: 2 });
  // A whole minute, as slots are.
  const start = new Date(Math.ceil((Date.now() + minutesAhead * 60_000) / 60_000) * 60_000);
  const slot = buildSlot(start.toISOString());
  mockApi(
    route.get('/portal/me', buildMe(session)),
    route.get('/portal/places', { items: [place] }),
    route.get<PortalSlotList>(`/portal/places/${place.id}/slots`, {
      date: '2099-11-28',
      items: [slot],
    }),
    route.post<PortalBookingCheck>('/portal/bookings/check', {
      ok: true,
      failures: [],
      quota: { used: 0, limit: 0 },
    }),
  );
  renderPortal(`/espacos/${place.id}`);
  const user = userEvent.setup();
  await user.click(
    await screen.findByRole('button', { name: new RegExp(`${slot.time}\\s*Livre`) }),
  );
  return screen.findByRole('dialog');
}

describe('the cancellation deadline in the booking dialog', () => {
  it('says plainly, before confirming, that a booking made after the deadline cannot be cancelled', async () => {
    const dialog = await openBookingStartingIn(30);

    expect(
      await within(dialog).findByText(
        'Atenção: esta reserva não poderá ser cancelada, porque o prazo de cancelamento deste espaço já passou.',
      ),
    ).toBeVisible();
    expect(within(dialog).queryByText(/Você poderá cancelar até/)).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Confirmar reserva' })).toBeEnabled();
  });

  it('gives the deadline when it is still ahead', async () => {
    const dialog = await openBookingStartingIn(5 * 60);

    expect(await within(dialog).findByText(/^Você poderá cancelar até /)).toBeVisible();
    expect(within(dialog).queryByText(/não poderá ser cancelada/)).toBeNull();
  });
});

describe('the confirmation of a booking for a family member', () => {
  it('names the member it was made for', async () => {
    const session = buildPortalSession();
    setPortalSession(session);
    const me = buildMe(session);
    const place = buildPlace({ name: 'Churrasqueira 1' });
    const slot = buildSlot('2099-11-28T13:00:00.000Z');
    const son = me.title.members[1]!;
    const { requests } = mockApi(
      route.get('/portal/me', me),
      route.get('/portal/places', { items: [place] }),
      route.get<PortalSlotList>(`/portal/places/${place.id}/slots`, {
        date: '2099-11-28',
        items: [slot],
      }),
      route.post<PortalBookingCheck>('/portal/bookings/check', {
        ok: true,
        failures: [],
        quota: { used: 0, limit: 0 },
      }),
      route.post<PortalBooking>('/portal/bookings', () =>
        buildBooking(session, { associate: { ...son }, place: { id: place.id, name: place.name } }),
      ),
    );
    renderPortal(`/espacos/${place.id}`);
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: new RegExp(`${slot.time}\\s*Livre`) }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.selectOptions(within(dialog).getByLabelText('Para quem é a reserva'), son.name);
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar reserva' }));

    expect(
      await screen.findByText(/^Reserva confirmada para Pedro Pereira: Churrasqueira 1, /),
    ).toBeVisible();
    const booked = requests.find((request) => request.url.endsWith('/portal/bookings'));
    expect(booked?.body).toMatchObject({ associateId: son.id });
  });
});
