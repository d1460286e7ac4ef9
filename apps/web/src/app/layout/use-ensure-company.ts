import type { Company } from '@clube/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginErrorCodes, paths } from '@/config/paths';
import { getCompaniesQueryOptions } from '@/lib/api/get-companies';
import { clearCurrentCompany, setCurrentCompany, useStoredCompany } from '@/lib/current-company';
import { addressOf } from '@/lib/return-path';
import { signOut } from '@/lib/sign-out';

/**
 * With no current club stored, fetch the staff member's clubs (docs/domain.md). One club is chosen
 * for them, several send them to the club selection (which then returns to the page that was
 * asked for), none signs them out. A stored club that is not among the signed-in person's (a
 * session expired and someone else signed in on this browser) is forgotten, so the same applies.
 */
export function useEnsureCompany(): {
  company: Company | null;
  isError: boolean;
  retry: () => void;
} {
  const navigate = useNavigate();
  const location = useLocation();
  const company = useStoredCompany();
  // Read with a club stored too: every signed-in page reads it for the role anyway.
  const companiesQuery = useQuery(getCompaniesQueryOptions());
  const pageAddress = addressOf(location);

  useEffect(() => {
    if (!companiesQuery.data) return;
    if (company) {
      if (!companiesQuery.data.some((club) => club.id === company.id)) clearCurrentCompany();
      return;
    }
    const [first, ...others] = companiesQuery.data;
    if (!first) {
      void signOut().then(() =>
        navigate(paths.login.href(loginErrorCodes.noCompanyFound), { replace: true }),
      );
    } else if (others.length === 0) {
      setCurrentCompany(first);
    } else {
      navigate(paths.selectCompany.href(pageAddress), { replace: true });
    }
  }, [company, companiesQuery.data, navigate, pageAddress]);

  return {
    company,
    isError: companiesQuery.isError,
    retry: () => void companiesQuery.refetch(),
  };
}
