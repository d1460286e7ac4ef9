import { blockReasonRequiredMessage, type BulkBlockBody, type CreatedBlocks } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { DateTimeField } from '@/components/ui/date-time-field';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useCurrentCompany } from '@/lib/current-company';
import { errorMessageOf } from '@/lib/errors';
import { i18n } from '@/lib/i18n';
import { useCreateBlocks } from '../api/create-bulk-blocks';
import { useCompanyPlaces } from '@/lib/api/get-company-places';
import { fromLocalInputValue } from '../utils/club-date-time';
import { BlockImpactFooter, BlockImpactStep, useBlockImpactFlow } from '@/components/block-impact';

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

type BulkBlockDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** A place's own page blocks that place only: no place to choose. */
  place?: { id: string; name: string };
  /** What was created, so the page can show it. */
  onCreated?: (result: CreatedBlocks) => void;
};

/**
 * Blocks the same period in several places (or in one given place) with one request, optionally
 * every week. Bookings in the way are listed first, each to keep, cancel or move; then the dialog
 * says what was done.
 */
export function BulkBlockDialog({ isOpen, onClose, place, onCreated }: BulkBlockDialogProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const timezone = company.timezone;
  const places = useCompanyPlaces(company.id);
  const creation = useCreateBlocks(company.id);
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
      placeIds: place ? [place.id] : [],
      description: '',
      start: '',
      end: '',
      repeatWeekly: false,
      until: '',
    },
  });
  const isWeekly = watch('repeatWeekly');
  const flow = useBlockImpactFlow<BulkBlockBody>(
    (body, resolutions) => creation.mutateAsync({ ...body, resolutions, single: !!place }),
    (result: CreatedBlocks) => {
      toast.success(
        place && result.kept.length + result.cancelled.length + result.moved.length === 0
          ? t('scheduling.block.created')
          : t('blockedTimes.bulk.success'),
      );
      onCreated?.(result);
    },
  );

  const close = () => {
    flow.reset();
    reset();
    onClose();
  };

  const onFailure = (error: unknown) =>
    toast.error(errorMessageOf(error, t('blockedTimes.bulk.error')));

  const submit = handleSubmit(async (form) => {
    try {
      const outcome = await flow.submit({
        placeIds: form.placeIds,
        description: form.description,
        startAt: fromLocalInputValue(form.start, timezone)!,
        endsAt: fromLocalInputValue(form.end, timezone)!,
        recurrence: form.repeatWeekly ? { weekly: true, until: form.until } : undefined,
      });
      if (outcome === 'done') close();
    } catch (error) {
      onFailure(error);
    }
  });

  const confirm = async () => {
    try {
      const outcome = await flow.confirm();
      if (outcome === 'done') close();
    } catch (error) {
      onFailure(error);
    }
  };

  const step = flow.step;
  const footer = (
    <BlockImpactFooter
      flow={flow}
      onClose={close}
      onSubmit={submit}
      onConfirm={confirm}
      cancelLabel={t('blockedTimes.bulk.cancel')}
      submitLabel={place ? t('blockedTimes.place.create') : t('blockedTimes.bulk.submit')}
      confirmLabel={t('blockedTimes.impact.confirm')}
    />
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t('blockedTimes.bulk.title')}
      description={
        place
          ? `${place.name} · ${t('blockedTimes.place.dialogDescription')}`
          : t('blockedTimes.bulk.description')
      }
      closeLabel={t('common.close')}
      footer={footer}
    >
      {step.kind !== 'form' ? (
        <BlockImpactStep flow={flow} timezone={timezone} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {!place && (
            <fieldset>
              <legend className="mb-1.5 text-sm font-medium text-slate-800">
                {t('blockedTimes.bulk.places')}
              </legend>
              {places.isError && <Alert tone="error">{t('blockedTimes.bulk.placesError')}</Alert>}
              <div className="grid max-h-48 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 sm:grid-cols-2">
                {places.data?.map((option) => (
                  <label
                    key={option.id}
                    className="flex items-center gap-2 rounded p-1.5 text-sm hover:bg-slate-50"
                  >
                    <input
                      type="checkbox"
                      value={option.id}
                      {...register('placeIds')}
                      className="size-4"
                    />
                    {option.name}
                  </label>
                ))}
              </div>
              {errors.placeIds && (
                <p className="mt-1.5 text-sm font-medium text-red-700">{errors.placeIds.message}</p>
              )}
            </fieldset>
          )}
          <Input
            label={t('blockedTimes.bulk.reason')}
            error={errors.description?.message}
            {...register('description')}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <DateTimeField
              control={control}
              name="start"
              label={t('blockedTimes.bulk.start')}
              error={errors.start?.message}
            />
            <DateTimeField
              control={control}
              name="end"
              label={t('blockedTimes.bulk.end')}
              error={errors.end?.message}
            />
          </div>
          <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
            <input type="checkbox" {...register('repeatWeekly')} className="size-4" />
            {t('blockedTimes.bulk.repeatWeekly')}
          </label>
          {isWeekly && (
            <DateTimeField
              control={control}
              name="until"
              label={t('blockedTimes.bulk.until')}
              withTime={false}
              error={errors.until?.message}
            />
          )}
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </form>
      )}
    </Dialog>
  );
}
