import { expect, test } from './fixtures';

/** The member login the demo seed prints beside the staff one. */
test.describe('portal error page on a phone', () => {
  // Without the portal's service worker: it would serve the chunk from its cache (which is what
  // it is for) where this test makes the file unreachable, as on a first visit or in a browser
  // without service workers (portal-service-worker.spec.ts covers the worker).
  test.use({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });

  test('a page whose files cannot be fetched reloads once, then shows the Portuguese error page, and "Tentar de novo" recovers', async ({
    memberPage: page,
  }) => {
    // As after a deploy that renamed the files (or with the network down): the places page's
    // chunk never arrives.
    const chunk = /\/assets\/places-page-[^/]*\.js$/;
    await page.route(chunk, (route) => route.abort());
    let documentLoads = 0;
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentLoads += 1;
    });

    await page
      .getByRole('navigation', { name: 'Navegação do portal' })
      .getByRole('link', { name: 'Espaços' })
      .click();

    await expect(page.getByRole('heading', { name: 'Algo deu errado' })).toBeVisible();
    await expect(page.getByText(/acabou de ser atualizado/)).toBeVisible();
    await expect(page.getByText(/Unexpected Application Error|Hey developer/)).toHaveCount(0);
    // One automatic reload, not a loop; the tab bar stays around the error.
    expect(documentLoads).toBe(1);
    await expect(page.getByRole('navigation', { name: 'Navegação do portal' })).toBeVisible();
    await expect(page).toHaveURL(/\/portal\/espacos$/);

    // The files are back: "Tentar de novo" loads the page.
    await page.unroute(chunk);
    await page.getByRole('button', { name: 'Tentar de novo' }).click();
    await expect(page.getByRole('heading', { name: 'Espaços', level: 1 })).toBeVisible();
    expect(documentLoads).toBe(2);
  });
});
