import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { PlaceOccupancy } from '@/features/scheduling/components/place-occupancy';
import { useCurrentCompany } from '@/lib/current-company';
import { PlaceFormDialog } from '@/features/places/components/place-form-dialog';
import { PlaceGrid } from '@/features/places/components/place-grid';

export function DashboardPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const [isCreating, setIsCreating] = useState(false);
  return (
    <>
      <PageHeader
        title={t('places.dashboard.title')}
        description={t('places.dashboard.description', { name: company.name })}
        actions={<Button onClick={() => setIsCreating(true)}>{t('places.list.add')}</Button>}
      />
      {/* Composed here, above the features: the grid is places', the occupancy scheduling's. */}
      <PlaceGrid
        companyId={company.id}
        renderCardExtra={(placeId) => <PlaceOccupancy companyId={company.id} placeId={placeId} />}
      />
      <PlaceFormDialog
        companyId={company.id}
        isOpen={isCreating}
        onClose={() => setIsCreating(false)}
      />
    </>
  );
}
