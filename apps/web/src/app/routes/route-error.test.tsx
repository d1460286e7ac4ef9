import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '@/app/router';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/http-client';
import { i18n, loadAllTranslations } from '@/lib/i18n';
import { auth } from '@/lib/i18n/pt/auth';
import { common } from '@/lib/i18n/pt/common';
import { errors } from '@/lib/i18n/pt/errors';
import { landing } from '@/lib/i18n/pt/landing';
import { importOrReload, pageReload } from '@/lib/import-or-reload';
import { renderWithProviders } from '@/testing/render';

/** What Chromium says when a chunk named by the old entry no longer exists on the server. */
const missingChunk = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));

/** The app's root route (with its error element) over the given child routes. */
function renderUnderRoot(children: RouteObject[]) {
  const { element, errorElement } = routes[0]!;
  renderWithProviders({ routes: [{ element, errorElement, children }] });
}

function collectRoutes(tree: RouteObject[]): RouteObject[] {
  return tree.flatMap((route) => [route, ...collectRoutes(route.children ?? [])]);
}

describe('route error page', () => {
  let reload: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    // A crash can come before the signed-in texts arrive: the store holds only the first load's.
    i18n.removeResourceBundle('pt', 'translation');
    i18n.addResourceBundle('pt', 'translation', { common, landing, auth, errors });
    // React and the router report the error on the console; the page is what matters here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.sessionStorage.clear();
  });
  afterAll(loadAllTranslations);

  it('every route of the back office has an error element', () => {
    const all = collectRoutes(routes);
    expect(all.length).toBeGreaterThan(15);
    expect(all.filter((route) => !route.errorElement)).toEqual([]);
  });

  it('says in Portuguese that the screen failed when a page throws, and "Tentar de novo" renders it again', async () => {
    let isBroken = true;
    function FlakyPage() {
      if (isBroken) throw new Error('a page that cannot render');
      return <h1>Página recuperada</h1>;
    }
    renderUnderRoot([{ path: '/', element: <FlakyPage /> }]);

    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(
      screen.getByText('Não foi possível exibir esta tela. Verifique sua conexão e tente de novo.'),
    ).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/common\.\w+|Unexpected Application Error/);

    isBroken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));

    expect(await screen.findByRole('heading', { name: 'Página recuperada' })).toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it("names a failed API request's id, so the person can quote it", async () => {
    function FailedRead(): never {
      throw new ApiError(500, 'InternalServerError', null, '0123456789abcdef0123456789abcdef');
    }
    renderUnderRoot([{ path: '/', element: <FailedRead /> }]);

    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(
      screen.getByText('Se pedir ajuda, informe o código 0123456789abcdef0123456789abcdef.'),
    ).toBeInTheDocument();
  });

  it('reloads the page once when a lazy page cannot be fetched, and shows the error page when it fails again', async () => {
    const FirstLoad = lazy(() => importOrReload(missingChunk));
    renderUnderRoot([{ path: '/', element: <FirstLoad /> }]);

    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    // While the new page loads, the old one keeps its loading state rather than an error.
    expect(screen.queryByRole('heading', { name: 'Algo deu errado' })).not.toBeInTheDocument();

    // The reloaded page (same tab, so same sessionStorage) still cannot fetch it: no second reload.
    cleanup();
    const AfterReload = lazy(() => importOrReload(missingChunk));
    renderUnderRoot([{ path: '/', element: <AfterReload /> }]);

    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByText(/o sistema acabou de ser atualizado/)).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);

    // "Tentar de novo" asks for a fresh page: the only way to get the new chunks.
    await userEvent.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('a page that fails inside the signed-in layout keeps the layout around the error page', async () => {
    function Broken(): never {
      throw new Error('broken');
    }
    function Layout() {
      return (
        <div>
          <nav aria-label="Menu do teste" />
          <Outlet />
        </div>
      );
    }
    // The layout's children get the same error element as the router gives every route.
    const pageError = collectRoutes(routes).find((route) => route.path === paths.dashboard.path)!;
    renderUnderRoot([
      {
        element: <Layout />,
        children: [{ path: '/', element: <Broken />, errorElement: pageError.errorElement }],
      },
    ]);

    expect(await screen.findByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menu do teste' })).toBeInTheDocument();
  });
});
