import { describe, expect, it } from 'vitest';
import { fromLocalInputValue, todayRange, toLocalInputValue } from './club-date-time';

describe('club date-time helpers', () => {
  it('answers the club-local day as the default filter', () => {
    // 01:30 UTC on the 5th is still the 4th in São Paulo (UTC−3).
    expect(todayRange('America/Sao_Paulo', new Date('2026-03-05T01:30:00Z'))).toEqual({
      startTime: '2026-03-04T03:00:00.000Z',
      endTime: '2026-03-05T02:59:59.999Z',
    });
  });

  it('reads and writes datetime-local values on the club wall clock', () => {
    expect(toLocalInputValue('2026-03-04T09:00:00.000Z', 'America/Sao_Paulo')).toBe(
      '2026-03-04T06:00',
    );
    expect(fromLocalInputValue('2026-03-04T06:00', 'America/Sao_Paulo')).toBe(
      '2026-03-04T09:00:00.000Z',
    );
    expect(fromLocalInputValue('', 'America/Sao_Paulo')).toBeNull();
  });
});
