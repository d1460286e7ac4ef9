import type { Company } from '@clube/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { loginErrorCodes, paths } from '@/config/paths';
import { getCompaniesQueryOptions } from '@/lib/api/get-companies';
import { setCurrentCompany, useStoredCompany } from '@/lib/current-company';
import { signOut } from '@/lib/sign-out';

/**
 * With no current club stored, fetch the staff member's clubs (docs/domain.md). One club is chosen
 * for them, several send them to the club selection, none signs them out.
 */
export function useEnsureCompany(): {
  company: Company | null;
  isError: boolean;
  retry: () => void;
} {
  const navigate = useNavigate();
  const company = useStoredCompany();
  const companiesQuery = useQuery({ ...getCompaniesQueryOptions(), enabled: company === null });

  useEffect(() => {
    if (company || !companiesQuery.data) return;
    const [first, ...others] = companiesQuery.data;
    if (!first) {
      void signOut().then(() =>
        navigate(paths.login.href(loginErrorCodes.noCompanyFound), { replace: true }),
      );
    } else if (others.length === 0) {
      setCurrentCompany(first);
    } else {
      navigate(paths.selectCompany.href(), { replace: true });
    }
  }, [company, companiesQuery.data, navigate]);

  return {
    company,
    isError: companiesQuery.isError,
    retry: () => void companiesQuery.refetch(),
  };
}
