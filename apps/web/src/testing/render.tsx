import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes as backofficeRoutes } from '@/app/router';
import { companiesQueryKey } from '@/lib/api/get-companies';
import { getCurrentCompany, setCurrentCompany } from '@/lib/current-company';
import { createQueryClient } from '@/lib/query-client';
import type { Realm } from '@/lib/realm';
import { setSession } from '@/lib/session';
import { portalRoutes } from '@/portal/app/router';
import { portalI18n } from '@/portal/lib/i18n';
import { registerMemberTexts } from '@/portal/lib/member-texts';
import { portalQueryClient } from '@/portal/lib/query-client';
import { buildCompany, buildSession } from './factories';

// All of the portal's texts, whichever page a test starts on (the app adds the signed-in ones
// with the signed-in layout).
registerMemberTexts();

type RenderOptions = {
  /** Whose app: its texts, its data cache, its route tree (the back office's by default). */
  realm?: Realm;
  /** Where the router starts (relative to the portal's base for the portal). */
  path?: string;
  /** The routes to render instead of the realm's whole tree. */
  routes?: RouteObject[];
  /** One component to render, as the only route (instead of `routes`). */
  ui?: ReactNode;
  /**
   * A staff member signed in first (`buildSession`). With a component and no club stored by the
   * test, they work in a new club as its administrator, known from the first render as inside
   * the app's layout.
   */
  signedIn?: boolean;
};

/**
 * The one render of the web's tests: the realm's providers (texts, a data cache emptied for the
 * test, the back office's toasts) around a memory router, over the realm's real route tree, the
 * given routes or one component.
 */
export function renderWithProviders({
  realm = 'backoffice',
  path = '/',
  routes,
  ui,
  signedIn = false,
}: RenderOptions = {}) {
  if (signedIn) setSession(buildSession());
  const tree = ui !== undefined ? [{ path: '*', element: ui }] : (routes ?? treeOf(realm));
  const router = createMemoryRouter(tree, { initialEntries: [path] });
  const page = <RouterProvider router={router} />;
  if (realm === 'backoffice') {
    const queryClient = createQueryClient();
    if (signedIn && ui !== undefined && getCurrentCompany() === null) {
      const company = buildCompany();
      setCurrentCompany(company);
      queryClient.setQueryData(companiesQueryKey, { items: [company], canCreateClubs: false });
    }
    return {
      ...render(<AppProvider queryClient={queryClient}>{page}</AppProvider>),
      router,
    };
  }
  portalQueryClient.clear();
  return {
    ...render(
      <I18nextProvider i18n={portalI18n}>
        <QueryClientProvider client={portalQueryClient}>{page}</QueryClientProvider>
      </I18nextProvider>,
    ),
    router,
  };
}

const treeOf = (realm: Realm) => (realm === 'backoffice' ? backofficeRoutes : portalRoutes);

/** The back office's route tree at `path`. */
export const renderApp = (path: string) => renderWithProviders({ path });

/** One component (a dialog, a form) as it appears inside the back office, staff signed in. */
export const renderSignedIn = (ui: ReactNode) => renderWithProviders({ ui, signedIn: true });

/** The portal's route tree at `path` (relative to /portal). */
export const renderPortal = (path: string) => renderWithProviders({ realm: 'portal', path });
