import { Navigate, Outlet, useSearchParams } from 'react-router';
import { paths, readLoginReturnPath } from '@/config/paths';
import { returnPathParam } from '@/lib/return-path';
import { useIsAuthenticated } from '@/lib/session';

/**
 * Landing and sign-in screens: a signed-in user is sent on to the page the login was asked for
 * (`?voltar=`, a path of this app), or else to the club selection. Signing in lands here too.
 */
export function GuestOnlyRoute() {
  const isAuthenticated = useIsAuthenticated();
  const [searchParams] = useSearchParams();
  if (isAuthenticated) {
    const returnTo = readLoginReturnPath(searchParams.get(returnPathParam));
    return <Navigate to={returnTo ?? paths.selectCompany.href()} replace />;
  }
  return <Outlet />;
}
