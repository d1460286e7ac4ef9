import { checkInCodeOf } from '@clube/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { importOrReload } from '@/lib/import-or-reload';

/** The QR encoder loads when a member first opens a pass, not with the bookings list. */
const CheckInQr = lazy(async () => ({
  default: (await importOrReload(() => import('./check-in-qr'))).CheckInQr,
}));

/**
 * A booking's entry pass: its short code, always shown (the front desk may type it), and on
 * demand its QR code, which the front desk's tablet scans to check the member in.
 */
export function CheckInPass({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const code = checkInCodeOf(bookingId);
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3">
      <p className="text-sm text-slate-700">
        {t('portal.bookings.pass.code')}{' '}
        <span className="font-mono text-base font-semibold tracking-wider text-slate-900">
          {code}
        </span>
      </p>
      <Button
        variant="secondary"
        className="mt-2"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen(!isOpen)}
      >
        {isOpen ? t('portal.bookings.pass.hide') : t('portal.bookings.pass.show')}
      </Button>
      <div id={panelId} hidden={!isOpen} className="mt-3">
        {isOpen && (
          <Suspense fallback={<Spinner />}>
            <CheckInQr text={code} label={t('portal.bookings.pass.qrLabel', { code })} />
            <p className="mt-2 text-sm text-slate-600">{t('portal.bookings.pass.help')}</p>
          </Suspense>
        )}
      </div>
    </div>
  );
}
