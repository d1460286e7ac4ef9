import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { DateTimeInput } from './date-time-input';

type DateTimeFieldProps<Values extends FieldValues> = {
  control: Control<Values>;
  name: FieldPath<Values>;
  label: string;
  /** False for a date alone. */
  withTime?: boolean;
  error?: string;
};

/** A date (and time) field of a react-hook-form form, its value "yyyy-MM-dd(THH:mm)". */
export function DateTimeField<Values extends FieldValues>({
  control,
  name,
  label,
  withTime = true,
  error,
}: DateTimeFieldProps<Values>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateTimeInput label={label} withTime={withTime} error={error} {...field} />
      )}
    />
  );
}
