import { clubDateOf, clubTimeOf } from '@clube/shared';
import { expect, test } from '@playwright/test';
import {
  clubDate,
  createPlaceThroughApi,
  demoTimezone,
  openApiSession,
  signInToDemoClub,
} from './helpers';

/** The member whose booking the demo seed leaves waiting for the front desk. */
const awaitingMember = { name: 'Luís Otávio Mendes', password: 'faltou-uma-vez' };

/** DD/MM/AAAA of an instant's club-local date. */
const dateLabel = (instant: string) =>
  clubDateOf(new Date(instant), demoTimezone).split('-').reverse().join('/');

test.setTimeout(90_000);

test('a no-show suspends the title under the club policy, and the member is then refused with the end date', async ({
  page,
  browser,
  request,
}) => {
  const session = await openApiSession(request);
  const club = (await (
    await request.get(`/api/backoffice/company/${session.companyId}`, {
      headers: session.headers,
    })
  ).json()) as { name: string; timezone: string };
  // The club's policy for this spec: one no-show within 30 days suspends the title for 7 days.
  const setPolicy = (count: number) =>
    request.patch(`/api/backoffice/company/${session.companyId}`, {
      headers: session.headers,
      data: {
        name: club.name,
        timezone: club.timezone,
        noShowSuspensionCount: count,
        noShowWindowDays: 30,
        noShowSuspensionDays: 7,
      },
    });
  expect((await setPolicy(1)).status()).toBe(200);

  // The booking the demo seed left waiting: it began a while ago, nobody marked it.
  const { items: places } = (await (
    await request.get(`/api/backoffice/place/company/${session.companyId}`, {
      headers: session.headers,
    })
  ).json()) as { items: { id: string; name: string }[] };
  const court = places.find((place) => place.name === 'Quadra Poliesportiva')!;
  const { items: bookings } = (await (
    await request.get('/api/backoffice/appointment', {
      headers: session.headers,
      params: {
        placeId: court.id,
        fromDate: clubDate(-1),
        toDate: clubDate(1),
        status: 'SCHEDULED',
      },
    })
  ).json()) as {
    items: {
      id: string;
      startsAt: string;
      associateTitleId: string;
      associate: { id: string; name: string };
    }[];
  };
  const awaiting = bookings.find(
    (booking) =>
      booking.associate.name === awaitingMember.name &&
      new Date(booking.startsAt).getTime() < Date.now() - 15 * 60_000,
  )!;
  expect(awaiting).toBeDefined();

  try {
    // The front desk marks the no-show on the day sheet; the title is suspended for 7 days.
    await signInToDemoClub(page);
    await page.goto(`/day-sheet?date=${clubDateOf(new Date(awaiting.startsAt), demoTimezone)}`);
    await page
      .getByRole('button', {
        name: `${court.name}, ${clubTimeOf(new Date(awaiting.startsAt), demoTimezone)}: Agendado — ${awaitingMember.name}`,
      })
      .click();
    await page.getByRole('button', { name: 'Não compareceu' }).click();
    const toast = page.getByText(
      /^Falta registrada\. O título foi suspenso até \d\d\/\d\d\/\d{4}\.$/,
    );
    await expect(toast).toBeVisible();
    const until = (await toast.textContent())!.match(/\d\d\/\d\d\/\d{4}/)![0];
    expect(until).toBe(dateLabel(new Date(Date.now() + 7 * 86_400_000).toISOString()));

    // Staff give the member a portal password; on the portal the member learns why, and until when.
    expect(
      (
        await request.patch('/api/backoffice/associate/update-password', {
          headers: session.headers,
          data: { associateId: awaiting.associate.id, newPassword: awaitingMember.password },
        })
      ).status(),
    ).toBe(200);
    const { items: found } = (await (
      await request.get('/api/backoffice/associate/findAllPaginated', {
        headers: session.headers,
        params: { companyId: session.companyId, take: 1, skip: 0, search: awaitingMember.name },
      })
    ).json()) as { items: { user: { cpf: string } }[] };
    const place = await createPlaceThroughApi(request, session, `Quadra Faltas ${Date.now()}`);

    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const portal = await phone.newPage();
    await portal.goto('/portal/');
    await portal.getByLabel('CPF').fill(found[0]!.user.cpf);
    await portal.getByLabel('Senha', { exact: true }).fill(awaitingMember.password);
    await portal.getByRole('button', { name: 'Entrar' }).click();
    await expect(
      portal.getByText(`O seu título está suspenso por faltas até ${until}.`),
    ).toBeVisible();

    await portal.goto('/portal/espacos');
    await portal.getByRole('link', { name: `Ver horários: ${place.name}` }).click();
    await portal.getByRole('group', { name: 'Escolha o dia' }).getByRole('button').nth(1).click();
    await portal.getByRole('button', { name: '12:00 Livre' }).click();
    const dialog = portal.getByRole('dialog');
    await expect(dialog.getByRole('alert')).toContainText(`suspenso por faltas até ${until}`);
    await expect(dialog.getByRole('button', { name: 'Confirmar reserva' })).toBeDisabled();
    await phone.close();
  } finally {
    // Leave the demo club as other specs expect it: no policy, the title free to book.
    await request.patch(
      `/api/backoffice/associate-title/${awaiting.associateTitleId}/lift-suspension`,
      {
        headers: session.headers,
      },
    );
    await setPolicy(0);
  }
});
