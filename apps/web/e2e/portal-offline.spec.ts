import { expect, test } from './fixtures';
import {
  bookThroughApi,
  clubDate,
  createPlaceThroughApi,
  demoMember,
  findUnblockedAssociate,
  signInToPortal,
  timeSlotsThroughApi,
} from './helpers';

test.setTimeout(120_000);

// A 1×1 PNG: the server re-encodes it into the club's logo.
const tinyPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
  { name: 'desktop', width: 1280, height: 800 },
];

test('without network the portal shows the club’s logo and the member’s upcoming bookings with their entry codes; after sign-out, nothing', async ({
  page,
  context,
  request,
  api: session,
}) => {
  // The club has a logo, and the demo member a booking in three days on a place of the spec's own.
  const logo = await request.post(`/api/backoffice/company/${session.companyId}/logo`, {
    headers: session.headers,
    multipart: { image: { name: 'brasao.png', mimeType: 'image/png', buffer: tinyPng } },
  });
  expect(logo.status()).toBe(200);
  const place = await createPlaceThroughApi(request, session, `Quadra Offline ${Date.now()}`);
  const member = await findUnblockedAssociate(request, session, {
    where: (associate) => associate.user.name === demoMember.name,
  });
  const [slot] = await timeSlotsThroughApi(request, session, place.id, clubDate(3));
  await bookThroughApi(request, session, {
    placeId: place.id,
    associateId: member.id,
    cardId: member.cardId,
    slot: slot!,
  });

  try {
    await signInToPortal(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.getByRole('link', { name: 'Reservas' }).first().click();
    const card = page.getByRole('article').filter({ hasText: place.name });
    await expect(card).toBeVisible();
    const code = (await card.locator('.font-mono').innerText()).trim();
    expect(code).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
    const headerLogo = page.locator('header img').first();
    await expect(headerLogo).toHaveAttribute('src', /^\/api\/uploads\//);

    // The network goes; the app is opened again.
    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByText(/^Sem conexão — reservas de \d{2}\/\d{2} às \d{2}:\d{2}\.$/),
    ).toBeVisible();
    await expect(card).toBeVisible();
    await expect(card.getByText(code)).toBeVisible();
    await card.getByRole('button', { name: 'Mostrar QR code de entrada' }).click();
    await expect(
      card.getByRole('img', { name: `QR code de entrada, código ${code}` }),
    ).toBeVisible();
    await expect(card.getByRole('button', { name: /^Cancelar reserva/ })).toHaveCount(0);
    await expect
      .poll(() => headerLogo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    for (const { name, width, height } of widths) {
      await page.setViewportSize({ width, height });
      await page.screenshot({
        path: `/tmp/shots-portal-guard/reservas-offline-${name}.png`,
        fullPage: true,
      });
    }

    // Back online, the member signs out: the kept bookings are gone from the device.
    await context.setOffline(false);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Sair' }).first().click();
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('portal-offline-bookings'))).toBeNull();
    await context.setOffline(true);
    await page.goto('/portal/reservas');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByText(place.name)).toHaveCount(0);
    await expect(page.getByText(code)).toHaveCount(0);
  } finally {
    await context.setOffline(false);
    await request.delete(`/api/backoffice/company/${session.companyId}/logo`, {
      headers: session.headers,
    });
  }
});
