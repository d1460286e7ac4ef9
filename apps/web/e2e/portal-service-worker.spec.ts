import { expect, test, type Page } from '@playwright/test';
import { demoMember } from './helpers';

/** The portal's service worker controls the page (it registers after load and claims it). */
const waitForServiceWorker = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });

/** The member login the demo seed prints beside the staff one. */

/** Every URL in the page's caches (what the portal's service worker keeps). */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

test.describe('the installed portal without network', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('opens from its service worker and says "Sem conexão"; no API answer was ever cached', async ({
    page,
    context,
  }) => {
    await page.goto('/portal/entrar');
    // The worker registers after load, keeps the shell and takes this page over.
    await waitForServiceWorker(page);
    await expect
      .poll(async () => (await cachedUrls(page)).includes('/portal/index.html'))
      .toBe(true);

    // A member's data goes by while online: signed in, home and Conta.
    await page.getByLabel('CPF').fill(demoMember.cpf);
    await page.getByLabel('Senha', { exact: true }).fill(demoMember.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/portal/inicio');
    await page.getByRole('link', { name: 'Conta' }).first().click();
    await expect(page.getByRole('heading', { name: 'Notificações neste aparelho' })).toBeVisible();

    const cached = await cachedUrls(page);
    expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
    // Uploaded images (the club's logo, places' photos) are public and kept; no other API answer.
    expect(
      cached.filter((url) => url.startsWith('/api') && !url.startsWith('/api/uploads/')),
    ).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByText('Sem conexão.')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Sem conexão.' })).toContainText(
      'O aparelho está sem internet',
    );
    // The page came from the worker's cache: the network is out for it too, and an API read
    // finds no cached answer.
    const apiRead = await page.evaluate(() =>
      fetch('/api/portal/me').then(
        (response) => `answered ${response.status}`,
        () => 'failed',
      ),
    );
    expect(apiRead).toBe('failed');
    await page.screenshot({ path: test.info().outputPath('offline-phone.png') });

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByText('Sem conexão.')).toBeHidden();
  });
});

test.describe('a push from the club', () => {
  test('is shown by the portal’s service worker as a notification with its text', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['notifications']);
    await page.goto('/portal/entrar');
    await waitForServiceWorker(page);

    // Chromium's DevTools protocol delivers a push to the worker as a push service would.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const portal = registrations.find(
          (registration) => registration.scopeURL.endsWith('/portal/') && !registration.isDeleted,
        );
        if (portal) resolve(portal.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId: await registrationId,
      data: JSON.stringify({
        title: 'Reserva alterada pelo clube — Clube Demonstração',
        body: 'O clube alterou esta reserva: Quadra A, 04/03/2030, 10:00–11:00: cancelada.',
        url: `${baseURL}/portal/reservas`,
        tag: 'mensagem-1',
      }),
    });

    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((notification) => ({
            title: notification.title,
            body: notification.body,
            tag: notification.tag,
            url: (notification.data as { url?: string }).url,
          }));
        }),
      )
      .toEqual([
        {
          title: 'Reserva alterada pelo clube — Clube Demonstração',
          body: 'O clube alterou esta reserva: Quadra A, 04/03/2030, 10:00–11:00: cancelada.',
          tag: 'mensagem-1',
          url: `${baseURL}/portal/reservas`,
        },
      ]);
  });
});
