import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, buttonStyles } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { PlaceOccupancy } from '@/features/scheduling/components/place-occupancy';
import { useCurrentCompany } from '@/lib/current-company';
import { useHasBeenTrue } from '@/lib/use-has-been-true';
import { PlaceGrid } from '@/features/places/components/place-grid';
import { PermissionNote } from '@/components/permission-note';
import { useCan } from '@/lib/permissions';

// The new-place form (dialog, form and zod resolver) is fetched the first time it opens.
const PlaceFormDialog = lazy(() =>
  import('@/features/places/components/place-form-dialog').then((module) => ({
    default: module.PlaceFormDialog,
  })),
);

export function DashboardPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const [isCreating, setIsCreating] = useState(false);
  const wasCreating = useHasBeenTrue(isCreating);
  const canCreatePlace = useCan('places.write');
  return (
    <>
      <PageHeader
        title={t('places.dashboard.title')}
        description={t('places.dashboard.description', { name: company.name })}
        actions={
          <>
            <Link to={paths.daySheet.href()} className={buttonStyles({ variant: 'secondary' })}>
              {t('scheduling.daySheet.dashboardLink')}
            </Link>
            {canCreatePlace && (
              <Button onClick={() => setIsCreating(true)}>{t('places.list.add')}</Button>
            )}
          </>
        }
      />
      <PermissionNote permission="places.write" />
      {/* Composed here, above the features: the grid is places', the occupancy scheduling's. */}
      <PlaceGrid
        companyId={company.id}
        renderCardExtra={(placeId) => <PlaceOccupancy companyId={company.id} placeId={placeId} />}
      />
      {wasCreating && (
        <Suspense fallback={null}>
          <PlaceFormDialog
            companyId={company.id}
            isOpen={isCreating}
            onClose={() => setIsCreating(false)}
          />
        </Suspense>
      )}
    </>
  );
}
