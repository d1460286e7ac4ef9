import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from './button';
import { cn } from './cn';
import type { FieldControlProps } from './form-field';

type FileInputProps = {
  /** From FormField: ties the input to the field's label, hint and error. */
  control: FieldControlProps;
  accept: string;
  /** The chosen file, shown by name. */
  file: File | null;
  onChange: (file: File | null) => void;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A file picker that speaks Portuguese. The native input's button and "no file" text follow the
 * browser's language ("Choose File", "No file chosen"), so the input is only visually hidden (it
 * keeps focus, keyboard and drop-in tests) behind a labelled button and the file's name.
 */
export function FileInput({ control, accept, file, onChange, ref }: FileInputProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <input
        {...control}
        ref={ref}
        type="file"
        accept={accept}
        className="peer sr-only"
        onChange={(event) => {
          onChange(event.currentTarget.files?.[0] ?? null);
          // Emptied after each pick, so picking the same file again (corrected on disk since) is
          // a new pick that reaches onChange, not one the browser ignores as unchanged.
          event.currentTarget.value = '';
        }}
      />
      <label
        htmlFor={control.id}
        className={cn(
          buttonStyles({ variant: 'secondary', size: 'sm' }),
          'shrink-0 cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700',
        )}
      >
        {t('common.file.choose')}
      </label>
      <span className="min-w-0 truncate text-sm text-slate-700">
        {file ? file.name : t('common.file.none')}
      </span>
    </div>
  );
}
