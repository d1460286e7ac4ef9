import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function OperatingHoursPage() {
  const { t } = useTranslation();
  return (
    <PageHeader title={t('operatingHours.title')} description={t('operatingHours.description')} />
  );
}
