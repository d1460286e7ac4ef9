import { daysOfWeek } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PermissionNote } from '@/components/permission-note';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentCompany } from '@/lib/current-company';
import { errorMessageOf } from '@/lib/errors';
import { useCan } from '@/lib/permissions';
import { useOperatingHours } from '@/lib/api/get-operating-hours';
import { useCopyHoursToAllDays } from '../api/save-operating-hour';
import { DayCard } from '../components/day-card';

export function OperatingHoursPage() {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const hours = useOperatingHours(company.id);
  const canWrite = useCan('operating-hours.write');
  const copy = useCopyHoursToAllDays(company.id);

  return (
    <>
      <PageHeader title={t('operatingHours.title')} description={t('operatingHours.description')} />
      <PermissionNote permission="operating-hours.write" />
      {hours.isPending && (
        <div className="flex justify-center py-12">
          <Spinner className="size-8 text-brand-700" />
        </div>
      )}
      {hours.isError && (
        <Alert tone="error">
          <p>{t('operatingHours.loadError')}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => hours.refetch()}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {hours.isSuccess && (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {daysOfWeek.map((dayOfWeek) => {
            const operatingHour = hours.data.find((hour) => hour.dayOfWeek === dayOfWeek);
            return (
              <DayCard
                key={dayOfWeek}
                companyId={company.id}
                dayOfWeek={dayOfWeek}
                operatingHour={operatingHour}
                canWrite={canWrite}
                isCopying={copy.isPending && copy.variables.source.dayOfWeek === dayOfWeek}
                onCopyToAll={
                  operatingHour &&
                  (() =>
                    copy.mutate(
                      { source: operatingHour, week: hours.data },
                      {
                        onSuccess: () => toast.success(t('operatingHours.copied')),
                        onError: (error) =>
                          toast.error(errorMessageOf(error, t('operatingHours.copyError'))),
                      },
                    ))
                }
              />
            );
          })}
        </div>
      )}
    </>
  );
}
