import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingState } from '@/components/ui/spinner';
import { addressOf, returnPathParam } from '@/lib/return-path';
import { OfflineBanner } from '../components/offline-banner';
import { onPortalSessionExpired } from '../lib/portal-api';
import { portalPaths, readSignInReturnPath } from '../paths';

/**
 * Top of the portal's routes: sends an expired session to sign-in (which then returns to the page
 * that was open), says when there is no network, shows a fallback while pages load.
 */
export function PortalRootRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // Read when the session expires, not when the listener was registered.
  const locationRef = useRef(location);
  locationRef.current = location;

  useEffect(
    () =>
      onPortalSessionExpired(() => {
        const current = locationRef.current;
        // Already on the sign-in page (a guard got there first): keep the page it returns to.
        const returnTo =
          readSignInReturnPath(addressOf(current)) ??
          readSignInReturnPath(new URLSearchParams(current.search).get(returnPathParam));
        navigate(portalPaths.signIn.href({ expired: true, returnTo }), { replace: true });
      }),
    [navigate],
  );

  return (
    <>
      <OfflineBanner />
      <Suspense
        fallback={
          <div className="flex min-h-dvh items-center justify-center">
            <LoadingState label={t('portal.loading')} />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </>
  );
}
