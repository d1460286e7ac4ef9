import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function PlaceDetailPage() {
  const { t } = useTranslation();
  return (
    <PageHeader title={t('places.detail.title')} description={t('places.detail.description')} />
  );
}
