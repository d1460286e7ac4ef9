import { clubInstant, type TimeSlot } from '@clube/shared';
import { screen } from '@testing-library/react';
import { renderSignedIn } from '@/testing/render';
import { CreateAppointmentDialog } from './create-appointment-dialog';

/**
 * The scene of the booking dialog's tests: the 09:00 slot of 2026-06-10 at a club in São Paulo,
 * on Quadra de Tênis 2, and the dialog open on it.
 */
export const timezone = 'America/Sao_Paulo';
export const companyId = '44444444-4444-4444-8444-444444444444';
export const placeId = '11111111-1111-4111-8111-111111111111';
const startsAt = clubInstant('2026-06-10', '09:00', timezone);
export const slot: TimeSlot = {
  time: '09:00',
  startsAt: startsAt.toISOString(),
  endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
  available: true,
};

/** Renders the dialog open on the slot, signed in; answers the dialog. */
export function renderDialog() {
  renderSignedIn(
    <CreateAppointmentDialog
      isOpen
      onClose={() => {}}
      slot={slot}
      placeId={placeId}
      placeName="Quadra de Tênis 2"
      companyId={companyId}
      timezone={timezone}
    />,
  );
  return screen.getByRole('dialog', { name: 'Criar Agendamento' });
}
