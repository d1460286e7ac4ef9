/**
 * SPEC.md §5's time text field: digits only, a colon after the hour, hour at most 23, minute at
 * most 59, at most 5 characters ("HH:mm"). A first digit that cannot start a valid hour or minute
 * is read as its second digit ("9" → "09:"), so typing never gets stuck.
 */
export function formatTimeInput(raw: string, options: { isDeleting?: boolean } = {}): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length > 0 && Number(digits[0]) > 2) digits = `0${digits}`;
  if (digits.length === 3 && Number(digits[2]) > 5)
    digits = `${digits.slice(0, 2)}0${digits.slice(2)}`;
  digits = digits.slice(0, 4);

  let hour = digits.slice(0, 2);
  if (hour.length === 2 && Number(hour) > 23) hour = '23';
  let minute = digits.slice(2);
  if (minute.length === 2 && Number(minute) > 59) minute = '59';

  if (hour.length < 2) return hour;
  // While erasing, "12:" would grow back its colon at once: leave "12" so the next key erases.
  if (minute.length === 0) return options.isDeleting ? hour : `${hour}:`;
  return `${hour}:${minute}`;
}
