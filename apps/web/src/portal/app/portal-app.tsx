import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { portalI18n } from '../lib/i18n';
import { portalBasename } from '../paths';
import { portalRoutes } from './router';

export function PortalApp() {
  const [router] = useState(() => createBrowserRouter(portalRoutes, { basename: portalBasename }));
  return (
    <I18nextProvider i18n={portalI18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  );
}
