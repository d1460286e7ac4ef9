/** A calendar date "YYYY-MM-DD" → "DD/MM/YYYY" (a birth date has no time, so no timezone). */
export function formatBirthDate(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}/${month}/${year}` : date;
}
