import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '@/components/route-error';
import { paths } from '@/config/paths';
import { loadAllTranslations } from '@/lib/i18n';
import { importOrReload } from '@/lib/import-or-reload';
import { withErrorElements } from '@/lib/with-error-elements';
import { LazyAppLayout } from './layout/lazy-app-layout';
import { CatchAllRoute } from './routes/catch-all-route';
import { GuestOnlyRoute } from './routes/guest-only-route';
import { ProtectedRoute } from './routes/protected-route';
import { RequirePermission } from './routes/require-permission';
import { RootRoute } from './routes/root-route';

/**
 * React.lazy for a module that exports the page by name (no default exports in this code base).
 * Pages after sign-in also wait for every feature's texts; the guest pages have theirs already.
 * A failed fetch reloads the page once (a deploy renamed the chunk), then shows the error page.
 */
function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
  { isGuestPage = false } = {},
) {
  const Page = lazy(async () => {
    const [module] = await importOrReload(() =>
      Promise.all([load(), isGuestPage ? null : loadAllTranslations()]),
    );
    const page: ComponentType = module[name];
    return { default: page };
  });
  return <Page />;
}

const loginPage = lazyPage(() => import('@/features/auth/pages/login-page'), 'LoginPage', {
  isGuestPage: true,
});

// Every route has the error page; the top one has no layout around it.
export const routes: RouteObject[] = withErrorElements(
  [
    {
      element: <RootRoute />,
      errorElement: <RouteError isFullScreen />,
      children: [
        {
          element: <GuestOnlyRoute />,
          children: [
            {
              path: paths.landing.path,
              element: lazyPage(
                () => import('@/features/landing/pages/landing-page'),
                'LandingPage',
                {
                  isGuestPage: true,
                },
              ),
            },
            { path: paths.login.path, element: loginPage },
            { path: paths.loginWithError.path, element: loginPage },
            {
              path: paths.forgotPassword.path,
              element: lazyPage(
                () => import('@/features/auth/pages/forgot-password-page'),
                'ForgotPasswordPage',
                { isGuestPage: true },
              ),
            },
            {
              path: paths.resetPassword.path,
              element: lazyPage(
                () => import('@/features/auth/pages/reset-password-page'),
                'ResetPasswordPage',
                { isGuestPage: true },
              ),
            },
          ],
        },
        {
          element: <ProtectedRoute />,
          children: [
            {
              path: paths.changePassword.path,
              element: lazyPage(
                () => import('@/features/profile/pages/required-password-change-page'),
                'RequiredPasswordChangePage',
              ),
            },
            {
              path: paths.selectCompany.path,
              element: lazyPage(
                () => import('@/features/companies/pages/select-company-page'),
                'SelectCompanyPage',
              ),
            },
            {
              element: <LazyAppLayout />,
              children: [
                {
                  path: paths.dashboard.path,
                  element: lazyPage(() => import('@/app/routes/dashboard-page'), 'DashboardPage'),
                },
                {
                  path: paths.daySheet.path,
                  element: lazyPage(
                    () => import('@/features/scheduling/pages/day-sheet-page'),
                    'DaySheetPage',
                  ),
                },
                {
                  path: paths.gateList.path,
                  element: lazyPage(
                    () => import('@/features/gate-list/pages/gate-list-page'),
                    'GateListPage',
                  ),
                },
                {
                  path: paths.categories.path,
                  element: lazyPage(
                    () => import('@/features/categories/pages/categories-page'),
                    'CategoriesPage',
                  ),
                },
                {
                  path: paths.operatingHours.path,
                  element: lazyPage(
                    () => import('@/features/operating-hours/pages/operating-hours-page'),
                    'OperatingHoursPage',
                  ),
                },
                {
                  path: paths.specialDays.path,
                  element: lazyPage(
                    () => import('@/features/special-days/pages/special-days-page'),
                    'SpecialDaysPage',
                  ),
                },
                {
                  path: paths.associates.path,
                  element: lazyPage(
                    () => import('@/features/associates/pages/associates-page'),
                    'AssociatesPage',
                  ),
                },
                {
                  path: paths.associate.path,
                  element: lazyPage(() => import('@/app/routes/associate-page'), 'AssociatePage'),
                },
                {
                  path: paths.audit.path,
                  element: (
                    <RequirePermission permission="audit.read">
                      {lazyPage(() => import('@/features/audit/pages/audit-page'), 'AuditPage')}
                    </RequirePermission>
                  ),
                },
                {
                  path: paths.reports.path,
                  element: (
                    <RequirePermission permission="reports.read">
                      {lazyPage(
                        () => import('@/features/reports/pages/reports-page'),
                        'ReportsPage',
                      )}
                    </RequirePermission>
                  ),
                },
                {
                  path: paths.messages.path,
                  element: (
                    <RequirePermission permission="messages.read">
                      {lazyPage(
                        () => import('@/features/messages/pages/messages-page'),
                        'MessagesPage',
                      )}
                    </RequirePermission>
                  ),
                },
                {
                  path: paths.settings.path,
                  element: (
                    <RequirePermission permission="settings.write">
                      {lazyPage(
                        () => import('@/features/companies/pages/settings-page'),
                        'SettingsPage',
                      )}
                    </RequirePermission>
                  ),
                },
                {
                  path: paths.staff.path,
                  element: (
                    <RequirePermission permission="staff.manage">
                      {lazyPage(() => import('@/features/staff/pages/staff-page'), 'StaffPage')}
                    </RequirePermission>
                  ),
                },
                {
                  path: paths.profile.path,
                  element: lazyPage(
                    () => import('@/features/profile/pages/profile-page'),
                    'ProfilePage',
                  ),
                },
                {
                  path: paths.place.path,
                  element: lazyPage(
                    () => import('@/features/places/pages/place-detail-page'),
                    'PlaceDetailPage',
                  ),
                },
                {
                  path: paths.placeAppointments.path,
                  element: lazyPage(
                    () => import('@/features/scheduling/pages/place-appointments-page'),
                    'PlaceAppointmentsPage',
                  ),
                },
                {
                  path: paths.placeBlockedTimes.path,
                  element: lazyPage(
                    () => import('@/features/blocked-times/pages/place-blocked-times-page'),
                    'PlaceBlockedTimesPage',
                  ),
                },
                {
                  path: paths.series.path,
                  element: lazyPage(
                    () => import('@/features/series/pages/series-page'),
                    'SeriesPage',
                  ),
                },
                {
                  path: paths.manageTimeBlocks.path,
                  element: lazyPage(
                    () => import('@/features/blocked-times/pages/manage-time-blocks-page'),
                    'ManageTimeBlocksPage',
                  ),
                },
              ],
            },
          ],
        },
        { path: '*', element: <CatchAllRoute /> },
      ],
    },
  ],
  <RouteError />,
);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
