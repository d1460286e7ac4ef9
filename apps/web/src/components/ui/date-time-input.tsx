import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';
import { FormField, inputStyles } from './form-field';

/**
 * Date and date-time fields typed as DD/MM/AAAA (HH:mm). Native date inputs draw their format
 * from the browser's language ("11/23/2026, 12:00 AM" in an English browser); staff read the
 * Brazilian format, so these are masked text inputs. The value given and received stays the
 * form's machine format, "yyyy-MM-dd" or "yyyy-MM-ddTHH:mm", '' while incomplete or impossible.
 */

/** The mask as it is typed: "04032030" → "04/03/2030"; separators appear once a digit follows. */
export function formatDateTimeInput(raw: string, withTime: boolean): string {
  const digits = raw.replace(/\D/g, '').slice(0, withTime ? 12 : 8);
  const separators: Record<number, string> = { 2: '/', 4: '/', 8: ' ', 10: ':' };
  let formatted = '';
  for (let index = 0; index < digits.length; index += 1) {
    formatted += (separators[index] ?? '') + digits[index];
  }
  return formatted;
}

const pattern = /^(\d{2})\/(\d{2})\/(\d{4})(?: (\d{2}):(\d{2}))?$/;

/** "04/03/2030 06:00" → "2030-03-04T06:00"; '' when incomplete or not a real date and time. */
export function parseDateTimeInput(text: string, withTime: boolean): string {
  const match = pattern.exec(text);
  if (!match) return '';
  const [, day, month, year, hours, minutes] = match as unknown as [string, ...string[]];
  if (withTime !== (hours !== undefined)) return '';
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const isRealDate =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  if (!isRealDate) return '';
  const iso = `${year}-${month}-${day}`;
  if (!withTime) return iso;
  if (Number(hours) > 23 || Number(minutes) > 59) return '';
  return `${iso}T${hours}:${minutes}`;
}

/** "2030-03-04T06:00(:ss)" → "04/03/2030 06:00"; '' for anything else. */
export function displayDateTimeValue(value: string, withTime: boolean): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!match) return '';
  const [, year, month, day, hours, minutes] = match as unknown as [string, ...string[]];
  const date = `${day}/${month}/${year}`;
  return withTime ? `${date} ${hours ?? '00'}:${minutes ?? '00'}` : date;
}

export type DateTimeInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'maxLength'
> & {
  label: string;
  /** "yyyy-MM-ddTHH:mm" (or "yyyy-MM-dd" without time); '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** False for a date alone. */
  withTime?: boolean;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

export function DateTimeInput({
  label,
  value,
  onChange,
  withTime = true,
  error,
  hint,
  className,
  ...props
}: DateTimeInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => displayDateTimeValue(value, withTime));
  // The value last sent or received: a half-typed date is '' to the form and must stay on screen,
  // while a value set from outside (a reset, a default) replaces what is shown.
  const [knownValue, setKnownValue] = useState(value);
  if (value !== knownValue) {
    setKnownValue(value);
    if (parseDateTimeInput(text, withTime) !== value) {
      setText(displayDateTimeValue(value, withTime));
    }
  }

  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input
          autoComplete="off"
          {...props}
          {...control}
          type="text"
          inputMode="numeric"
          placeholder={withTime ? t('common.dateTimeFormat') : t('common.dateFormat')}
          maxLength={withTime ? 16 : 10}
          value={text}
          onChange={(event) => {
            const raw = event.target.value;
            // Deleting a separator must not put it straight back.
            const isDeleting = raw.length < text.length;
            const next = isDeleting
              ? raw.replace(/[^\d/ :]/g, '')
              : formatDateTimeInput(raw, withTime);
            const parsed = parseDateTimeInput(next, withTime);
            setText(next);
            setKnownValue(parsed);
            if (parsed !== value) onChange(parsed);
          }}
          className={cn(inputStyles(Boolean(error)), 'tabular-nums')}
        />
      )}
    </FormField>
  );
}
