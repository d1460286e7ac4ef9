import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** React Router keeps the position in its history stack in history.state.idx. */
function canGoBack(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && Number(state.idx) > 0;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = () => {
    if (canGoBack()) navigate(-1);
    else navigate(paths.landing.href(), { replace: true });
  };
  return (
    <div className="flex flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('common.notFound.title')}
      </h1>
      <p className="mt-2 text-slate-600">{t('common.notFound.description')}</p>
      <Button variant="primary" size="lg" className="mt-8" onClick={goBack}>
        <ArrowLeftIcon className="size-5" />
        {t('common.back')}
      </Button>
    </div>
  );
}
