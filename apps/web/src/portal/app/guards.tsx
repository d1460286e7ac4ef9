import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { addressOf, returnPathParam } from '@/lib/return-path';
import { hasPortalSessionExpired, usePortalSession } from '../lib/session';
import { portalPaths, readSignInReturnPath } from '../paths';

/**
 * The sign-in screens: a signed-in member goes to the page the sign-in was asked for (`?voltar=`,
 * a portal path), or else to their home page.
 */
export function GuestOnlyRoute() {
  const session = usePortalSession();
  const [searchParams] = useSearchParams();
  if (session) {
    const returnTo = readSignInReturnPath(searchParams.get(returnPathParam));
    return <Navigate to={returnTo ?? portalPaths.home.href()} replace />;
  }
  return <Outlet />;
}

/** Signed-in members only; everyone else signs in first and comes back here. */
export function MemberOnlyRoute() {
  const session = usePortalSession();
  const location = useLocation();
  if (!session) {
    return (
      <Navigate
        to={portalPaths.signIn.href({
          expired: hasPortalSessionExpired(),
          returnTo: addressOf(location),
        })}
        replace
      />
    );
  }
  return <Outlet />;
}
