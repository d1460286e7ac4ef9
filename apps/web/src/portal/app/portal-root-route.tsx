import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { LoadingState } from '@/components/ui/spinner';
import { OfflineBanner } from '../components/offline-banner';
import { onPortalSessionExpired } from '../lib/portal-api';
import { portalPaths } from '../paths';

/**
 * Top of the portal's routes: sends an expired session to sign-in, says when there is no network,
 * shows a fallback while pages load.
 */
export function PortalRootRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(
    () =>
      onPortalSessionExpired(() => {
        navigate(portalPaths.signIn.href({ expired: true }), { replace: true });
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
