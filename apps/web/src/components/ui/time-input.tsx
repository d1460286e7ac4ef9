import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';
import { FormField, inputStyles } from './form-field';

/**
 * The time text input: digits only, a colon after the hour, hour at most 23, minute at most 59,
 * at most 5 characters. Out-of-range parts are clamped as they are typed.
 */
export function formatTimeInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 0) return '';
  let hours = digits.slice(0, 2);
  if (hours.length === 2 && Number(hours) > 23) hours = '23';
  if (digits.length <= 2) return digits.length === 2 ? `${hours}:` : hours;
  let minutes = digits.slice(2);
  if (minutes.length === 2 && Number(minutes) > 59) minutes = '59';
  return `${hours}:${minutes}`;
}

export type TimeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type'
> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

export function TimeInput({ label, value, onChange, error, className, ...props }: TimeInputProps) {
  return (
    <FormField label={label} error={error} className={className}>
      {(control) => (
        <input
          {...props}
          {...control}
          type="text"
          inputMode="numeric"
          placeholder={props.placeholder ?? 'HH:mm'}
          maxLength={5}
          value={value}
          onChange={(event) => {
            const next = event.target.value;
            // Deleting the automatic colon must not put it straight back.
            const isDeleting = next.length < value.length;
            onChange(isDeleting ? next.replace(/[^\d:]/g, '') : formatTimeInput(next));
          }}
          // Read-only (a role that may not change it): shown as a value, not as a field to fill.
          className={cn(
            inputStyles(Boolean(error)),
            props.readOnly && 'bg-slate-50 text-slate-700',
          )}
        />
      )}
    </FormField>
  );
}
