import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';

export function PlaceAppointmentsPage() {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('scheduling.placeAppointments.title')}
      description={t('scheduling.placeAppointments.description')}
    />
  );
}
