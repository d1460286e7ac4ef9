import type { PlaceFieldsInput } from '@clube/shared';
import type { ComponentProps } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';

/** A checkbox of the place form, its label beside it. */
export function PlaceCheckbox({ label, ...input }: ComponentProps<'input'> & { label: string }) {
  return (
    <label className="flex items-center gap-3 text-sm font-medium text-slate-800">
      <input
        type="checkbox"
        className="size-4 rounded border-slate-300 accent-brand-700"
        {...input}
      />
      {label}
    </label>
  );
}

type NumberField =
  | 'bookRange'
  | 'associateReservationLimit'
  | 'availableBookingDays'
  | 'ageRestriction'
  | 'maxCancelBookingTime'
  | 'guestLimit'
  | 'guestListClosesHours';

/** The place form's whole-number fields, two a row, each with its hint if it has one. */
export function PlaceNumberFields<Name extends NumberField>({
  names,
  hintOf,
  register,
  errors,
}: {
  names: readonly Name[];
  hintOf: (name: Name) => string | undefined;
  register: UseFormRegister<PlaceFieldsInput>;
  errors: FieldErrors<PlaceFieldsInput>;
}) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {names.map((name) => (
        <Input
          key={name}
          label={t(`places.form.${name}`)}
          hint={hintOf(name)}
          error={errors[name]?.message}
          inputMode="numeric"
          autoComplete="off"
          {...register(name)}
        />
      ))}
    </div>
  );
}

/**
 * The place form's guests block: whether members may bring guests, and then how many, until when
 * the list may change and whether each guest's CPF is asked for.
 */
export function PlaceGuestSettings({
  register,
  errors,
  guestsAllowed,
}: {
  register: UseFormRegister<PlaceFieldsInput>;
  errors: FieldErrors<PlaceFieldsInput>;
  guestsAllowed: boolean | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {t('places.form.guestsLegend')}
      </legend>
      <PlaceCheckbox label={t('places.form.guestsAllowed')} {...register('guestsAllowed')} />
      {guestsAllowed && (
        <>
          <PlaceNumberFields
            names={['guestLimit', 'guestListClosesHours']}
            hintOf={(name) => t(`places.form.${name}Hint`)}
            register={register}
            errors={errors}
          />
          <PlaceCheckbox
            label={t('places.form.guestCpfRequired')}
            {...register('guestCpfRequired')}
          />
        </>
      )}
    </fieldset>
  );
}
