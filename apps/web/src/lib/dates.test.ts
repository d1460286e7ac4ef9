import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDateTimeLong,
  formatMonthYear,
  formatTime,
} from './dates';

// 2025-03-09 02:30 UTC is still March 8th, 23:30 in São Paulo (UTC-3).
const instant = '2025-03-09T02:30:15.000Z';

describe('dates in the club timezone', () => {
  it('formats in the club timezone', () => {
    expect(formatDateTime(instant, 'America/Sao_Paulo')).toBe('08/03/25 23:30');
    expect(formatDate(instant, 'America/Sao_Paulo')).toBe('08/03/2025');
    expect(formatTime(instant, 'America/Sao_Paulo')).toBe('23:30');
    expect(formatDateTimeLong(instant, 'America/Sao_Paulo')).toBe('08/03/2025 às 23:30:15');
  });

  it('behaves as plain UTC for a club set to UTC', () => {
    expect(formatDateTime(instant, 'UTC')).toBe('09/03/25 02:30');
  });

  it('uses pt-BR month names', () => {
    expect(formatMonthYear(instant, 'UTC')).toBe('março de 2025');
  });
});
