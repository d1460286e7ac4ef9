import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function AssociatesPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      eyebrow={t('associates.subtitle')}
      title={t('associates.title')}
      description={t('associates.description')}
    />
  );
}
