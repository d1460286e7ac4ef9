/** Keeps only the digits of a CPF typed with or without its mask. */
export function stripCpf(value: string): string {
  return value.replace(/\D/g, '');
}

/** Valid when it has 11 digits, is not a run of one repeated digit, and both check digits match. */
export function isValidCpf(value: string): boolean {
  const digits = stripCpf(value);
  if (!/^\d{11}$/.test(digits) || /^(\d)\1{10}$/.test(digits)) return false;
  const numbers = [...digits].map(Number);
  const checkDigit = (length: number) => {
    let sum = 0;
    for (let index = 0; index < length; index += 1) sum += numbers[index]! * (length + 1 - index);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return checkDigit(9) === numbers[9] && checkDigit(10) === numbers[10];
}

/** 52998224725 → 529.982.247-25 */
export function formatCpf(value: string): string {
  const digits = stripCpf(value);
  if (digits.length !== 11) return value;
  return `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`;
}

/** 52998224725 → ***.982.247-** : what logs and audit trails may keep. */
export function maskCpf(value: string): string {
  const digits = stripCpf(value);
  if (digits.length !== 11) return '***';
  return `***.${digits.slice(3, 6)}.${digits.slice(6, 9)}-**`;
}

/** Completes 9 base digits with their two check digits (demo data, tests, benchmarks). */
export function completeCpf(baseDigits: string): string {
  const base = stripCpf(baseDigits).padStart(9, '0').slice(-9);
  const numbers = [...base].map(Number);
  const next = () => {
    const length = numbers.length;
    let sum = 0;
    for (let index = 0; index < length; index += 1) sum += numbers[index]! * (length + 1 - index);
    const rest = (sum * 10) % 11;
    numbers.push(rest === 10 ? 0 : rest);
  };
  next();
  next();
  return numbers.join('');
}
