import type { SpecialDay } from '@clube/shared';
import type { TFunction } from 'i18next';

/** A club date "2026-12-25" as staff read it, "25/12/2026". */
export function formatClubDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** "Clube inteiro", "Categoria: Piscinas", "Espaço: Quadra 1". */
export function scopeText(t: TFunction, day: SpecialDay): string {
  if (day.scope === 'category')
    return t('specialDays.scope.category', { name: day.category?.name ?? '' });
  if (day.scope === 'place') return t('specialDays.scope.place', { name: day.place?.name ?? '' });
  return t('specialDays.scope.club');
}

/** "Fechado" or "Aberto das 08:00 às 14:00". */
export function hoursText(
  t: TFunction,
  day: Pick<SpecialDay, 'closed' | 'openTime' | 'closeTime'>,
) {
  return day.closed
    ? t('specialDays.closed')
    : t('specialDays.openFromTo', { open: day.openTime ?? '', close: day.closeTime ?? '' });
}
