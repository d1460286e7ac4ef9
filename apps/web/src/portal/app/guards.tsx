import { Navigate, Outlet, useLocation } from 'react-router';
import { hasPortalSessionExpired, usePortalSession } from '../lib/session';
import { portalPaths } from '../paths';

/** The sign-in screens: a signed-in member goes to their home page instead. */
export function GuestOnlyRoute() {
  const session = usePortalSession();
  if (session) return <Navigate to={portalPaths.home.href()} replace />;
  return <Outlet />;
}

/** Signed-in members only; everyone else signs in first and comes back here. */
export function MemberOnlyRoute() {
  const session = usePortalSession();
  const location = useLocation();
  if (!session) {
    return (
      <Navigate
        to={portalPaths.signIn.href({ expired: hasPortalSessionExpired() })}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }
  return <Outlet />;
}
