import type { Company } from '@clube/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LogoutIcon } from '@/components/ui/icons';
import { LoadingState } from '@/components/ui/spinner';
import { loginErrorCodes, paths, readLoginReturnPath } from '@/config/paths';
import { setCurrentCompany } from '@/lib/current-company';
import { returnPathParam } from '@/lib/return-path';
import { signOut } from '@/lib/sign-out';
import { useCanCreateClubs, useCompanies } from '@/lib/api/get-companies';
import { CompanyCard } from '../components/company-card';
import { CreateClubDialog } from '../components/create-club-dialog';

export function SelectCompanyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The page the login was asked for: the chosen club opens there instead of the dashboard.
  const returnTo = readLoginReturnPath(searchParams.get(returnPathParam));
  const companiesQuery = useCompanies();
  const isEmpty = companiesQuery.data?.length === 0;
  const canCreateClubs = useCanCreateClubs();
  const [isCreating, setIsCreating] = useState(false);

  useEffect(() => {
    if (!isEmpty) return;
    // Signed out first: the login page would otherwise send a signed-in user straight back here.
    void signOut().then(() =>
      navigate(paths.login.href(loginErrorCodes.noCompanyFound), { replace: true }),
    );
  }, [isEmpty, navigate]);

  const selectCompany = (company: Company) => {
    setCurrentCompany(company);
    navigate(returnTo ?? paths.dashboard.href(), { replace: true });
  };

  const leave = async () => {
    await signOut();
    navigate(paths.login.href(), { replace: true });
  };

  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between px-4 py-3 sm:px-6">
          <span className="flex items-center gap-3 font-semibold text-brand-900">
            <img src="/favicon.svg" alt="" className="size-8" />
            {t('common.appName')}
          </span>
          <Button variant="ghost" size="sm" onClick={() => void leave()}>
            <LogoutIcon className="size-4" />
            {t('companies.select.signOut')}
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {t('companies.select.title')}
        </h1>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <p className="mt-2 text-slate-600">{t('companies.select.description')}</p>
          {canCreateClubs && (
            <Button variant="secondary" onClick={() => setIsCreating(true)}>
              {t('companies.create.open')}
            </Button>
          )}
        </div>
        <div className="mt-8">
          {companiesQuery.isPending && <LoadingState label={t('common.loading')} />}
          {companiesQuery.isError && (
            <Alert tone="error">
              <p>{t('companies.select.loadError')}</p>
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                onClick={() => void companiesQuery.refetch()}
              >
                {t('common.retry')}
              </Button>
            </Alert>
          )}
          {companiesQuery.data && companiesQuery.data.length > 0 && (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {companiesQuery.data.map((company) => (
                <li key={company.id}>
                  <CompanyCard company={company} onSelect={selectCompany} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </main>
      <CreateClubDialog
        isOpen={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={selectCompany}
      />
    </div>
  );
}
