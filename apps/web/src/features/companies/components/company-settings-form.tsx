import {
  brazilianTimezones,
  updateCompanyBodySchema,
  type Company,
  type UpdateCompanyBody,
} from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Button } from '@/components/ui/button';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { errorMessageOf } from '@/lib/errors';
import { serverFieldErrorsOf } from '@/lib/server-field-errors';
import { useUpdateCompany } from '../api/update-company';

type CompanySettingsFormProps = { company: Company };

const isOfferedTimezone = (zone: string): zone is (typeof brazilianTimezones)[number] =>
  (brazilianTimezones as readonly string[]).includes(zone);

/** Name and timezone of the current club. */
export function CompanySettingsForm({ company }: CompanySettingsFormProps) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.id);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<UpdateCompanyBody>({
    resolver: zodResolver(updateCompanyBodySchema),
    defaultValues: { name: company.name, timezone: company.timezone },
  });

  useEffect(() => {
    reset({ name: company.name, timezone: company.timezone });
  }, [company.name, company.timezone, reset]);

  const onSubmit = handleSubmit((values) => {
    update.mutate(values, {
      onSuccess: () => {
        toast.success(t('companies.settings.saved'));
      },
      onError: (error) => {
        for (const { field, message } of serverFieldErrorsOf(error, ['name', 'timezone'])) {
          setError(field, { message });
        }
        toast.error(errorMessageOf(error, t('companies.settings.saveError')));
      },
    });
  });

  const timezoneLabel = (zone: string) =>
    isOfferedTimezone(zone) ? t(`companies.settings.timezones.${zone}`) : zone;
  // A zone set outside this screen (e.g. through the CLI) stays selectable, so saving the name
  // alone never moves the club to another zone.
  const zones: string[] = isOfferedTimezone(company.timezone)
    ? [...brazilianTimezones]
    : [company.timezone, ...brazilianTimezones];

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('companies.settings.formLabel')}
      className="space-y-5 p-6"
    >
      <Input
        label={t('companies.settings.name')}
        autoComplete="organization"
        maxLength={120}
        error={errors.name?.message}
        {...register('name')}
      />
      <FormField
        label={t('companies.settings.timezone')}
        error={errors.timezone?.message}
        hint={t('companies.settings.timezoneHint')}
      >
        {(control) => (
          <select
            {...control}
            {...register('timezone')}
            className={inputStyles(Boolean(errors.timezone))}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {timezoneLabel(zone)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <div className="flex justify-end">
        <Button type="submit" isLoading={update.isPending} disabled={!isDirty}>
          {update.isPending ? t('companies.settings.saving') : t('companies.settings.save')}
        </Button>
      </div>
    </form>
  );
}
