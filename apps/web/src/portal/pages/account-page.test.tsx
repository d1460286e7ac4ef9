import { screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { getPortalSession, setPortalSession } from '../lib/session';
import { buildPortalSession } from '../testing/factories';
import { renderPortal } from '@/testing/render';

/** Fills the account page's password form (the new one typed twice) and sends it. */
async function changePassword(user: UserEvent, current: string, next: string) {
  await user.type(await screen.findByLabelText('Senha atual'), current);
  await user.type(screen.getByLabelText('Nova senha'), next);
  await user.type(screen.getByLabelText('Repita a nova senha'), next);
  await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
}

describe('changing the portal password', () => {
  it('says so at the field when the current password is wrong, then keeps the fresh session the API answers', async () => {
    const user = userEvent.setup();
    const session = buildPortalSession();
    setPortalSession(session);
    const renewed = buildPortalSession({ member: session.member, club: session.club });
    let attempts = 0;
    const { requests } = mockApi(
      route.get('/portal/me/notifications', { ownBookings: true, reminders: true }),
      route.patch('/portal/me/password', () => {
        attempts += 1;
        return attempts === 1 ? apiError('InvalidOldPassword') : renewed;
      }),
    );
    renderPortal('/conta');

    await changePassword(user, 'errada12', 'nova-senha-1');
    expect(await screen.findByText('A senha atual está incorreta.')).toBeVisible();

    await user.clear(screen.getByLabelText('Senha atual'));
    await user.type(screen.getByLabelText('Senha atual'), 'socio123');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(
      await screen.findByText('Senha alterada. Os outros aparelhos foram desconectados.'),
    ).toBeVisible();
    expect(requests.at(-1)?.body).toEqual({
      currentPassword: 'socio123',
      newPassword: 'nova-senha-1',
    });
    expect(getPortalSession()?.refresh_token).toBe(renewed.refresh_token);
  });

  it('words a too-short new password as the back-office forms do, and sends nothing', async () => {
    const user = userEvent.setup();
    setPortalSession(buildPortalSession());
    const { requests } = mockApi(
      route.get('/portal/me/notifications', { ownBookings: true, reminders: true }),
    );
    renderPortal('/conta');

    await changePassword(user, 'socio123', '12345');

    expect(await screen.findByText('A senha deve ter pelo menos 6 caracteres')).toBeVisible();
    expect(requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

describe('the e-mails a member wants', () => {
  it('switches the confirmation of their own bookings off, and says what always goes out', async () => {
    const user = userEvent.setup();
    setPortalSession(buildPortalSession());
    const { requests } = mockApi(
      route.get('/portal/me/notifications', { ownBookings: true, reminders: true }),
      route.put('/portal/me/notifications', ({ body }) => body as object),
    );
    renderPortal('/conta');

    const own = await screen.findByRole('checkbox', {
      name: 'Confirmação das reservas que eu faço',
    });
    expect(own).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Lembrete antes das reservas' })).toBeChecked();
    expect(
      screen.getByText(
        'Cancelamentos e mudanças feitos pelo clube, reservas feitas pela secretaria e suspensões são sempre enviados.',
      ),
    ).toBeVisible();
    await user.click(own);
    await user.click(screen.getByRole('button', { name: 'Salvar preferências' }));

    expect(await screen.findByText('Preferências salvas.')).toBeVisible();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      ownBookings: false,
      reminders: true,
    });
    expect(own).not.toBeChecked();
  });

  it('says so when saving fails', async () => {
    const user = userEvent.setup();
    setPortalSession(buildPortalSession());
    mockApi(
      route.get('/portal/me/notifications', { ownBookings: true, reminders: true }),
      route.put('/portal/me/notifications', apiError('ValidationError')),
    );
    renderPortal('/conta');
    await user.click(await screen.findByRole('checkbox', { name: 'Lembrete antes das reservas' }));
    await user.click(screen.getByRole('button', { name: 'Salvar preferências' }));
    expect(await screen.findByRole('alert')).toBeVisible();
  });
});
