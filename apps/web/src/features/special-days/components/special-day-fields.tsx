import { Controller, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { FormField, inputStyles } from '@/components/ui/form-field';
import { TimeInput } from '@/components/ui/time-input';
import { useCategories } from '@/lib/api/get-categories';
import { useCompanyPlaces } from '@/lib/api/get-company-places';
import type { SpecialDayForm } from './special-day-form';

type FieldsProps = { form: UseFormReturn<SpecialDayForm> };

const choiceStyle = (checked: boolean) =>
  cn(
    'flex items-center gap-2 rounded-lg border px-3 py-2 text-sm',
    checked ? 'border-brand-700 bg-brand-50 font-medium text-brand-900' : 'border-slate-300',
  );

/** What the day covers: the whole club, one category or one place (with its list to pick from). */
export function SpecialDayScopeFields({ form, companyId }: FieldsProps & { companyId: string }) {
  const { t } = useTranslation();
  const { register, watch } = form;
  const errors = form.formState.errors;
  const scope = watch('scope');
  const categories = useCategories(companyId);
  const places = useCompanyPlaces(companyId);
  const options =
    scope === 'category'
      ? (categories.data ?? []).map(({ id, name }) => ({ id, name }))
      : (places.data ?? []);
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {t('specialDays.form.scope')}
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {(['club', 'category', 'place'] as const).map((value) => (
          <label key={value} className={choiceStyle(scope === value)}>
            <input type="radio" value={value} {...register('scope')} className="size-4" />
            {t(
              `specialDays.form.scope${value === 'club' ? 'Club' : value === 'category' ? 'Category' : 'Place'}`,
            )}
          </label>
        ))}
      </div>
      {scope !== 'club' && (
        <FormField
          label={t(scope === 'category' ? 'specialDays.form.category' : 'specialDays.form.place')}
          error={scope === 'category' ? errors.categoryId?.message : errors.placeId?.message}
        >
          {(control) => (
            <select
              {...control}
              {...register(scope === 'category' ? 'categoryId' : 'placeId')}
              className={inputStyles(
                Boolean(scope === 'category' ? errors.categoryId : errors.placeId),
              )}
            >
              <option value="">{t('specialDays.form.choose')}</option>
              {options.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
    </fieldset>
  );
}

/** Closed all day, or open with other hours (from–to). */
export function SpecialDayHoursFields({ form, closed }: FieldsProps & { closed: boolean }) {
  const { t } = useTranslation();
  const { control, setValue } = form;
  const errors = form.formState.errors;
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1.5 text-sm font-medium text-slate-800">
        {t('specialDays.form.hours')}
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {[true, false].map((value) => (
          <label key={String(value)} className={choiceStyle(closed === value)}>
            <input
              type="radio"
              name="special-day-closed"
              checked={closed === value}
              onChange={() => setValue('closed', value, { shouldDirty: true })}
              className="size-4"
            />
            {t(value ? 'specialDays.form.closed' : 'specialDays.form.open')}
          </label>
        ))}
      </div>
      {!closed && (
        <div className="grid grid-cols-2 gap-3">
          {(['openTime', 'closeTime'] as const).map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <TimeInput
                  label={t(`specialDays.form.${name}`)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                  error={errors[name]?.message}
                />
              )}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}
