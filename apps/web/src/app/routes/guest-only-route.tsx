import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useIsAuthenticated } from '@/lib/session';

/** Landing and sign-in screens: a signed-in user is sent on to the club selection. */
export function GuestOnlyRoute() {
  const isAuthenticated = useIsAuthenticated();
  if (isAuthenticated) return <Navigate to={paths.selectCompany.href()} replace />;
  return <Outlet />;
}
