import type { Company } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessageOf } from '@/lib/errors';
import { useUpdateCompany } from '../api/update-company';

/** The form says "0 = off"; the API stores "off" as null (updateCompanyBodySchema: 1–168). */
const reminderSchema = z.object({
  reminderHours: z
    .number({ message: 'Informe um número' })
    .int('Use horas inteiras')
    .min(0, 'Mínimo 0')
    .max(168, 'Máximo 168 horas'),
});
type ReminderForm = z.infer<typeof reminderSchema>;

const valuesOf = (company: Company): ReminderForm => ({
  reminderHours: company.reminderHours ?? 0,
});

/**
 * The reminder members receive a set number of hours before their booking (0 = none, the
 * default). Saved with the club's current name and timezone, which the update requires.
 */
export function ReminderForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.id);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<ReminderForm>({
    resolver: zodResolver(reminderSchema),
    defaultValues: valuesOf(company),
  });

  useEffect(() => {
    reset(valuesOf(company));
  }, [company, reset]);

  const onSubmit = handleSubmit(({ reminderHours }) => {
    update.mutate(
      { name: company.name, timezone: company.timezone, reminderHours: reminderHours || null },
      {
        onSuccess: () => toast.success(t('companies.settings.saved')),
        onError: (error) => toast.error(errorMessageOf(error, t('companies.settings.saveError'))),
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('companies.reminder.formLabel')}
      className="space-y-5 p-6"
    >
      <Input
        type="number"
        min={0}
        max={168}
        label={t('companies.reminder.hours')}
        hint={t('companies.reminder.hoursHint')}
        error={errors.reminderHours?.message}
        {...register('reminderHours', { valueAsNumber: true })}
      />
      <div className="flex justify-end">
        <Button type="submit" isLoading={update.isPending} disabled={!isDirty}>
          {update.isPending ? t('companies.settings.saving') : t('companies.reminder.save')}
        </Button>
      </div>
    </form>
  );
}
