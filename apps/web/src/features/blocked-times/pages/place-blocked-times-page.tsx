import { PermissionNote } from '@/components/permission-note';
import { useCan } from '@/lib/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateSchema } from '@clube/shared';
import { useParams, useSearchParams } from 'react-router';
import { RecordNotFound } from '@/components/record-not-found';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { usePlace } from '@/lib/api/get-place';
import { useCurrentCompany } from '@/lib/current-company';
import { isNotFoundError } from '@/lib/errors';
import { isWellFormedId } from '@/lib/record-id';
import { BlockedTimesList } from '../components/blocked-times-list';
import { BulkBlockDialog } from '../components/bulk-block-dialog';
import { useShownDay } from '../utils/shown-day';

export function PlaceBlockedTimesPage() {
  const { t } = useTranslation();
  const { placeId = '' } = useParams();
  const [searchParams] = useSearchParams();
  // The place's calendar passes the day it shows; a date that is not one opens today.
  const dateParam = dateSchema.safeParse(searchParams.get('date'));
  const company = useCurrentCompany();
  // The blocks of a place that does not exist would read as "none": say the place is unknown.
  const place = usePlace(company.id, placeId);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const canBlock = useCan('blocks.write');
  const shown = useShownDay(company.timezone, dateParam.success ? dateParam.data : undefined);
  if (!isWellFormedId(placeId) || isNotFoundError(place.error)) {
    return <RecordNotFound message={t('errors.PlaceNotFound')} />;
  }
  if (place.isError) return <Alert tone="error">{t('common.loadError')}</Alert>;
  if (place.isPending) return <LoadingState label={t('common.loading')} />;
  return (
    <>
      <PageHeader
        title={t('blockedTimes.place.title')}
        description={t('blockedTimes.place.description')}
        actions={
          canBlock && (
            <Button onClick={() => setIsDialogOpen(true)}>{t('blockedTimes.place.create')}</Button>
          )
        }
      />
      <PermissionNote permission="blocks.write" />
      <BlockedTimesList
        key={shown.day}
        placeId={placeId}
        showPlaceName={false}
        initialDate={shown.day}
      />
      <BulkBlockDialog
        isOpen={isDialogOpen}
        onClose={() => setIsDialogOpen(false)}
        place={{ id: placeId, name: place.data.name }}
        onCreated={shown.showCreated}
      />
    </>
  );
}
