import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditFieldLabel, auditValueText } from './audit';

describe('an exception in the audit trail', () => {
  it('names its actions and the rules it waived in Portuguese', () => {
    expect(auditActionLabel('appointment.create-exception')).toBe('Reserva feita como exceção');
    expect(auditActionLabel('appointment.cancel-exception')).toBe(
      'Reserva cancelada como exceção (fora do prazo)',
    );
    expect(auditFieldLabel('waived')).toBe('Regras dispensadas');
    expect(auditValueText('waived', ['ReservationsLimitReached', 'AgeRestriction'])).toBe(
      'limite de reservas no mês, idade mínima',
    );
    expect(auditValueText('waived', ['MaxCancelBookingTimeMissed'])).toBe('prazo de cancelamento');
  });
});
