import { blockReasonRequiredMessage, type BlockConflict } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateTimeInput } from '@/components/ui/date-time-input';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api-client';
import { useCurrentCompany } from '@/lib/current-company';
import { formatDateTime, formatTime } from '@/lib/dates';
import { errorMessageOf } from '@/lib/error-messages';
import { i18n } from '@/lib/i18n';
import { useCreateBulkBlocks } from '../api/create-bulk-blocks';
import { useCompanyPlaces } from '../api/get-company-places';
import { fromLocalInputValue } from '../utils/club-date-time';

const bulkBlockFormSchema = z
  .object({
    placeIds: z.array(z.string()).min(1, i18n.t('blockedTimes.bulk.placesRequired')),
    description: z.string().trim().min(1, blockReasonRequiredMessage),
    start: z.string().min(1, i18n.t('blockedTimes.bulk.startRequired')),
    end: z.string().min(1, i18n.t('blockedTimes.bulk.endRequired')),
    repeatWeekly: z.boolean(),
    until: z.string(),
  })
  .refine((form) => !form.start || !form.end || form.start < form.end, {
    path: ['end'],
    message: i18n.t('blockedTimes.bulk.startBeforeEnd'),
  })
  .refine((form) => !form.repeatWeekly || form.until.length > 0, {
    path: ['until'],
    message: i18n.t('blockedTimes.bulk.untilRequired'),
  });
type BulkBlockForm = z.infer<typeof bulkBlockFormSchema>;

type BulkBlockDialogProps = { isOpen: boolean; onClose: () => void };

/** Blocks the same period in several places with one request, optionally every week. */
export function BulkBlockDialog({ isOpen, onClose }: BulkBlockDialogProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const timezone = company.timezone;
  const places = useCompanyPlaces(company.id);
  const creation = useCreateBulkBlocks(company.id);
  const [conflicts, setConflicts] = useState<BlockConflict[]>([]);
  const {
    register,
    control,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm<BulkBlockForm>({
    resolver: zodResolver(bulkBlockFormSchema),
    defaultValues: {
      placeIds: [],
      description: '',
      start: '',
      end: '',
      repeatWeekly: false,
      until: '',
    },
  });
  const isWeekly = watch('repeatWeekly');

  const close = () => {
    setConflicts([]);
    reset();
    onClose();
  };

  const submit = (cancelConflicting: boolean) =>
    handleSubmit((form) => {
      creation.mutate(
        {
          placeIds: form.placeIds,
          description: form.description,
          startAt: fromLocalInputValue(form.start, timezone)!,
          endsAt: fromLocalInputValue(form.end, timezone)!,
          cancelConflicting,
          recurrence: form.repeatWeekly ? { weekly: true, until: form.until } : undefined,
        },
        {
          onSuccess: () => {
            toast.success(t('blockedTimes.bulk.success'));
            close();
          },
          onError: (error) => {
            const details = isApiError(error)
              ? (error.data as { details?: { appointments?: BlockConflict[] } } | null)?.details
              : undefined;
            if (isApiError(error) && error.code === 'BlockConflictsWithAppointments') {
              setConflicts(details?.appointments ?? []);
              return;
            }
            toast.error(errorMessageOf(error, t('blockedTimes.bulk.error')));
          },
        },
      );
    });

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('blockedTimes.bulk.title')}
      description={t('blockedTimes.bulk.description')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            {t('blockedTimes.bulk.cancel')}
          </Button>
          {conflicts.length > 0 ? (
            <Button variant="danger" onClick={submit(true)} isLoading={creation.isPending}>
              {t('blockedTimes.bulk.confirmCancel')}
            </Button>
          ) : (
            <Button onClick={submit(false)} isLoading={creation.isPending}>
              {t('blockedTimes.bulk.submit')}
            </Button>
          )}
        </>
      }
    >
      <form onSubmit={submit(false)} noValidate className="space-y-4">
        <fieldset>
          <legend className="mb-1.5 text-sm font-medium text-slate-800">
            {t('blockedTimes.bulk.places')}
          </legend>
          {places.isError && <Alert tone="error">{t('blockedTimes.bulk.placesError')}</Alert>}
          <div className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2">
            {places.data?.map((place) => (
              <label
                key={place.id}
                className="flex items-center gap-2 rounded p-1.5 text-sm hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  value={place.id}
                  {...register('placeIds')}
                  className="size-4"
                />
                {place.name}
              </label>
            ))}
          </div>
          {errors.placeIds && (
            <p className="mt-1.5 text-sm font-medium text-red-700">{errors.placeIds.message}</p>
          )}
        </fieldset>
        <Input
          label={t('blockedTimes.bulk.reason')}
          error={errors.description?.message}
          {...register('description')}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Controller
            control={control}
            name="start"
            render={({ field }) => (
              <DateTimeInput
                label={t('blockedTimes.bulk.start')}
                error={errors.start?.message}
                {...field}
              />
            )}
          />
          <Controller
            control={control}
            name="end"
            render={({ field }) => (
              <DateTimeInput
                label={t('blockedTimes.bulk.end')}
                error={errors.end?.message}
                {...field}
              />
            )}
          />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" {...register('repeatWeekly')} className="size-4" />
          {t('blockedTimes.bulk.repeatWeekly')}
        </label>
        {isWeekly && (
          <Controller
            control={control}
            name="until"
            render={({ field }) => (
              <DateTimeInput
                label={t('blockedTimes.bulk.until')}
                withTime={false}
                error={errors.until?.message}
                {...field}
              />
            )}
          />
        )}
        {conflicts.length > 0 && (
          <Alert tone="error">
            <p className="font-medium">{t('blockedTimes.bulk.conflictTitle')}</p>
            <ul className="mt-1 list-disc pl-4">
              {conflicts.map((conflict) => (
                <li key={conflict.id}>
                  {t('blockedTimes.bulk.conflictItem', {
                    place: conflict.placeName,
                    start: formatDateTime(conflict.startsAt, timezone),
                    end: formatTime(conflict.endsAt, timezone),
                    associate: conflict.associateName,
                  })}
                </li>
              ))}
            </ul>
          </Alert>
        )}
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </form>
    </Dialog>
  );
}
