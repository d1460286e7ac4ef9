import {
  operatingHourFormSchema,
  type DayOfWeek,
  type OperatingHour,
  type OperatingHourForm,
} from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { errorMessageOf } from '@/lib/errors';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TimeInput } from '@/components/ui/time-input';
import { isApiError } from '@/lib/api-client';
import { useSaveOperatingHour } from '../api/save-operating-hour';

type DayCardProps = {
  companyId: string;
  dayOfWeek: DayOfWeek;
  /** The weekday's saved hours; none yet means the card creates them. */
  operatingHour: OperatingHour | undefined;
  /** A role that may not change the hours sees them read-only, without the save button. */
  canWrite: boolean;
  /** Copiar para todos os dias: these saved hours on every other weekday. */
  onCopyToAll?: () => void;
  isCopying?: boolean;
};

type ServerFieldError = { path?: string; message?: string };

/** One weekday: creates its hours the first time, updates them afterwards. */
export function DayCard({
  companyId,
  dayOfWeek,
  operatingHour,
  canWrite,
  onCopyToAll,
  isCopying = false,
}: DayCardProps) {
  const { t } = useTranslation();
  const mode = operatingHour ? 'update' : 'create';
  const save = useSaveOperatingHour(companyId, mode);
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<OperatingHourForm>({
    resolver: zodResolver(operatingHourFormSchema),
    defaultValues: {
      openTime: operatingHour?.openTime ?? '',
      closeTime: operatingHour?.closeTime ?? '',
    },
  });

  useEffect(() => {
    reset({ openTime: operatingHour?.openTime ?? '', closeTime: operatingHour?.closeTime ?? '' });
  }, [operatingHour?.openTime, operatingHour?.closeTime, reset]);

  const onSubmit = handleSubmit((values) => {
    save.mutate(
      { ...values, dayOfWeek, companyId },
      {
        onSuccess: () => {
          toast.success(t(mode === 'create' ? 'operatingHours.created' : 'operatingHours.updated'));
        },
        onError: (error) => {
          const details = isApiError(error)
            ? ((error.data as { details?: ServerFieldError[] } | null)?.details ?? [])
            : [];
          for (const detail of Array.isArray(details) ? details : []) {
            if (detail.path === 'openTime' || detail.path === 'closeTime') {
              setError(detail.path, { message: detail.message });
            }
          }
          toast.error(
            errorMessageOf(
              error,
              t(mode === 'create' ? 'operatingHours.createError' : 'operatingHours.updateError'),
            ),
          );
        },
      },
    );
  });

  const dayName = t(`operatingHours.days.${dayOfWeek}`);
  return (
    <Card className="p-5">
      <form onSubmit={onSubmit} noValidate aria-label={dayName} className="flex h-full flex-col">
        <div className="mb-4 flex items-center justify-between gap-2">
          <h2 className="text-lg font-semibold text-slate-900">{dayName}</h2>
          {!operatingHour && (
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
              {t('operatingHours.closed')}
            </span>
          )}
        </div>
        <div className="grid grid-cols-2 gap-3">
          <Controller
            name="openTime"
            control={control}
            render={({ field }) => (
              <TimeInput
                label={t('operatingHours.openTime')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                readOnly={!canWrite}
                error={errors.openTime?.message}
              />
            )}
          />
          <Controller
            name="closeTime"
            control={control}
            render={({ field }) => (
              <TimeInput
                label={t('operatingHours.closeTime')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
                readOnly={!canWrite}
                error={errors.closeTime?.message}
              />
            )}
          />
        </div>
        {canWrite && (
          <div className="mt-4 flex flex-col gap-2">
            {/* Copies what is saved, so only while nothing unsaved is on the card. */}
            {operatingHour && onCopyToAll && !isDirty && (
              <Button
                type="button"
                variant="secondary"
                onClick={onCopyToAll}
                isLoading={isCopying}
                aria-label={t('operatingHours.copyToAllOf', { day: dayName })}
              >
                {t('operatingHours.copyToAll')}
              </Button>
            )}
            <Button
              type="submit"
              variant={isDirty || !operatingHour ? 'primary' : 'secondary'}
              isLoading={save.isPending}
            >
              {t(operatingHour ? 'operatingHours.update' : 'operatingHours.create')}
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
