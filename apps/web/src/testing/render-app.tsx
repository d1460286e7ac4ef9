import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { setSession } from '@/lib/session';
import { buildSession } from './factories';

/** Renders the real route tree at `path`, with a fresh data cache. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProvider queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router };
}

/**
 * Renders one component (a dialog, a form) inside the app's providers, with a fresh data cache
 * and a staff member signed in (`buildSession`), as it appears inside the back office.
 */
export function renderSignedIn(ui: ReactNode) {
  setSession(buildSession());
  return render(<AppProvider queryClient={createQueryClient()}>{ui}</AppProvider>);
}
