import { stripCpf } from '@clube/shared';
import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';

const cpfDigitCount = 11;

/** The CPF mask as it is typed: "52998" → "529.98", at most "000.000.000-00". */
export function formatCpfInput(raw: string): string {
  const digits = stripCpf(raw).slice(0, cpfDigitCount);
  let formatted = digits.slice(0, 3);
  if (digits.length > 3) formatted += `.${digits.slice(3, 6)}`;
  if (digits.length > 6) formatted += `.${digits.slice(6, 9)}`;
  if (digits.length > 9) formatted += `-${digits.slice(9)}`;
  return formatted;
}

/** Where the caret goes in a formatted value: right after its `digitCount`-th digit. */
function caretAfterDigits(formatted: string, digitCount: number): number {
  if (digitCount <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < formatted.length; index += 1) {
    if (/\d/.test(formatted[index]!)) seen += 1;
    if (seen === digitCount) return index + 1;
  }
  return formatted.length;
}

const countDigits = (text: string) => stripCpf(text).length;

export type CpfEdit = { value: string; caret: number };

/**
 * Applies one edit of the input to the mask. `previous` is the value before the edit, `raw` and
 * `caret` what the browser holds after it. A full CPF takes no more digits; deleting a separator
 * deletes the digit next to it, as the separator alone would just come back.
 */
export function applyCpfEdit(
  previous: string,
  raw: string,
  caret: number,
  inputType = '',
): CpfEdit {
  let digits = stripCpf(raw);
  let digitsBeforeCaret = countDigits(raw.slice(0, caret));
  const previousDigits = stripCpf(previous);

  if (digits.length > cpfDigitCount) {
    if (previousDigits.length >= cpfDigitCount) {
      // Full already: the keystroke is refused and the caret stays where it was.
      const typed = countDigits(raw) - previousDigits.length;
      const value = formatCpfInput(previousDigits);
      return { value, caret: caretAfterDigits(value, Math.max(0, digitsBeforeCaret - typed)) };
    }
    digits = digits.slice(0, cpfDigitCount);
    digitsBeforeCaret = Math.min(digitsBeforeCaret, cpfDigitCount);
  } else if (raw.length < previous.length && digits === previousDigits) {
    // Only a separator went away: take the digit on that side with it.
    if (inputType === 'deleteContentForward') {
      digits = digits.slice(0, digitsBeforeCaret) + digits.slice(digitsBeforeCaret + 1);
    } else if (digitsBeforeCaret > 0) {
      digits = digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret);
      digitsBeforeCaret -= 1;
    }
  }

  const value = formatCpfInput(digits);
  return { value, caret: caretAfterDigits(value, digitsBeforeCaret) };
}

export type CpfInputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'maxLength'
> & {
  value: string;
  /** Receives the masked value ("529.982.247-25"). */
  onChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** A text input that keeps a CPF masked as "000.000.000-00" while it is typed or pasted. */
export function CpfInput({ value, onChange, ...props }: CpfInputProps) {
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const inputType = (event.nativeEvent as Partial<InputEvent>).inputType ?? '';
    const edit = applyCpfEdit(
      value,
      input.value,
      input.selectionStart ?? input.value.length,
      inputType,
    );
    // Writing the value now, before React re-renders with the same string, keeps the caret put.
    input.value = edit.value;
    if (input.ownerDocument.activeElement === input)
      input.setSelectionRange(edit.caret, edit.caret);
    if (edit.value !== value) onChange(edit.value);
  };

  return <input inputMode="numeric" {...props} type="text" value={value} onChange={handleChange} />;
}
