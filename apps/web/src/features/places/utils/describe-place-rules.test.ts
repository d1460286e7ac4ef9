import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { describePlaceRules } from './describe-place-rules';

const t = i18n.t.bind(i18n);

describe('describePlaceRules', () => {
  it('says each rule in Portuguese', () => {
    expect(
      describePlaceRules(
        {
          bookRange: 60,
          associateReservationLimit: 4,
          availableBookingDays: 14,
          ageRestriction: 18,
          maxCancelBookingTime: 2,
          anonymousBooking: true,
        },
        t,
      ),
    ).toEqual([
      'Reservas de 60 minutos',
      'Até 4 reservas por título por mês',
      'Agendamento com até 14 dias de antecedência',
      'Idade mínima: 18 anos',
      'Cancelamento até 2 horas antes',
      'Permite reserva anônima',
    ]);
  });

  it('says what zero means, and uses the singular for one', () => {
    expect(
      describePlaceRules(
        {
          bookRange: 30,
          associateReservationLimit: 0,
          availableBookingDays: 0,
          ageRestriction: 0,
          maxCancelBookingTime: 1,
          anonymousBooking: false,
        },
        t,
      ),
    ).toEqual([
      'Reservas de 30 minutos',
      'Sem limite de reservas por título',
      'Agendamento somente para o mesmo dia',
      'Sem idade mínima',
      'Cancelamento até 1 hora antes',
    ]);
  });
});
