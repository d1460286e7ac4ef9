import { useTranslation } from 'react-i18next';
import { PermissionNote } from '@/components/permission-note';
import { PageHeader } from '@/components/ui/page-header';
import { useCan } from '@/lib/permissions';
import { SeriesForm } from '../components/series-form';
import { SeriesList } from '../components/series-list';

/** Weekly fixed bookings: a new series with its preview (front desk), and the club's series. */
export function SeriesPage() {
  const { t } = useTranslation();
  const canWrite = useCan('bookings.write');
  return (
    <>
      <PageHeader title={t('series.title')} description={t('series.description')} />
      <PermissionNote permission="bookings.write" />
      <div className="space-y-6">
        {canWrite && <SeriesForm />}
        <SeriesList />
      </div>
    </>
  );
}
