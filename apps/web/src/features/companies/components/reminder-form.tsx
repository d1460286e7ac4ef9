import type { Company } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Input } from '@/components/ui/input';
import { useClubSettingsForm } from '../hooks/use-club-settings-form';
import { ClubSettingsFormShell } from './club-settings-form-shell';

/** The form says "0 = off"; the API stores "off" as null (updateCompanyBodySchema: 1–168). */
const reminderSchema = z.object({
  reminderHours: z
    .number({ message: 'Informe um número' })
    .int('Use horas inteiras')
    .min(0, 'Mínimo 0')
    .max(168, 'Máximo 168 horas'),
});
type ReminderValues = z.infer<typeof reminderSchema>;

const valuesOf = (company: Company): ReminderValues => ({
  reminderHours: company.reminderHours ?? 0,
});
const toBody = ({ reminderHours }: ReminderValues) => ({ reminderHours: reminderHours || null });

/** The reminder members receive a set number of hours before their booking (0 = none, the default). */
export function ReminderForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { form, onSubmit, isSaving } = useClubSettingsForm({
    company,
    schema: reminderSchema,
    valuesOf,
    toBody,
  });
  const {
    register,
    formState: { errors, isDirty },
  } = form;

  return (
    <ClubSettingsFormShell
      label={t('companies.reminder.formLabel')}
      saveLabel={t('companies.reminder.save')}
      onSubmit={onSubmit}
      isSaving={isSaving}
      isDirty={isDirty}
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
    </ClubSettingsFormShell>
  );
}
