import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { AuditHistorySection } from '@/components/audit-history-section';
import { Alert } from '@/components/ui/alert';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCurrentCompany } from '@/lib/current-company';
import { useCan } from '@/lib/permissions';
import { PermissionNote } from '@/components/permission-note';
import { RecordNotFound } from '@/components/record-not-found';
import { usePlace } from '@/lib/api/get-place';
import { errorKeyOf, errorMessageOf, isNotFoundError } from '@/lib/errors';
import { isWellFormedId } from '@/lib/record-id';
import { useDeletePlace } from '../api/delete-place';
import { PlaceFormDialog } from '../components/place-form-dialog';
import { PlaceGallery } from '../components/place-gallery';
import { UploadPlaceImageDialog } from '../components/upload-place-image-dialog';
import { describePlaceRules } from '../utils/describe-place-rules';

/** Linked places by name ("Meio campo A, Meio campo B"). */
const namesOf = (places: Array<{ name: string }>) => places.map((place) => place.name).join(', ');

/** Goes back one step, or to the dashboard when the page was opened directly. */
function useGoBack() {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate(paths.dashboard.href());
  };
}

export function PlaceDetailPage() {
  const { t } = useTranslation();
  const { placeId = '' } = useParams();
  const company = useCurrentCompany();
  const place = usePlace(company.id, placeId);
  const deletePlace = useDeletePlace(company.id);
  const canWrite = useCan('places.write');
  const goBack = useGoBack();
  const [dialog, setDialog] = useState<'edit' | 'upload' | 'delete' | null>(null);

  if (!isWellFormedId(placeId) || isNotFoundError(place.error)) {
    return <RecordNotFound message={t('errors.PlaceNotFound')} />;
  }
  if (place.isPending) return <LoadingState label={t('places.detail.loading')} />;
  if (place.isError) {
    return (
      <>
        <Button variant="secondary" onClick={goBack} className="mb-4">
          <ArrowLeftIcon className="size-4" />
          {t('places.detail.back')}
        </Button>
        <Alert tone="error">{errorMessageOf(place.error, t('places.detail.loadError'))}</Alert>
      </>
    );
  }

  const current = place.data;
  const confirmDelete = () =>
    deletePlace.mutate(current.id, {
      onSuccess: () => {
        setDialog(null);
        toast.success(
          t('places.toasts.deleted', {
            item: t('places.toasts.deletedItem', { name: current.name }),
          }),
        );
        goBack();
      },
      onError: (error) => {
        setDialog(null);
        const reason = errorKeyOf(error) ? ` ${errorMessageOf(error, '')}` : '';
        toast.error(`${t('places.toasts.deleteError')}${reason}`);
      },
    });

  const details = [
    { label: t('places.detail.category'), value: current.category.name },
    {
      label: t('places.detail.startsAt'),
      value: current.startsAt || t('places.detail.notInformed'),
    },
    { label: t('places.detail.endsAt'), value: current.endsAt || t('places.detail.notInformed') },
    ...(current.parts.length > 0
      ? [{ label: t('places.detail.parts'), value: namesOf(current.parts) }]
      : []),
    ...(current.partOf.length > 0
      ? [{ label: t('places.detail.partOf'), value: namesOf(current.partOf) }]
      : []),
  ];

  return (
    <>
      <Button variant="ghost" onClick={goBack} className="mb-2 -ml-3">
        <ArrowLeftIcon className="size-4" />
        {t('places.detail.back')}
      </Button>
      <PageHeader
        title={current.name}
        actions={
          <>
            <Link
              to={paths.placeAppointments.href(current.id)}
              className={buttonStyles({ variant: 'primary' })}
            >
              {t('places.detail.manageAppointments')}
            </Link>
            {canWrite && (
              <>
                <Button variant="secondary" onClick={() => setDialog('upload')}>
                  {t('places.detail.addPhoto')}
                </Button>
                <Button variant="secondary" onClick={() => setDialog('edit')}>
                  {t('places.detail.edit')}
                </Button>
                <Button variant="danger" onClick={() => setDialog('delete')}>
                  {t('places.detail.delete')}
                </Button>
              </>
            )}
          </>
        }
      />
      <PermissionNote permission="places.write" />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="p-6 lg:col-span-2">
          <p className="whitespace-pre-line text-slate-700">{current.description}</p>
          <dl className="mt-6 grid gap-4 sm:grid-cols-3">
            {details.map((detail) => (
              <div key={detail.label}>
                <dt className="text-sm font-medium text-slate-600">{detail.label}</dt>
                <dd className="mt-1 text-base font-semibold text-slate-900">{detail.value}</dd>
              </div>
            ))}
          </dl>
        </Card>
        <Card className="p-6">
          <h2 className="text-base font-semibold text-slate-900">
            {t('places.detail.rulesTitle')}
          </h2>
          <ul className="mt-3 list-disc space-y-1.5 pl-5 text-sm text-slate-700">
            {describePlaceRules(current, t).map((rule) => (
              <li key={rule}>{rule}</li>
            ))}
          </ul>
        </Card>
      </div>
      <section className="mt-8" aria-labelledby="place-gallery-title">
        <h2 id="place-gallery-title" className="mb-3 text-lg font-semibold text-slate-900">
          {t('places.detail.galleryTitle')}
        </h2>
        <PlaceGallery companyId={company.id} placeId={current.id} placeName={current.name} />
      </section>
      <AuditHistorySection
        companyId={company.id}
        timezone={company.timezone}
        placeId={current.id}
      />
      <PlaceFormDialog
        key={`${current.id}-${dialog === 'edit' ? 'open' : 'closed'}`}
        companyId={company.id}
        place={current}
        isOpen={dialog === 'edit'}
        onClose={() => setDialog(null)}
      />
      <UploadPlaceImageDialog
        companyId={company.id}
        placeId={current.id}
        isOpen={dialog === 'upload'}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        isOpen={dialog === 'delete'}
        title={t('places.confirmDelete.title')}
        message={t('places.confirmDelete.message')}
        confirmLabel={t('places.confirmDelete.confirm')}
        cancelLabel={t('places.confirmDelete.cancel')}
        isPending={deletePlace.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
