import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentCompany } from '@/lib/current-company';
import { errorMessageOf } from '@/lib/errors';
import {
  saveSpecialDay,
  useNationalHolidays,
  useRefreshAfterSpecialDay,
} from '../api/special-days';
import { formatClubDate } from './special-day-text';

type HolidaysDialogProps = { isOpen: boolean; onClose: () => void; year: number };

/**
 * Importar feriados nacionais: Brazil's national holidays of the year, those not added yet to
 * pick; each picked one is added as a club-wide closure. One that would hit bookings is left out
 * and named, to be added through the special day's own dialog (which lists the bookings).
 */
export function HolidaysDialog({ isOpen, onClose, year }: HolidaysDialogProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const holidays = useNationalHolidays(company.id, year, isOpen);
  const refresh = useRefreshAfterSpecialDay(company.id);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [isSaving, setIsSaving] = useState(false);
  useEffect(() => {
    if (isOpen) setPicked(new Set());
  }, [isOpen, year]);

  const open = (holidays.data ?? []).filter((holiday) => !holiday.added);
  const toggle = (date: string) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(date)) next.delete(date);
      else next.add(date);
      return next;
    });

  const submit = async () => {
    setIsSaving(true);
    const failed: Array<{ name: string; error: unknown }> = [];
    let added = 0;
    for (const holiday of open.filter((item) => picked.has(item.date))) {
      try {
        await saveSpecialDay({ companyId: company.id, date: holiday.date, name: holiday.name }, []);
        added += 1;
      } catch (error) {
        failed.push({ name: holiday.name, error });
      }
    }
    setIsSaving(false);
    await refresh();
    if (added > 0) toast.success(t('specialDays.holidays.done', { count: added }));
    if (failed.length > 0)
      toast.error(
        t('specialDays.holidays.partial', {
          names: failed.map((item) => item.name).join(', '),
          // The error's sentence without its full stop: the toast's own ends it.
          reason: errorMessageOf(failed[0]!.error, t('specialDays.form.error')).replace(/\.$/, ''),
        }),
      );
    else onClose();
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('specialDays.holidays.title', { year: String(year) })}
      description={t('specialDays.holidays.description')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('specialDays.form.cancel')}
          </Button>
          <Button onClick={submit} isLoading={isSaving} disabled={picked.size === 0}>
            {picked.size === 0
              ? t('specialDays.holidays.submitNone')
              : t('specialDays.holidays.submit', { count: picked.size })}
          </Button>
        </>
      }
    >
      {holidays.isPending && (
        <div className="flex justify-center py-8">
          <Spinner className="size-6 text-brand-700" />
        </div>
      )}
      {holidays.isError && <Alert tone="error">{t('specialDays.holidays.loadError')}</Alert>}
      {holidays.isSuccess && (
        <div className="space-y-3">
          {open.length === 0 ? (
            <p className="text-sm text-slate-700">{t('specialDays.holidays.none')}</p>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setPicked(new Set(open.map((holiday) => holiday.date)))}
            >
              {t('specialDays.holidays.selectAll')}
            </Button>
          )}
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {holidays.data.map((holiday) => (
              <li key={holiday.date}>
                <label className="flex items-center gap-3 px-3 py-2 text-sm">
                  <input
                    type="checkbox"
                    className="size-4"
                    checked={holiday.added || picked.has(holiday.date)}
                    disabled={holiday.added}
                    onChange={() => toggle(holiday.date)}
                  />
                  <span className="w-24 shrink-0 tabular-nums text-slate-700">
                    {formatClubDate(holiday.date)}
                  </span>
                  <span className="flex-1 font-medium text-slate-900">{holiday.name}</span>
                  {holiday.added && (
                    <span className="text-xs text-slate-600">
                      {t('specialDays.holidays.added')}
                    </span>
                  )}
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Dialog>
  );
}
