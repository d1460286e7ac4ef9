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
import { addDaysToDate, clubToday, monthOf } from '@clube/shared';
import { CsvExportButton } from '@/components/csv-export-button';

export function ManageTimeBlocksPage() {
  const { t } = useTranslation();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const canBlock = useCan('blocks.write');
  const company = useCurrentCompany();
  const shown = useShownDay(company.timezone, undefined);
  // The export holds the blocks of the shown day's month.
  const month = monthOf(shown.day ?? clubToday(company.timezone));
  return (
    <>
      <PageHeader
        title={t('blockedTimes.manage.title')}
        description={t('blockedTimes.manage.description')}
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <CsvExportButton
              path="/backoffice/blocked-time/export.csv"
              query={{
                companyId: company.id,
                period: 'custom',
                from: month.first,
                to: addDaysToDate(month.next, -1),
              }}
              fileName="bloqueios.csv"
            />
            {canBlock && (
              <Button onClick={() => setIsDialogOpen(true)}>{t('blockedTimes.bulk.open')}</Button>
            )}
          </div>
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
