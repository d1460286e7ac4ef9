import { expect, test } from './fixtures';
import { demoClubName } from './helpers';

test('the signed-in portal installs as its club’s app, under the service worker’s scope', async ({
  memberPage: page,
}) => {
  const manifestLink = page.locator('link[rel="manifest"]');
  await expect(manifestLink).toHaveAttribute(
    'href',
    /^\/api\/portal\/clubs\/[0-9a-f-]{36}\/manifest\.webmanifest$/,
  );
  const manifest = await page.request.get((await manifestLink.getAttribute('href'))!);
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(await manifest.json()).toMatchObject({
    name: `${demoClubName} — Reservas`,
    short_name: 'Demonstração',
    id: '/portal/',
    start_url: '/portal/',
    scope: '/portal/',
  });
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return new URL(registration.scope).pathname;
  });
  expect(scope).toBe('/portal/');

  // Signed out, the portal is no club's: its own manifest again.
  await page.getByRole('button', { name: 'Sair' }).first().click();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(manifestLink).toHaveAttribute('href', '/portal/manifest.webmanifest');
});
