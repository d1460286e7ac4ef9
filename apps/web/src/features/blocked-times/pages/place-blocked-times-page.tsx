import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { BlockedTimesList } from '../components/blocked-times-list';

export function PlaceBlockedTimesPage() {
  const { t } = useTranslation();
  const { placeId = '' } = useParams();
  return (
    <>
      <PageHeader
        title={t('blockedTimes.place.title')}
        description={t('blockedTimes.place.description')}
      />
      <BlockedTimesList placeId={placeId} showPlaceName={false} />
    </>
  );
}
