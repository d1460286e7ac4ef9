import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function PlaceBlockedTimesPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('blockedTimes.place.title')}
      description={t('blockedTimes.place.description')}
    />
  );
}
