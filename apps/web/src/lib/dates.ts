import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { ptBR } from 'date-fns/locale/pt-BR';

/**
 * Instants are shown in the club's timezone with pt-BR names, in the product's formats
 * (docs/domain.md, Time and timezones). Pass the current club's `timezone`.
 */

type Instant = Date | string | number;

function inZone(instant: Instant, timezone: string): TZDate {
  const time = instant instanceof Date ? instant.getTime() : new Date(instant).getTime();
  return new TZDate(time, timezone);
}

function formatIn(instant: Instant, timezone: string, pattern: string): string {
  return format(inZone(instant, timezone), pattern, { locale: ptBR });
}

/** DD/MM/YY HH:mm */
export function formatDateTime(instant: Instant, timezone: string): string {
  return formatIn(instant, timezone, 'dd/MM/yy HH:mm');
}

/** DD/MM/YYYY */
export function formatDate(instant: Instant, timezone: string): string {
  return formatIn(instant, timezone, 'dd/MM/yyyy');
}

/** HH:mm */
export function formatTime(instant: Instant, timezone: string): string {
  return formatIn(instant, timezone, 'HH:mm');
}

/** DD/MM/YYYY às HH:mm:ss */
export function formatDateTimeLong(instant: Instant, timezone: string): string {
  return formatIn(instant, timezone, "dd/MM/yyyy 'às' HH:mm:ss");
}

/** "novembro de 2025", for calendar headers. */
export function formatMonthYear(instant: Instant, timezone: string): string {
  return formatIn(instant, timezone, "LLLL 'de' yyyy");
}

/** "sábado, 22 de novembro", for day headings. */
export function formatLongDay(instant: Instant, timezone: string): string {
  return formatIn(instant, timezone, "EEEE, d 'de' MMMM");
}
