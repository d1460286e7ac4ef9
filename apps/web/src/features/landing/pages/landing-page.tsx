import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-gradient-to-b from-brand-900 to-brand-800 text-white">
      <header className="mx-auto flex w-full max-w-6xl items-center gap-3 px-6 py-6">
        <img src="/favicon.svg" alt="" className="size-9" />
        <span className="text-lg font-semibold">{t('common.appName')}</span>
      </header>
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col justify-center px-6 py-12">
        <h1 className="max-w-3xl text-4xl leading-tight font-bold tracking-tight sm:text-5xl">
          {t('landing.title')}
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-brand-100">{t('landing.description')}</p>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link
            to={paths.login.href()}
            className="inline-flex h-11 items-center justify-center rounded-lg bg-white px-5 text-base font-semibold text-brand-900 shadow-sm transition-colors hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('landing.loginLink')}
          </Link>
        </div>
        <section className="mt-12 max-w-2xl rounded-2xl bg-white/10 p-6">
          <h2 className="text-xl font-semibold">{t('landing.portalTitle')}</h2>
          <p className="mt-2 text-brand-100">{t('landing.portalDescription')}</p>
          {/* The portal is the build's other entry: a full page load, not a route of this app. */}
          <a
            href="/portal/"
            className="mt-4 inline-flex h-11 items-center justify-center rounded-lg border border-white px-5 text-base font-semibold text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            {t('landing.portalLink')}
          </a>
        </section>
      </main>
      <footer className="border-t border-white/15">
        <p className="mx-auto w-full max-w-6xl px-6 py-6 text-sm text-brand-100">
          {t('common.footer', { year: String(new Date().getFullYear()) })}
        </p>
      </footer>
    </div>
  );
}
