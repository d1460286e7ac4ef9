import type { PlaceImage } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { LoadingState } from '@/components/ui/spinner';
import { errorMessageOf } from '@/lib/errors';
import { useCan } from '@/lib/permissions';
import { useDeletePlaceImage } from '../api/delete-place-image';
import { usePlaceImages } from '../api/get-place-images';

type PlaceGalleryProps = { companyId: string; placeId: string; placeName: string };

/** The place's photos; a click opens the viewer, which can delete the photo (a role that may). */
export function PlaceGallery({ companyId, placeId, placeName }: PlaceGalleryProps) {
  const { t } = useTranslation();
  const images = usePlaceImages(companyId, placeId);
  const deleteImage = useDeletePlaceImage(companyId);
  const canDelete = useCan('places.write');
  const [viewed, setViewed] = useState<PlaceImage | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);

  const confirmDelete = () => {
    if (!viewed) return;
    deleteImage.mutate(viewed.id, {
      onSuccess: () => {
        toast.success(t('places.toasts.deleted', { item: t('places.images.deletedItem') }));
        setIsConfirming(false);
        setViewed(null);
      },
      onError: (error) => toast.error(errorMessageOf(error, t('places.toasts.deleteError'))),
    });
  };

  if (images.isPending) return <LoadingState label={t('common.loading')} />;
  if (images.isError) return <Alert tone="error">{t('places.detail.galleryError')}</Alert>;
  if (images.data.length === 0) {
    return <p className="text-sm text-slate-600">{t('places.detail.galleryEmpty')}</p>;
  }
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {images.data.map((image, index) => (
          <li key={image.id}>
            <button
              type="button"
              onClick={() => setViewed(image)}
              aria-label={t('places.images.open', { index: index + 1, name: placeName })}
              className="block aspect-[3/2] w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <img
                src={image.thumbnailUrl}
                alt={image.description ?? ''}
                loading="lazy"
                className="size-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog
        isOpen={viewed !== null && !isConfirming}
        onClose={() => setViewed(null)}
        title={t('places.images.viewerTitle', { name: placeName })}
        description={viewed?.description ?? undefined}
        closeLabel={t('places.images.close')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setViewed(null)}>
              {t('places.images.close')}
            </Button>
            {canDelete && (
              <Button variant="danger" onClick={() => setIsConfirming(true)}>
                {t('places.images.delete')}
              </Button>
            )}
          </>
        }
      >
        {viewed && (
          <img
            src={viewed.imageUrl}
            alt={viewed.description ?? t('places.images.photoAlt', { name: placeName })}
            className="max-h-[60vh] w-full rounded-lg object-contain"
          />
        )}
      </Dialog>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t('places.confirmDelete.title')}
        message={t('places.confirmDelete.message')}
        confirmLabel={t('places.confirmDelete.confirm')}
        cancelLabel={t('places.confirmDelete.cancel')}
        isPending={deleteImage.isPending}
        onConfirm={confirmDelete}
        onClose={() => setIsConfirming(false)}
      />
    </>
  );
}
