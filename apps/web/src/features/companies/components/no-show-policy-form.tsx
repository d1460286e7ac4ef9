import { updateCompanyBodySchema, type Company } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { errorMessageOf } from '@/lib/errors';
import { useUpdateCompany } from '../api/update-company';

const policySchema = updateCompanyBodySchema
  .pick({
    noShowToleranceMinutes: true,
    noShowSuspensionCount: true,
    noShowWindowDays: true,
    noShowSuspensionDays: true,
  })
  .required();
type PolicyForm = z.infer<typeof policySchema>;

const valuesOf = (company: Company): PolicyForm => ({
  noShowToleranceMinutes: company.noShowToleranceMinutes,
  // The form says "0 = off"; the API stores "off" as null.
  noShowSuspensionCount: company.noShowSuspensionCount ?? 0,
  noShowWindowDays: company.noShowWindowDays,
  noShowSuspensionDays: company.noShowSuspensionDays,
});

/**
 * The club's no-show policy: the tolerance before a no-show may be marked, and "N no-shows within
 * D days suspend the title for S days" (N = 0 turns it off). Saved with the club's current name
 * and timezone, which the update requires.
 */
export function NoShowPolicyForm({ company }: { company: Company }) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.id);
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<PolicyForm>({
    resolver: zodResolver(policySchema),
    defaultValues: valuesOf(company),
  });

  useEffect(() => {
    reset(valuesOf(company));
  }, [company, reset]);

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { name: company.name, timezone: company.timezone, ...values },
      {
        onSuccess: () => toast.success(t('companies.settings.saved')),
        onError: (error) => toast.error(errorMessageOf(error, t('companies.settings.saveError'))),
      },
    );
  });
  const isOff = !watch('noShowSuspensionCount');
  const number = { valueAsNumber: true } as const;

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('companies.noShow.formLabel')}
      className="space-y-5 p-6"
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
      <div className="flex justify-end">
        <Button type="submit" isLoading={update.isPending} disabled={!isDirty}>
          {update.isPending ? t('companies.settings.saving') : t('companies.noShow.save')}
        </Button>
      </div>
    </form>
  );
}
