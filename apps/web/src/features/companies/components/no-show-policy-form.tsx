import { updateCompanyBodySchema, type Company } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Input } from '@/components/ui/input';
import { useClubSettingsForm } from '../hooks/use-club-settings-form';
import { ClubSettingsFormShell } from './club-settings-form-shell';

const policySchema = updateCompanyBodySchema
  .pick({
    noShowToleranceMinutes: true,
    noShowSuspensionCount: true,
    noShowWindowDays: true,
    noShowSuspensionDays: true,
  })
  .required();
type PolicyValues = z.infer<typeof policySchema>;

const valuesOf = (company: Company): PolicyValues => ({
  noShowToleranceMinutes: company.noShowToleranceMinutes,
  // The form says "0 = off"; the API stores "off" as null.
  noShowSuspensionCount: company.noShowSuspensionCount ?? 0,
  noShowWindowDays: company.noShowWindowDays,
  noShowSuspensionDays: company.noShowSuspensionDays,
});

const toBody = (values: PolicyValues) => values;

/**
 * The club's no-show policy: the tolerance before a no-show may be marked, and "N no-shows within
 * D days suspend the title for S days" (N = 0 turns it off).
 */
export function NoShowPolicyForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const { form, onSubmit, isSaving } = useClubSettingsForm({
    company,
    schema: policySchema,
    valuesOf,
    toBody,
  });
  const {
    register,
    watch,
    formState: { errors, isDirty },
  } = form;
  const isOff = !watch('noShowSuspensionCount');
  const number = { valueAsNumber: true } as const;

  return (
    <ClubSettingsFormShell
      label={t('companies.noShow.formLabel')}
      saveLabel={t('companies.noShow.save')}
      onSubmit={onSubmit}
      isSaving={isSaving}
      isDirty={isDirty}
    >
      <Input
        type="number"
        min={0}
        label={t('companies.noShow.tolerance')}
        hint={t('companies.noShow.toleranceHint')}
        error={errors.noShowToleranceMinutes?.message}
        {...register('noShowToleranceMinutes', number)}
      />
      <Input
        type="number"
        min={0}
        label={t('companies.noShow.count')}
        hint={t('companies.noShow.countHint')}
        error={errors.noShowSuspensionCount?.message}
        {...register('noShowSuspensionCount', number)}
      />
      <Input
        type="number"
        min={1}
        disabled={isOff}
        label={t('companies.noShow.windowDays')}
        error={errors.noShowWindowDays?.message}
        {...register('noShowWindowDays', number)}
      />
      <Input
        type="number"
        min={1}
        disabled={isOff}
        label={t('companies.noShow.suspensionDays')}
        error={errors.noShowSuspensionDays?.message}
        {...register('noShowSuspensionDays', number)}
      />
    </ClubSettingsFormShell>
  );
}
