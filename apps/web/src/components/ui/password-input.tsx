import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { cn } from './cn';
import { FormField, inputStyles } from './form-field';
import { EyeIcon, EyeOffIcon } from './icons';

export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  label: string;
  showLabel: string;
  hideLabel: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A password field with a button that shows or hides what was typed. */
export function PasswordInput({
  label,
  showLabel,
  hideLabel,
  error,
  className,
  ...props
}: PasswordInputProps) {
  const [isVisible, setIsVisible] = useState(false);
  return (
    <FormField label={label} error={error} className={className}>
      {(control) => (
        <div className="relative">
          <input
            {...props}
            {...control}
            type={isVisible ? 'text' : 'password'}
            className={cn(inputStyles(Boolean(error)), 'pr-12')}
          />
          <button
            type="button"
            onClick={() => setIsVisible((visible) => !visible)}
            aria-label={isVisible ? hideLabel : showLabel}
            aria-pressed={isVisible}
            aria-controls={control.id}
            className="absolute inset-y-0 right-0 flex w-11 cursor-pointer items-center justify-center rounded-r-lg text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700"
          >
            {isVisible ? <EyeOffIcon className="size-5" /> : <EyeIcon className="size-5" />}
          </button>
        </div>
      )}
    </FormField>
  );
}
