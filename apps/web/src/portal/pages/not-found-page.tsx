import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { portalPaths } from '../paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{t('portal.notFound')}</h1>
      <Link to={portalPaths.home.href()} className={buttonStyles({ size: 'lg' })}>
        {t('portal.goHome')}
      </Link>
    </div>
  );
}
