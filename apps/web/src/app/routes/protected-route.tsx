import { Navigate, Outlet, useLocation } from 'react-router';
import { loginErrorCodes, paths } from '@/config/paths';
import { hasSessionExpired, useSession } from '@/lib/session';

/**
 * Signed-in staff only; everyone else goes to the login page, which says so when the session
 * ended because it could not be renewed (this guard may redirect before RootRoute hears of it).
 * A one-time password in use sends every page to the password change, and that page away once
 * it is done.
 */
export function ProtectedRoute() {
  const session = useSession();
  const location = useLocation();
  if (!session) {
    const error = hasSessionExpired() ? loginErrorCodes.sessionExpired : undefined;
    return <Navigate to={paths.login.href(error)} replace state={{ from: location.pathname }} />;
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
