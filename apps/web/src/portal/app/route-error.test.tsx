import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { importOrReload, pageReload } from '@/lib/import-or-reload';
import { renderWithProviders } from '@/testing/render';
import { portalRoutes } from './router';

function collectRoutes(tree: RouteObject[]): RouteObject[] {
  return tree.flatMap((route) => [route, ...collectRoutes(route.children ?? [])]);
}

/** The portal's root route (with its error element) over the given child routes. */
function renderUnderPortalRoot(children: RouteObject[]) {
  const { element, errorElement } = portalRoutes[0]!;
  renderWithProviders({ realm: 'portal', routes: [{ element, errorElement, children }] });
}

describe('portal route error page', () => {
  let reload: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });

  it('every route of the portal has an error element', () => {
    const all = collectRoutes(portalRoutes);
    expect(all.length).toBeGreaterThan(8);
    expect(all.filter((route) => !route.errorElement)).toEqual([]);
  });

  it('a page whose chunk is gone after a deploy reloads once, then says so in Portuguese with "Tentar de novo"', async () => {
    // The tab already reloaded for this a moment ago (the guard's record survives the reload).
    window.sessionStorage.setItem('clube:chunk-reload-at', String(Date.now() - 1_000));
    const Page = lazy(() =>
      importOrReload(() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      ),
    );
    renderUnderPortalRoot([{ path: '/', element: <Page /> }]);

    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(/acabou de ser atualizado/);
    expect(document.body.textContent).not.toMatch(/Unexpected Application Error|Hey developer/);
    expect(reload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('after a minute the guard allows one more automatic reload', async () => {
    window.sessionStorage.setItem('clube:chunk-reload-at', String(Date.now() - 61_000));
    const Page = lazy(() => importOrReload(() => Promise.reject(new TypeError('offline'))));
    renderUnderPortalRoot([{ path: '/', element: <Page /> }]);

    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
  });
});
