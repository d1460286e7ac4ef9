import { acceptedImageTypes } from '@clube/shared';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { FileInput } from '@/components/ui/file-input';
import { errorKeyOf, errorMessageOf } from '@/lib/errors';
import { useUploadPlaceImage } from '../api/upload-place-image';

type UploadPlaceImageDialogProps = {
  companyId: string;
  placeId: string;
  isOpen: boolean;
  onClose: () => void;
};

export function UploadPlaceImageDialog({
  companyId,
  placeId,
  isOpen,
  onClose,
}: UploadPlaceImageDialogProps) {
  const { t } = useTranslation();
  const upload = useUploadPlaceImage(companyId);
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!file) return setPreviewUrl(null);
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const close = () => {
    setFile(null);
    setDescription('');
    onClose();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(
      { placeId, image: file, description },
      {
        onSuccess: () => {
          toast.success(t('places.images.added'));
          close();
        },
        onError: (error) => {
          const reason = errorKeyOf(error) ? ` ${errorMessageOf(error, '')}` : '';
          toast.error(`${t('places.images.addError')}${reason}`);
        },
      },
    );
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('places.images.uploadTitle')}
      closeLabel={t('common.close')}
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <FormField label={t('places.images.file')} hint={t('places.images.hint')}>
          {(control) => (
            <FileInput
              control={control}
              accept={acceptedImageTypes.join(',')}
              file={file}
              onChange={setFile}
            />
          )}
        </FormField>
        {previewUrl && (
          <img
            src={previewUrl}
            alt={t('places.images.previewAlt')}
            className="max-h-60 w-full rounded-lg border border-slate-200 object-contain"
          />
        )}
        <Input
          label={t('places.images.descriptionLabel')}
          value={description}
          maxLength={500}
          onChange={(event) => setDescription(event.currentTarget.value)}
        />
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={upload.isPending}>
            {t('places.images.cancel')}
          </Button>
          <Button type="submit" disabled={!file} isLoading={upload.isPending}>
            {t('places.images.send')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
