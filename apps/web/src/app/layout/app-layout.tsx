import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { CompanyLogo } from '@/components/company-logo';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { MenuIcon } from '@/components/ui/icons';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { signOut } from '@/lib/sign-out';
import { useHasBeenTrue } from '@/lib/use-has-been-true';
import { Navigation } from './navigation';
import { useEnsureCompany } from './use-ensure-company';

// The mobile menu (and the dialog library under it) is fetched the first time it opens.
const SlideOver = lazy(() =>
  import('@/components/ui/slide-over').then((module) => ({ default: module.SlideOver })),
);

/**
 * The frame of every signed-in page except the club selection: header with the club, the
 * navigation (sidebar on wide screens, slide-over menu on phones) and the page. Pages render only
 * once a club is known, so they may use useCurrentCompany().
 */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession()?.user;
  const { company, isError, retry } = useEnsureCompany();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const wasMenuOpened = useHasBeenTrue(isMenuOpen);
  const [isSigningOut, setIsSigningOut] = useState(false);

  const handleSignOut = async () => {
    setIsSigningOut(true);
    setIsMenuOpen(false);
    await signOut();
    navigate(paths.login.href(), { replace: true });
  };

  const navigation = (onNavigate?: () => void) => (
    <Navigation
      onNavigate={onNavigate}
      onSignOut={() => void handleSignOut()}
      isSigningOut={isSigningOut}
    />
  );

  const appName = (
    <Link
      to={paths.dashboard.href()}
      className="flex items-center gap-2.5 px-5 py-4 font-semibold text-brand-900 focus-visible:outline-2 focus-visible:outline-brand-700"
    >
      <img src="/favicon.svg" alt="" className="size-8" />
      {t('common.appName')}
    </Link>
  );

  let content: ReactNode;
  if (company) {
    content = (
      <Suspense fallback={<LoadingState label={t('common.loading')} />}>
        {children ?? <Outlet />}
      </Suspense>
    );
  } else if (isError) {
    content = (
      <Alert tone="error">
        <p>{t('common.loadError')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={retry}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else {
    content = <LoadingState label={t('layout.loadingCompany')} />;
  }

  return (
    <div className="min-h-dvh bg-slate-50">
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-slate-200 bg-white lg:flex print:hidden">
        {appName}
        {navigation()}
      </aside>

      {wasMenuOpened && (
        <Suspense fallback={null}>
          <SlideOver
            isOpen={isMenuOpen}
            onClose={() => setIsMenuOpen(false)}
            title={t('layout.menuTitle')}
            closeLabel={t('layout.closeMenu')}
          >
            {navigation(() => setIsMenuOpen(false))}
          </SlideOver>
        </Suspense>
      )}

      <div className="lg:pl-64 print:pl-0">
        <header className="sticky top-0 z-20 flex h-16 print:hidden items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6">
          <button
            type="button"
            onClick={() => setIsMenuOpen(true)}
            aria-label={t('layout.openMenu')}
            aria-expanded={isMenuOpen}
            className="-ml-1 rounded-lg p-2 text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 lg:hidden"
          >
            <MenuIcon className="size-6" />
          </button>
          {company && (
            <div className="flex min-w-0 items-center gap-3">
              <CompanyLogo logoUrl={company.logoUrl} alt="" className="size-10" />
              <div className="min-w-0">
                <p className="text-xs font-medium text-slate-600">{t('layout.currentCompany')}</p>
                <p className="truncate text-base font-semibold text-slate-900">{company.name}</p>
              </div>
            </div>
          )}
          {user && (
            <Link
              to={paths.profile.href()}
              className="ml-auto hidden items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700 sm:flex"
            >
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
              >
                {user.name.charAt(0).toUpperCase()}
              </span>
              {user.name}
            </Link>
          )}
        </header>
        <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8 print:max-w-none print:p-0">
          {content}
        </main>
      </div>
    </div>
  );
}
