import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of the sign-in screens: the portal's name over a single narrow column. */
export function GuestFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <header className="bg-brand-900 text-white">
        <div className="mx-auto flex w-full max-w-md items-center gap-3 px-5 py-4">
          <img src="/favicon.svg" alt="" width="32" height="32" className="size-8" />
          <span className="text-base font-semibold">{t('portal.appName')}</span>
        </div>
      </header>
      <main className="mx-auto w-full max-w-md flex-1 px-5 py-8">{children}</main>
      <footer className="mx-auto w-full max-w-md px-5 pb-6 text-sm text-slate-600">
        {t('common.footer', { year: String(new Date().getFullYear()) })}
      </footer>
    </div>
  );
}
