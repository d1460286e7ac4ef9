import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function CategoriesPage() {
  const { t } = useTranslation();
  return <PageHeader title={t('categories.title')} description={t('categories.description')} />;
}
