import { CpfInput } from './cpf-input';
import { FormField, inputStyles } from './form-field';

type CpfFieldProps = {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
};

/** A labelled CPF field of a sign-in form (masked as typed, the account's user name). */
export function CpfField({ label, placeholder, value, onChange, error }: CpfFieldProps) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <CpfInput
          {...control}
          name="cpf"
          value={value}
          onChange={onChange}
          inputMode="numeric"
          autoComplete="username"
          placeholder={placeholder}
          className={inputStyles(Boolean(error))}
        />
      )}
    </FormField>
  );
}
