import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

/** The frame of the sign-in screens: a brand panel on wide screens, the form beside it. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh">
      <aside className="relative hidden w-[42%] flex-col justify-between overflow-hidden bg-brand-900 p-12 text-white lg:flex">
        <div
          aria-hidden="true"
          className="absolute -top-24 -right-24 size-96 rounded-full bg-brand-700/40"
        />
        <div
          aria-hidden="true"
          className="absolute -bottom-32 -left-16 size-80 rounded-full bg-brand-800/60"
        />
        <Link
          to={paths.landing.href()}
          className="relative flex items-center gap-3 text-lg font-semibold focus-visible:outline-2 focus-visible:outline-white"
        >
          <img src="/favicon.svg" alt="" className="size-9" />
          {t('common.appName')}
        </Link>
        <div className="relative">
          <p className="max-w-md text-3xl leading-tight font-semibold">{t('landing.title')}</p>
          <p className="mt-4 max-w-md text-brand-100">{t('landing.description')}</p>
        </div>
        <p className="relative text-sm text-brand-100">
          {t('common.footer', { year: String(new Date().getFullYear()) })}
        </p>
      </aside>
      <main className="flex min-w-0 flex-1 items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-sm">
          <Link
            to={paths.landing.href()}
            className="mb-8 flex items-center gap-3 text-lg font-semibold text-brand-900 lg:hidden"
          >
            <img src="/favicon.svg" alt="" className="size-9" />
            {t('common.appName')}
          </Link>
          {children}
        </div>
      </main>
    </div>
  );
}
