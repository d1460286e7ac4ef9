import type { SavedSpecialDay, SpecialDay } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { BlockImpactFooter, BlockImpactStep, useBlockImpactFlow } from '@/components/block-impact';
import { DateTimeField } from '@/components/ui/date-time-field';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { useCurrentCompany } from '@/lib/current-company';
import { errorMessageOf } from '@/lib/errors';
import {
  previewSpecialDay,
  saveSpecialDay,
  useRefreshAfterSpecialDay,
  type SpecialDayInput,
} from '../api/special-days';
import { bodyOf, formOf, specialDayFormSchema, type SpecialDayForm } from './special-day-form';
import { SpecialDayHoursFields, SpecialDayScopeFields } from './special-day-fields';
import { formatClubDate } from './special-day-text';

type SpecialDayDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  /** The day edited; null for a new one. */
  day: SpecialDay | null;
};

/**
 * Adds or edits a special day. Bookings left outside its hours are listed first (the blocks'
 * impact step), each to keep, cancel (the member told, with the day's name) or move; then the
 * dialog says what was done.
 */
export function SpecialDayDialog({ isOpen, onClose, day }: SpecialDayDialogProps) {
  const { t } = useTranslation();
  const company = useCurrentCompany();
  const refresh = useRefreshAfterSpecialDay(company.id);
  const form = useForm<SpecialDayForm>({
    resolver: zodResolver(specialDayFormSchema),
    defaultValues: formOf(day),
  });
  const { register, control, handleSubmit, reset, watch } = form;
  const errors = form.formState.errors;
  useEffect(() => {
    if (isOpen) reset(formOf(day));
  }, [isOpen, day, reset]);

  const flow = useBlockImpactFlow<SpecialDayInput, SavedSpecialDay>(
    saveSpecialDay,
    () => {
      toast.success(t('specialDays.form.created'));
      void refresh();
    },
    { preview: previewSpecialDay, conflictCode: 'SpecialDayConflictsWithAppointments' },
  );

  const close = () => {
    flow.reset();
    onClose();
  };
  const onFailure = (error: unknown) =>
    toast.error(errorMessageOf(error, t('specialDays.form.error')));

  const submit = handleSubmit(async (values) => {
    try {
      const body = { ...bodyOf(company.id, values), ...(day ? { id: day.id } : {}) };
      if ((await flow.submit(body)) === 'done') close();
    } catch (error) {
      onFailure(error);
    }
  });
  const confirm = async () => {
    try {
      if ((await flow.confirm()) === 'done') close();
    } catch (error) {
      onFailure(error);
    }
  };

  const step = flow.step;
  const saved = step.kind === 'summary' ? step.result.specialDay : null;
  const footer = (
    <BlockImpactFooter
      flow={flow}
      onClose={close}
      onSubmit={submit}
      onConfirm={confirm}
      cancelLabel={t('specialDays.form.cancel')}
      submitLabel={t('specialDays.form.save')}
      confirmLabel={t('specialDays.form.save')}
    />
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={t(day ? 'specialDays.form.editTitle' : 'specialDays.form.createTitle')}
      description={t('specialDays.form.description')}
      closeLabel={t('common.close')}
      footer={footer}
    >
      {step.kind !== 'form' ? (
        <BlockImpactStep
          flow={flow}
          timezone={company.timezone}
          heading={
            saved
              ? {
                  title: t('specialDays.form.summaryTitle'),
                  lead: t('specialDays.form.summaryLead', {
                    name: saved.name,
                    date: formatClubDate(saved.date),
                  }),
                }
              : undefined
          }
          choicesHeading={{
            title: t('specialDays.form.impactTitle'),
            lead: t('specialDays.form.impactLead'),
          }}
        />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <DateTimeField
              control={control}
              name="date"
              label={t('specialDays.form.date')}
              withTime={false}
              error={errors.date?.message}
            />
            <Input
              label={t('specialDays.form.name')}
              placeholder={t('specialDays.form.namePlaceholder')}
              error={errors.name?.message}
              {...register('name')}
            />
          </div>
          <SpecialDayScopeFields form={form} companyId={company.id} />
          <SpecialDayHoursFields form={form} closed={watch('closed')} />
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </form>
      )}
    </Dialog>
  );
}
