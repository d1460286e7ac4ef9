import { useTranslation } from 'react-i18next';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useCurrentCompany } from '@/lib/current-company';

export function DashboardPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  return (
    <>
      <PageHeader
        title={t('places.dashboard.title')}
        description={t('places.dashboard.description', { name: company.name })}
      />
      <Card className="p-6 text-slate-600">{t('places.dashboard.comingSoon')}</Card>
    </>
  );
}
