import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function ManageTimeBlocksPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('blockedTimes.manage.title')}
      description={t('blockedTimes.manage.description')}
    />
  );
}
