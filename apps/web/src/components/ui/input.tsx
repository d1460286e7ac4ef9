import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from './cn';
import { FormField, inputStyles } from './form-field';

export type InputProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
};

export function Input({ label, error, hint, className, ...props }: InputProps) {
  return (
    <FormField label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...props} {...control} className={cn(inputStyles(Boolean(error)))} />}
    </FormField>
  );
}
