import type { AssociateImportReport } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FileInput } from '@/components/ui/file-input';
import { errorMessageOf } from '@/lib/errors';
import { useImportAssociates } from '../api/import-associates';

type ImportAssociatesDialogProps = { companyId: string; isOpen: boolean; onClose: () => void };

/** Choose a CSV → see the per-line report of a dry run → confirm the import. */
export function ImportAssociatesDialog({
  companyId,
  isOpen,
  onClose,
}: ImportAssociatesDialogProps) {
  const { t } = useTranslation();
  const mutation = useImportAssociates(companyId);
  const [file, setFile] = useState<File | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [report, setReport] = useState<AssociateImportReport | null>(null);

  const close = () => {
    setFile(null);
    setReport(null);
    setSkipInvalid(false);
    onClose();
  };
  const run = (dryRun: boolean) => {
    if (!file) return;
    mutation.mutate(
      { companyId, file, dryRun, skipInvalid },
      {
        onSuccess: (result) => {
          setReport(result);
          if (result.applied) {
            toast.success(t('associates.import.success', result));
            close();
          }
        },
        onError: (error) => {
          toast.error(errorMessageOf(error, t('associates.import.error')));
        },
      },
    );
  };
  const canConfirm = report !== null && (report.rejected === 0 || skipInvalid);

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('associates.import.title')}
      description={t('associates.import.description')}
      closeLabel={t('common.close')}
    >
      <div className="space-y-4">
        <a
          href="/modelo-associados.csv"
          download
          className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        >
          {t('associates.import.template')}
        </a>
        <FormField label={t('associates.import.file')}>
          {(control) => (
            <FileInput
              control={control}
              accept=".csv,text/csv"
              file={file}
              onChange={(next) => {
                setFile(next);
                setReport(null);
              }}
            />
          )}
        </FormField>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={skipInvalid}
            onChange={(event) => setSkipInvalid(event.target.checked)}
          />
          {t('associates.import.skipInvalid')}
        </label>
        {report && (
          <div className="space-y-3" aria-live="polite">
            <Alert tone={report.rejected > 0 ? 'error' : 'info'}>
              {t('associates.import.summary', report)}
            </Alert>
            {report.errors.length > 0 && (
              <div>
                <h3 className="text-sm font-semibold text-slate-800">
                  {t('associates.import.rejectedLines')}
                </h3>
                <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm text-slate-700">
                  {report.errors.map((error) => (
                    <li key={`${error.line}-${error.reason}`}>
                      <span className="font-medium">
                        {t('associates.import.line', { line: error.line })}
                      </span>
                      : {error.reason}
                    </li>
                  ))}
                </ul>
                {report.errorsTruncated && (
                  <p className="mt-1 text-sm text-slate-600">{t('associates.import.moreErrors')}</p>
                )}
              </div>
            )}
            {report.changes.length > 0 && (
              <div>
                <h3 className="text-sm font-semibold text-slate-800">
                  {t('associates.import.changedMembers')}
                </h3>
                <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto text-sm text-slate-700">
                  {report.changes.map((change) => (
                    <li key={change.line}>
                      <span className="font-medium">
                        {t('associates.import.changedMember', change)}
                      </span>
                      :{' '}
                      {change.fields
                        .map((field) => t(`associates.import.fields.${field}`))
                        .join(', ')}
                    </li>
                  ))}
                </ul>
                {report.changesTruncated && (
                  <p className="mt-1 text-sm text-slate-600">
                    {t('associates.import.moreChanges')}
                  </p>
                )}
              </div>
            )}
            {!canConfirm && (
              <p className="text-sm text-slate-600">{t('associates.import.nothingToImport')}</p>
            )}
          </div>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close}>
            {t('associates.import.cancel')}
          </Button>
          {report && canConfirm ? (
            <Button isLoading={mutation.isPending} onClick={() => run(false)}>
              {t('associates.import.confirm')}
            </Button>
          ) : (
            <Button disabled={!file} isLoading={mutation.isPending} onClick={() => run(true)}>
              {t('associates.import.validate')}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
