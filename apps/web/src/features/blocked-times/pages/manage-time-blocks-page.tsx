import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { BlockedTimesList } from '../components/blocked-times-list';
import { BulkBlockDialog } from '../components/bulk-block-dialog';

export function ManageTimeBlocksPage() {
  const { t } = useTranslation();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  return (
    <>
      <PageHeader
        title={t('blockedTimes.manage.title')}
        description={t('blockedTimes.manage.description')}
        actions={
          <Button onClick={() => setIsDialogOpen(true)}>{t('blockedTimes.bulk.open')}</Button>
        }
      />
      <BlockedTimesList showPlaceName />
      <BulkBlockDialog isOpen={isDialogOpen} onClose={() => setIsDialogOpen(false)} />
    </>
  );
}
