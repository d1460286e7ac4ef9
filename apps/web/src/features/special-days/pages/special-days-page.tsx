import type { SpecialDay } from '@clube/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PermissionNote } from '@/components/permission-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { clubToday } from '@clube/shared';
import { useCurrentCompany } from '@/lib/current-company';
import { errorMessageOf } from '@/lib/errors';
import { useCan } from '@/lib/permissions';
import { useDeleteSpecialDay, useSpecialDays } from '../api/special-days';
import { HolidaysDialog } from '../components/holidays-dialog';
import { SpecialDayDialog } from '../components/special-day-dialog';
import { SpecialDayList } from '../components/special-day-list';
import { formatClubDate } from '../components/special-day-text';

/**
 * Feriados e dias especiais: the year's closures and short hours of the club, a category or a
 * place. Administrators add, edit, remove and import Brazil's national holidays; other roles read.
 */
export function SpecialDaysPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const canWrite = useCan('operating-hours.write');
  const [year, setYear] = useState(() => Number(clubToday(company.timezone).slice(0, 4)));
  const days = useSpecialDays(company.id, year);
  const removal = useDeleteSpecialDay(company.id);
  const [editing, setEditing] = useState<SpecialDay | null | undefined>(undefined);
  const [removing, setRemoving] = useState<SpecialDay | null>(null);
  const [importing, setImporting] = useState(false);

  const remove = () => {
    if (!removing) return;
    removal.mutate(removing.id, {
      onSuccess: () => {
        toast.success(t('specialDays.removed'));
        setRemoving(null);
      },
      onError: (error) => toast.error(errorMessageOf(error, t('specialDays.removeError'))),
    });
  };

  return (
    <>
      <PageHeader title={t('specialDays.title')} description={t('specialDays.description')} />
      <PermissionNote permission="operating-hours.write" />
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2" role="group" aria-label={t('specialDays.year')}>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setYear(year - 1)}
            aria-label={t('specialDays.previousYear')}
          >
            <ChevronLeftIcon className="size-4" />
          </Button>
          <span
            className="min-w-16 text-center text-lg font-semibold tabular-nums"
            aria-live="polite"
          >
            {year}
          </span>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setYear(year + 1)}
            aria-label={t('specialDays.nextYear')}
          >
            <ChevronRightIcon className="size-4" />
          </Button>
        </div>
        {canWrite && (
          <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button variant="secondary" onClick={() => setImporting(true)}>
              {t('specialDays.importHolidays', { year: String(year) })}
            </Button>
            <Button onClick={() => setEditing(null)}>{t('specialDays.add')}</Button>
          </div>
        )}
      </div>
      {days.isPending && (
        <div className="flex justify-center py-12">
          <Spinner className="size-8 text-brand-700" />
        </div>
      )}
      {days.isError && (
        <Alert tone="error">
          <p>{t('specialDays.loadError')}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => days.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {days.isSuccess &&
        (days.data.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-slate-700">
            {t('specialDays.empty', { year: String(year) })}
          </p>
        ) : (
          <SpecialDayList
            days={days.data}
            {...(canWrite ? { onEdit: setEditing, onDelete: setRemoving } : {})}
          />
        ))}
      {canWrite && (
        <>
          <SpecialDayDialog
            isOpen={editing !== undefined}
            day={editing ?? null}
            onClose={() => setEditing(undefined)}
          />
          <HolidaysDialog isOpen={importing} onClose={() => setImporting(false)} year={year} />
          <ConfirmDialog
            isOpen={removing !== null}
            title={t('specialDays.removeTitle')}
            message={t('specialDays.removeMessage', {
              name: removing?.name ?? '',
              date: removing ? formatClubDate(removing.date) : '',
            })}
            confirmLabel={t('specialDays.remove')}
            cancelLabel={t('specialDays.form.cancel')}
            isPending={removal.isPending}
            onConfirm={remove}
            onClose={() => setRemoving(null)}
          />
        </>
      )}
    </>
  );
}
