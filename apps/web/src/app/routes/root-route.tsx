import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { LoadingState } from '@/components/ui/spinner';
import { loginErrorCodes, paths } from '@/config/paths';
import { onSessionExpired } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';

/** Top of the route tree: reacts to an expired session and shows a fallback while pages load. */
export function RootRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(
    () =>
      onSessionExpired(() => {
        queryClient.clear();
        navigate(paths.login.href(loginErrorCodes.sessionExpired), { replace: true });
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
