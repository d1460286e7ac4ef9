import type { ComponentPropsWithRef, FormEvent } from 'react';
import { formatTimeInput } from './format-time-input';

type TimeInputProps = Omit<ComponentPropsWithRef<'input'>, 'type' | 'onChange' | 'value'> & {
  value: string;
  /** Receives the formatted text ("", "1", "12:", "12:3", "12:34"). */
  onChange: (value: string) => void;
};

/**
 * A text field for a time of day "HH:mm" (SPEC.md §5): digits only, the colon typed for you,
 * hour ≤ 23, minute ≤ 59, at most 5 characters. Use it inside a react-hook-form Controller.
 */
export function TimeInput({ value, onChange, className, ...props }: TimeInputProps) {
  const handleInput = (event: FormEvent<HTMLInputElement>) => {
    const inputType = (event.nativeEvent as InputEvent).inputType ?? '';
    onChange(
      formatTimeInput(event.currentTarget.value, { isDeleting: inputType.startsWith('delete') }),
    );
  };
  return (
    <input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={props.placeholder ?? 'HH:mm'}
      maxLength={5}
      value={value}
      onChange={handleInput}
      className={className}
    />
  );
}
