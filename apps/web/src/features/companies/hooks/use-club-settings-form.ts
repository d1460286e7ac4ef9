import type { Company, UpdateCompanyBody } from '@clube/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { errorMessageOf } from '@/lib/errors';
import { useUpdateCompany } from '../api/update-company';

type ClubSettingsFormOptions<Values extends FieldValues> = {
  company: Company;
  schema: z.ZodType<Values, Values>;
  /** The form's values from the club as saved (and again whenever the club changes). */
  valuesOf: (company: Company) => Values;
  /** The part of the update the form owns; name and timezone, which it requires, are added. */
  toBody: (values: Values) => Partial<UpdateCompanyBody>;
};

/**
 * One section of the club's settings: a form over part of the club, reset when the club changes,
 * saved through the club's update with its current name and timezone, one toast either way.
 */
export function useClubSettingsForm<Values extends FieldValues>({
  company,
  schema,
  valuesOf,
  toBody,
}: ClubSettingsFormOptions<Values>) {
  const { t } = useTranslation();
  const update = useUpdateCompany(company.id);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(company) as DefaultValues<Values>,
  });
  const { reset, handleSubmit } = form;

  useEffect(() => {
    reset(valuesOf(company));
  }, [company, reset, valuesOf]);

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { name: company.name, timezone: company.timezone, ...toBody(values) },
      {
        onSuccess: () => toast.success(t('companies.settings.saved')),
        onError: (error) => toast.error(errorMessageOf(error, t('companies.settings.saveError'))),
      },
    );
  });

  return { form, onSubmit, isSaving: update.isPending };
}
