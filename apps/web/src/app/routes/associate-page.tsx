import { AssociateDetailPage } from '@/features/associates/pages/associate-detail-page';
import { SeriesList } from '@/features/series/components/series-list';

/** The associate's page, with the weekly series they hold or answer for. */
export function AssociatePage() {
  return (
    <AssociateDetailPage seriesOf={(associateId) => <SeriesList associateId={associateId} />} />
  );
}
