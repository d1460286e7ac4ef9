import { Navigate, Outlet, useLocation } from 'react-router';
import { loginErrorCodes, paths } from '@/config/paths';
import { hasSessionExpired, useIsAuthenticated } from '@/lib/session';

/**
 * Signed-in staff only; everyone else goes to the login page, which says so when the session
 * ended because it could not be renewed (this guard may redirect before RootRoute hears of it).
 */
export function ProtectedRoute() {
  const isAuthenticated = useIsAuthenticated();
  const location = useLocation();
  if (!isAuthenticated) {
    const error = hasSessionExpired() ? loginErrorCodes.sessionExpired : undefined;
    return <Navigate to={paths.login.href(error)} replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}
