import { Navigate, Outlet, useLocation } from 'react-router';
import { loginErrorCodes, paths } from '@/config/paths';
import { addressOf } from '@/lib/return-path';
import { hasSessionExpired, useSession } from '@/lib/session';

/**
 * Signed-in staff only; everyone else goes to the login page, which says so when the session
 * ended because it could not be renewed (this guard may redirect before RootRoute hears of it),
 * and returns to the page asked for (path and query) once they have signed in.
 * A one-time password in use sends every page to the password change, and that page away once
 * it is done.
 */
export function ProtectedRoute() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const error = hasSessionExpired() ? loginErrorCodes.sessionExpired : undefined;
    return <Navigate to={paths.login.href(error, addressOf(location))} replace />;
  }
  const isOnPasswordChange = location.pathname === paths.changePassword.path;
  if (session.user.mustChangePassword && !isOnPasswordChange) {
    return <Navigate to={paths.changePassword.href()} replace />;
  }
  if (!session.user.mustChangePassword && isOnPasswordChange) {
    return <Navigate to={paths.dashboard.href()} replace />;
  }
  return <Outlet />;
}
