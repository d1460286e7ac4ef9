import { expect, test } from './fixtures';
import {
  clubDate,
  createPlaceThroughApi,
  findUnblockedAssociate,
  timeSlotsThroughApi,
} from './helpers';

test('a manager finds who cancelled a booking from the audit screen', async ({
  staffPage: page,
  request,
  api: session,
}) => {
  const place = await createPlaceThroughApi(
    request,
    session,
    `Churrasqueira Auditoria ${Date.now()}`,
  );
  const member = await findUnblockedAssociate(request, session);
  const { user } = (await (
    await request.get(`/api/backoffice/associate/id/${member.id}`, { headers: session.headers })
  ).json()) as { user: { cpf: string; name: string } };

  // Staff book the barbecue area for the member...
  const slot = (await timeSlotsThroughApi(request, session, place.id, clubDate(3))).find(
    (candidate) => candidate.available,
  )!;
  const booked = await request.post('/api/backoffice/appointment', {
    headers: session.headers,
    data: {
      placeId: place.id,
      associateId: member.id,
      cardId: member.cardId,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
    },
  });
  expect(booked.status()).toBe(201);
  const { id: bookingId } = (await booked.json()) as { id: string };

  // ...and the member cancels it in the portal.
  const portalPassword = 'senha-do-portal-e2e';
  expect(
    (
      await request.patch('/api/backoffice/associate/update-password', {
        headers: session.headers,
        data: { associateId: member.id, newPassword: portalPassword },
      })
    ).status(),
  ).toBe(200);
  const portalLogin = await request.post('/api/portal/auth/login', {
    data: { cpf: user.cpf, password: portalPassword, companyId: session.companyId },
  });
  expect(portalLogin.status()).toBe(200);
  const { access_token: memberToken } = (await portalLogin.json()) as { access_token: string };
  const cancelled = await request.patch(`/api/portal/bookings/${bookingId}/cancel`, {
    headers: { authorization: `Bearer ${memberToken}` },
  });
  expect(cancelled.status()).toBe(200);

  // The manager opens Auditoria and narrows it to cancellations at that place.
  await page.getByRole('link', { name: 'Auditoria' }).first().click();
  await expect(page.getByRole('heading', { name: 'Auditoria' })).toBeVisible();
  await page.getByLabel('Tipo').selectOption({ label: 'Reserva cancelada' });
  await page.getByLabel('Espaço').selectOption({ label: place.name });

  const list = page.getByRole('list', { name: 'Registros da auditoria' });
  const entry = list.getByRole('listitem').filter({ hasText: 'Reserva cancelada' });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Por ${user.name} (associado)`);
  await expect(entry).toContainText(`Associado: ${user.name}`);
  await expect(entry.getByRole('row', { name: /Situação/ })).toContainText('Cancelada');

  // The place's own page tells the same story.
  await page.goto(`/place/${place.id}`);
  const history = page.getByRole('region', { name: 'Histórico' });
  await expect(history.getByText('Reserva cancelada')).toBeVisible();
  await expect(history.getByText('Reserva feita')).toBeVisible();
});
