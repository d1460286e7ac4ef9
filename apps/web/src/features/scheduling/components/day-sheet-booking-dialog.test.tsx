import { clubInstant, type Appointment, type DaySheetAppointment } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { buildAppointment } from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { renderSignedIn } from '@/testing/render';
import { DaySheetBookingDialog } from './day-sheet-booking-dialog';

const timezone = 'America/Sao_Paulo';
const startsAt = clubInstant('2026-06-10', '14:00', timezone);
const endsAt = new Date(startsAt.getTime() + 3_600_000);
const companyId = '44444444-4444-4444-8444-444444444444';

const booking: DaySheetAppointment = {
  id: '33333333-3333-4333-8333-333333333333',
  associateId: '22222222-2222-4222-8222-222222222222',
  associateName: 'Ana Lima',
  cardId: '1234',
  titleName: 'Título 7',
  bookedVia: 'portal',
  bookedByName: null,
  startsAt: startsAt.toISOString(),
  endsAt: endsAt.toISOString(),
  status: 'SCHEDULED',
  checkedInAt: null,
  noShowAt: null,
  exceptionReason: null,
};

/** `booking` as the back office's appointment routes answer it after an action. */
const appointmentOf = (overrides: Partial<Appointment>) =>
  buildAppointment({
    id: booking.id,
    companyId,
    associateId: booking.associateId,
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    bookedVia: 'portal',
    bookedBy: { name: 'Ana Lima' },
    ...overrides,
  });

/** The day sheet's booking detail as the front desk sees it at an instant. */
function renderAt(now: Date, shown: DaySheetAppointment = booking) {
  renderSignedIn(
    <DaySheetBookingDialog
      booking={{ placeName: 'Quadra Central', appointment: shown }}
      companyId={companyId}
      timezone={timezone}
      noShowToleranceMinutes={15}
      onClose={() => {}}
      now={() => now}
    />,
  );
  return screen.getByRole('dialog', { name: 'Agendamento' });
}

describe('day sheet booking detail: attendance', () => {
  it('names the place, the member, the title and that it was booked on the portal; checks in', async () => {
    const checkedIn = appointmentOf({ status: 'CHECKED_IN', checkedInAt: startsAt.toISOString() });
    const { requests } = mockApi(
      route.patch(`/backoffice/appointment/${booking.id}/check-in`, checkedIn),
    );
    const dialog = renderAt(new Date(startsAt.getTime() - 5 * 60_000));
    expect(within(dialog).getByText('Quadra Central')).toBeVisible();
    expect(within(dialog).getByText('Título 7')).toBeVisible();
    expect(within(dialog).getByText('Agendado')).toBeVisible();
    // Five minutes before the start: the member may come in; a no-show is not yet possible.
    expect(within(dialog).getByRole('button', { name: 'Não compareceu' })).toBeDisabled();
    await userEvent
      .setup()
      .click(within(dialog).getByRole('button', { name: 'Registrar entrada' }));

    expect(await screen.findByText('Entrada registrada.')).toBeInTheDocument();
    expect(within(dialog).getByText('Presente')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Desfazer' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Cancelar agendamento' })).toBeNull();
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it('a recorded no-show shows its status and offers only Desfazer the same day', () => {
    const dialog = renderAt(clubInstant('2026-06-10', '15:00', timezone), {
      ...booking,
      status: 'NO_SHOW',
      noShowAt: clubInstant('2026-06-10', '14:20', timezone).toISOString(),
    });
    expect(within(dialog).getByText('Não compareceu', { selector: 'dd' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Desfazer' })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: 'Registrar entrada' })).toBeNull();
  });
});

describe('day sheet booking detail: cancelling', () => {
  const cancelled = appointmentOf({
    status: 'CANCELLED',
    cancelledAt: '2026-06-09T12:00:00.000Z',
  });

  /** The dialog as the day sheet holds it: shown until it asks to close. */
  function renderOpen(onClosed: () => void) {
    function Holder() {
      const [shown, setShown] = useState<DaySheetAppointment | null>(booking);
      return (
        <DaySheetBookingDialog
          booking={shown && { placeName: 'Quadra Central', appointment: shown }}
          companyId={companyId}
          timezone={timezone}
          noShowToleranceMinutes={15}
          onClose={() => {
            onClosed();
            setShown(null);
          }}
          now={() => new Date(startsAt.getTime() - 60 * 60_000)}
        />
      );
    }
    renderSignedIn(<Holder />);
    return screen.getByRole('dialog', { name: 'Agendamento' });
  }

  it('cancels a scheduled booking once confirmed with a reason, says so and closes', async () => {
    const onClosed = vi.fn();
    const { requests } = mockApi(
      route.patch(`/backoffice/appointment/cancel/${booking.id}`, cancelled),
    );
    const dialog = renderOpen(onClosed);
    const user = userEvent.setup();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar agendamento' }));
    // Nothing is sent before the confirmation; Voltar keeps the booking.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(requests).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar agendamento' }));
    // The reason is required: nothing is sent without it.
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));
    expect(await within(dialog).findByText('Informe o motivo do cancelamento')).toBeVisible();
    const field = within(dialog).getByRole('textbox', { name: 'Motivo do cancelamento' });
    expect(field).toHaveAccessibleDescription(
      'O associado recebe este motivo na mensagem do cancelamento. Informe o motivo do cancelamento',
    );
    expect(requests).toEqual([]);
    // A quick choice fills the field, which can still be edited.
    const quick = within(dialog).getByRole('button', { name: 'Evento do clube' });
    await user.click(quick);
    expect(quick).toHaveAttribute('aria-pressed', 'true');
    expect(field).toHaveValue('Evento do clube');
    await user.type(field, ': torneio de duplas');
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));

    expect(await screen.findByText('Agendamento cancelado.')).toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      `PATCH /api/backoffice/appointment/cancel/${booking.id}`,
    ]);
    expect(requests[0]!.body).toEqual({ reason: 'Evento do clube: torneio de duplas' });
    expect(onClosed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agendamento' })).toBeNull());
  });

  it('stays open with the API’s reason when the cancel is refused', async () => {
    const onClosed = vi.fn();
    mockApi(
      route.patch(
        `/backoffice/appointment/cancel/${booking.id}`,
        apiError('AppointmentNotScheduled'),
      ),
    );
    const dialog = renderOpen(onClosed);
    const user = userEvent.setup();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar agendamento' }));
    await user.click(within(dialog).getByRole('button', { name: 'Condições do tempo' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));

    expect(
      await screen.findByText(
        'O agendamento não está mais marcado (cancelado ou com presença registrada).',
      ),
    ).toBeInTheDocument();
    expect(onClosed).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Agendamento' })).toBeInTheDocument();
  });
});
