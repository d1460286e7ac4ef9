import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useIsAuthenticated } from '@/lib/session';

/** Signed-in staff only; everyone else goes to the login page. */
export function ProtectedRoute() {
  const isAuthenticated = useIsAuthenticated();
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to={paths.login.href()} replace state={{ from: location.pathname }} />;
  }
  return <Outlet />;
}
