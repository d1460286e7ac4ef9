/**
 * Whole years between a birth date and a calendar date (both "YYYY-MM-DD", club-local). Someone
 * born on 29 February turns a year older on 1 March in common years.
 */
export function ageOnDate(birthDate: string, date: string): number {
  const [birthYear, birthMonth, birthDay] = birthDate.split('-').map(Number) as [
    number,
    number,
    number,
  ];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return year - birthYear - (hadBirthday ? 0 : 1);
}
