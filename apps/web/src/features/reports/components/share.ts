/** Booked share of the bookable time, 0–1; null when nothing could be booked. */
export function shareOf(booked: number, bookable: number): number | null {
  return bookable > 0 ? booked / bookable : null;
}

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** "63%", or "—" when nothing could be booked. */
export function percentText(share: number | null): string {
  return share === null ? '—' : percent.format(share);
}

/** Minutes as hours, "12,5". */
export function hoursText(minutes: number): string {
  return decimal.format(minutes / 60);
}
