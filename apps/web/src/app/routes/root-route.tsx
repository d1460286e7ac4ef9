import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingState } from '@/components/ui/spinner';
import { loginErrorCodes, paths, readLoginReturnPath } from '@/config/paths';
import { onSessionExpired } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { addressOf, returnPathParam } from '@/lib/return-path';

/**
 * Top of the route tree: reacts to an expired session (the login page then returns to the page
 * that was open) and shows a fallback while pages load.
 */
export function RootRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Read when the session expires, not when the listener was registered.
  const locationRef = useRef(location);
  locationRef.current = location;

  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.clear();
        const current = locationRef.current;
        // Already on the login page (a guard got there first): keep the page it returns to.
        const returnTo =
          readLoginReturnPath(addressOf(current)) ??
          readLoginReturnPath(new URLSearchParams(current.search).get(returnPathParam));
        navigate(paths.login.href(loginErrorCodes.sessionExpired, returnTo), { replace: true });
      }),
    [navigate],
  );

  return (
    <Suspense
      fallback={
        <div className="flex min-h-dvh items-center justify-center">
          <LoadingState label={t('common.loading')} />
        </div>
      }
    >
      <Outlet />
    </Suspense>
  );
}
