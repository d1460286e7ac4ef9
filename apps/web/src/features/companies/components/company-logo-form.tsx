import { acceptedImageTypes, type Company } from '@clube/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { CompanyLogo } from '@/components/company-logo';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormField } from '@/components/ui/form-field';
import { FileInput } from '@/components/ui/file-input';
import { errorMessageOf } from '@/lib/errors';
import { useRemoveCompanyLogo } from '../api/remove-company-logo';
import { useUploadCompanyLogo } from '../api/upload-company-logo';

type CompanyLogoFormProps = { company: Company };

/** Uploads a new club logo (with a preview first) or removes it, back to the default crest. */
export function CompanyLogoForm({ company }: CompanyLogoFormProps) {
  const { t } = useTranslation();
  const upload = useUploadCompanyLogo(company.id);
  const remove = useRemoveCompanyLogo(company.id);
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [isConfirmingRemoval, setIsConfirmingRemoval] = useState(false);

  useEffect(() => {
    if (!file) return setPreviewUrl(null);
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(file, {
      onSuccess: () => {
        clearFile();
        toast.success(t('companies.settings.logoSaved'));
      },
      onError: (error) => {
        toast.error(errorMessageOf(error, t('companies.settings.logoSaveError')));
      },
    });
  };

  const onRemove = () => {
    remove.mutate(undefined, {
      onSuccess: () => {
        setIsConfirmingRemoval(false);
        toast.success(t('companies.settings.logoRemoved'));
      },
      onError: (error) => {
        toast.error(errorMessageOf(error, t('companies.settings.logoRemoveError')));
      },
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      aria-label={t('companies.settings.logo')}
      className="flex flex-col gap-6 p-6 sm:flex-row sm:items-start"
    >
      <div className="shrink-0">
        {previewUrl ? (
          <img
            src={previewUrl}
            alt={t('companies.settings.logoPreviewAlt')}
            className="size-24 rounded-lg border border-slate-200 bg-white object-contain p-2"
          />
        ) : (
          <CompanyLogo
            logoUrl={company.logoUrl}
            alt={t('common.logoAlt', { name: company.name })}
            className="size-24 rounded-lg border border-slate-200 bg-white p-2"
          />
        )}
      </div>
      <div className="min-w-0 flex-1 space-y-4">
        <FormField label={t('companies.settings.logoFile')} hint={t('companies.settings.logoHint')}>
          {(control) => (
            <FileInput
              control={control}
              ref={fileInput}
              accept={acceptedImageTypes.join(',')}
              file={file}
              onChange={setFile}
            />
          )}
        </FormField>
        <div className="flex flex-wrap justify-end gap-2">
          {company.logoUrl && !file && (
            <Button variant="secondary" onClick={() => setIsConfirmingRemoval(true)}>
              {t('companies.settings.removeLogo')}
            </Button>
          )}
          {file && (
            <Button variant="secondary" onClick={clearFile} disabled={upload.isPending}>
              {t('companies.settings.cancelLogo')}
            </Button>
          )}
          <Button type="submit" disabled={!file} isLoading={upload.isPending}>
            {t('companies.settings.uploadLogo')}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        isOpen={isConfirmingRemoval}
        title={t('companies.settings.removeLogo')}
        message={t('companies.settings.removeLogoConfirm')}
        confirmLabel={t('companies.settings.removeLogoConfirmButton')}
        cancelLabel={t('companies.settings.cancelLogo')}
        isPending={remove.isPending}
        onConfirm={onRemove}
        onClose={() => setIsConfirmingRemoval(false)}
      />
    </form>
  );
}
