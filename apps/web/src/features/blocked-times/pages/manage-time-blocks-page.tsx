import { PermissionNote } from '@/components/permission-note';
import { useCan } from '@/lib/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { BlockedTimesList } from '../components/blocked-times-list';
import { BulkBlockDialog } from '../components/bulk-block-dialog';
import { useShownDay } from '../utils/shown-day';
import { useCurrentCompany } from '@/lib/current-company';

export function ManageTimeBlocksPage() {
  const { t } = useTranslation();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const canBlock = useCan('blocks.write');
  const shown = useShownDay(useCurrentCompany().timezone, undefined);
  return (
    <>
      <PageHeader
        title={t('blockedTimes.manage.title')}
        description={t('blockedTimes.manage.description')}
        actions={
          canBlock && (
            <Button onClick={() => setIsDialogOpen(true)}>{t('blockedTimes.bulk.open')}</Button>
          )
        }
      />
      <PermissionNote permission="blocks.write" />
      <BlockedTimesList key={shown.day} showPlaceName initialDate={shown.day} />
      <BulkBlockDialog
        isOpen={isDialogOpen}
        onClose={() => setIsDialogOpen(false)}
        onCreated={shown.showCreated}
      />
    </>
  );
}
