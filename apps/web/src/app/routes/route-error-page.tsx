import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** The root error boundary: an unexpected render error never leaves a blank screen. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('common.crashTitle')}</h1>
      <p className="mt-2 max-w-md text-slate-600">{t('common.crashDescription')}</p>
      <Button className="mt-6" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </Button>
    </main>
  );
}
