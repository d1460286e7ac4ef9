import { checkInByCodeBodySchema, type Appointment } from '@clube/shared';
import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { formatTime } from '@/lib/dates';
import { errorMessageOf } from '@/lib/errors';
import { importOrReload } from '@/lib/import-or-reload';
import { useCheckInByCode } from '../api/check-in-by-code';

/** The camera and its QR reader load only when the front desk opens them. */
const QrScanner = lazy(async () => ({
  default: (await importOrReload(() => import('./qr-scanner'))).QrScanner,
}));

/** Whether this browser may open a camera at all (a secure page with media devices). */
const canScan = () =>
  typeof navigator !== 'undefined' && Boolean(navigator.mediaDevices?.getUserMedia);

type CheckInByCodeDialogProps = {
  companyId: string;
  timezone: string;
  onClose: () => void;
};

/**
 * Front desk: checks a member in by the code of their booking, typed or read from the QR code on
 * their phone with the tablet's camera — the day sheet's one check-in, same rules. Stays open for
 * the next member, saying who was let in.
 */
export function CheckInByCodeDialog({ companyId, timezone, onClose }: CheckInByCodeDialogProps) {
  const { t } = useTranslation();
  const checkIn = useCheckInByCode(companyId);
  const [code, setCode] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  const [isScanning, setIsScanning] = useState(false);
  const [done, setDone] = useState<Appointment | null>(null);

  const submit = (value: string) => {
    const parsed = checkInByCodeBodySchema.shape.code.safeParse(value);
    if (!parsed.success) {
      setFormatError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setFormatError(null);
    setIsScanning(false);
    checkIn.mutate(value, {
      onSuccess: (appointment) => {
        setDone(appointment);
        setCode('');
      },
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(code);
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t('scheduling.checkInByCode.title')}
      closeLabel={t('scheduling.checkInByCode.close')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('scheduling.checkInByCode.close')}
        </Button>
      }
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-slate-700">{t('scheduling.checkInByCode.help')}</p>
        {done && !checkIn.isError && (
          <Alert>
            {t('scheduling.checkInByCode.done', {
              name: done.associate.name,
              place: done.placeName,
              time: formatTime(done.startsAt, timezone),
            })}
          </Alert>
        )}
        {checkIn.isError && (
          <Alert tone="error">
            {errorMessageOf(checkIn.error, t('scheduling.checkInByCode.failed'))}
          </Alert>
        )}
        <FormField
          label={t('scheduling.checkInByCode.code')}
          hint={t('scheduling.checkInByCode.codeHint')}
          error={formatError ?? undefined}
        >
          {(control) => (
            <input
              {...control}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className={`${inputStyles(Boolean(formatError))} font-mono uppercase tracking-wider`}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={checkIn.isPending}>
            {t('scheduling.checkInByCode.submit')}
          </Button>
          {canScan() && (
            <Button variant="secondary" onClick={() => setIsScanning(!isScanning)}>
              {isScanning
                ? t('scheduling.checkInByCode.stopCamera')
                : t('scheduling.checkInByCode.camera')}
            </Button>
          )}
        </div>
        {isScanning && (
          <Suspense fallback={<Spinner />}>
            <QrScanner
              onCode={(scanned) => {
                setCode(scanned);
                submit(scanned);
              }}
            />
          </Suspense>
        )}
      </form>
    </Dialog>
  );
}
