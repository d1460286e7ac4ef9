import { lazy, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RouteError } from '@/components/route-error';
import { importOrReload } from '@/lib/import-or-reload';
import { withErrorElements } from '@/lib/with-error-elements';
import { usePortalSession } from '../lib/session';
// The sign-in page is where almost every visit starts: in the entry, so it paints without a
// second round trip. Every other page is lazy.
import { SignInPage } from '../pages/sign-in-page';
import { portalPaths } from '../paths';
import { GuestOnlyRoute, MemberOnlyRoute } from './guards';
import { PortalRootRoute } from './portal-root-route';

/**
 * React.lazy for a module that exports the page by name (no default exports in this code base).
 * A failed fetch reloads the page once (a deploy renamed the chunk), then shows the error page.
 */
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
) {
  const Page = lazy(async () => {
    const page: ComponentType = (await importOrReload(load))[name];
    return { default: page };
  });
  return <Page />;
}

/**
 * Signed-in pages share the layout, which also brings TanStack Query's provider: the sign-in
 * page's first load carries neither.
 */
const PortalLayout = lazy(async () => ({
  default: (await importOrReload(() => import('./portal-layout'))).PortalLayout,
}));

function RootRedirect() {
  const session = usePortalSession();
  return <Navigate to={session ? portalPaths.home.href() : portalPaths.signIn.href()} replace />;
}

// Every route has the error page; the top one has no layout around it.
export const portalRoutes: RouteObject[] = withErrorElements(
  [
    {
      element: <PortalRootRoute />,
      errorElement: <RouteError isFullScreen />,
      children: [
        { index: true, element: <RootRedirect /> },
        {
          // Outside the guards: a link opened on a phone already signed in still sets the password.
          path: portalPaths.choosePassword.path,
          element: lazyPage(() => import('../pages/choose-password-page'), 'ChoosePasswordPage'),
        },
        {
          element: <GuestOnlyRoute />,
          children: [
            {
              path: portalPaths.signIn.path,
              element: <SignInPage />,
            },
            {
              path: portalPaths.forgotPassword.path,
              element: lazyPage(
                () => import('../pages/forgot-password-page'),
                'ForgotPasswordPage',
              ),
            },
          ],
        },
        {
          element: <MemberOnlyRoute />,
          children: [
            {
              element: <PortalLayout />,
              children: [
                {
                  path: portalPaths.home.path,
                  element: lazyPage(() => import('../pages/home-page'), 'HomePage'),
                },
                {
                  path: portalPaths.places.path,
                  element: lazyPage(() => import('../pages/places-page'), 'PlacesPage'),
                },
                {
                  path: portalPaths.place.path,
                  element: lazyPage(() => import('../pages/place-page'), 'PlacePage'),
                },
                {
                  path: portalPaths.bookings.path,
                  element: lazyPage(() => import('../pages/bookings-page'), 'BookingsPage'),
                },
                {
                  path: portalPaths.notices.path,
                  element: lazyPage(() => import('../pages/notices-page'), 'NoticesPage'),
                },
                {
                  path: portalPaths.waitlists.path,
                  element: lazyPage(() => import('../pages/waitlists-page'), 'WaitlistsPage'),
                },
                {
                  path: portalPaths.account.path,
                  element: lazyPage(() => import('../pages/account-page'), 'AccountPage'),
                },
                {
                  path: '*',
                  element: lazyPage(() => import('../pages/not-found-page'), 'NotFoundPage'),
                },
              ],
            },
          ],
        },
      ],
    },
  ],
  <RouteError />,
);
