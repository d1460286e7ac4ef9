import { cardIdMaxLength, type AssociateImportReport } from '@clube/shared';
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

/**
 * A copy in memory of a picked file: what was validated is what gets imported, and the browser
 * never refuses to send a file that changed on disk after it was picked (ERR_UPLOAD_FILE_CHANGED).
 */
async function readPickedFile(file: File): Promise<File> {
  return new File([await file.arrayBuffer()], file.name, { type: file.type || 'text/csv' });
}

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
  const [isUnreadable, setIsUnreadable] = useState(false);

  const close = () => {
    setFile(null);
    setReport(null);
    setSkipInvalid(false);
    setIsUnreadable(false);
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
        <ImportColumns />
        <p className="text-sm text-slate-700">
          <a
            href="/modelo-associados.csv"
            download
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
          >
            {t('associates.import.template')}
          </a>{' '}
          {t('associates.import.templateHint')}
        </p>
        <FormField
          label={t('associates.import.file')}
          error={isUnreadable ? t('associates.import.unreadable') : undefined}
        >
          {(control) => (
            <FileInput
              control={control}
              accept=".csv,text/csv"
              file={file}
              onChange={(next) => {
                setFile(null);
                setReport(null);
                setIsUnreadable(false);
                mutation.reset();
                if (!next) return;
                readPickedFile(next).then(setFile, () => setIsUnreadable(true));
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

const importColumns = [
  { name: 'cpf', isOptional: false },
  { name: 'nome', isOptional: false },
  { name: 'nascimento', isOptional: false },
  { name: 'carteirinha', isOptional: false },
  { name: 'titulo', isOptional: false },
  { name: 'titular', isOptional: false },
  { name: 'email', isOptional: true },
  { name: 'bloqueado', isOptional: true },
] as const;

/** Each column of the file and the format the import takes (the rules it checks). */
function ImportColumns() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="import-columns-title">
      <h3 id="import-columns-title" className="text-sm font-semibold text-slate-800">
        {t('associates.import.columnsTitle')}
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
        {importColumns.map((column) => (
          <div key={column.name} className="contents">
            <dt className="font-mono font-medium text-slate-900">
              {column.name}
              {column.isOptional && (
                <span className="block font-sans text-xs font-normal text-slate-600">
                  {t('associates.import.optional')}
                </span>
              )}
            </dt>
            <dd className="text-slate-700">
              {t(`associates.import.columns.${column.name}`, { max: cardIdMaxLength })}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
