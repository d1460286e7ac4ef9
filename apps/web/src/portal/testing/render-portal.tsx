import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { portalRoutes } from '../app/router';
import { portalI18n } from '../lib/i18n';
import { registerMemberTexts } from '../lib/member-texts';
import { portalQueryClient } from '../lib/query-client';

// All of the portal's texts, whichever page a test starts on (the app adds the signed-in ones
// with the signed-in layout).
registerMemberTexts();

/** Renders the portal's real route tree at `path` (relative to /portal), with an empty cache. */
export function renderPortal(path: string) {
  portalQueryClient.clear();
  const router = createMemoryRouter(portalRoutes, { initialEntries: [path] });
  const utils = render(
    <I18nextProvider i18n={portalI18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { ...utils, router };
}
