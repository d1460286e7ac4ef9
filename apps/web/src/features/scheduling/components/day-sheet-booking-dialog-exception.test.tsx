import { clubInstant, type StaffRole } from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { buildAppointment, buildCompany, buildDaySheetAppointment } from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { renderSignedIn } from '@/testing/render';
import { DaySheetBookingDialog } from './day-sheet-booking-dialog';

const timezone = 'America/Sao_Paulo';
const startsAt = clubInstant('2026-06-10', '14:00', timezone);
const companyId = '44444444-4444-4444-8444-444444444444';
const reason = 'Chuva forte, quadra alagada';

const booking = buildDaySheetAppointment({
  startsAt: startsAt.toISOString(),
  endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
  exceptionReason: 'Torneio da diretoria',
});

/** The booking's detail an hour before the start, the cancel deadline already past. */
function renderPastDeadline(role: StaffRole) {
  const company = buildCompany({ id: companyId, role });
  setCurrentCompany(company);
  const { requests } = mockApi(
    route.get('/backoffice/company', { items: [company] }),
    route.patch(
      `/backoffice/appointment/cancel/${booking.id}`,
      apiError('MaxCancelBookingTimeMissed'),
    ),
    route.patch(`/backoffice/appointment/cancel/${booking.id}/exception`, () =>
      buildAppointment({ id: booking.id, status: 'CANCELLED' }),
    ),
  );
  renderSignedIn(
    <DaySheetBookingDialog
      booking={{ placeName: 'Quadra Central', appointment: booking }}
      companyId={companyId}
      timezone={timezone}
      noShowToleranceMinutes={15}
      onClose={() => {}}
      now={() => new Date(startsAt.getTime() - 3_600_000)}
    />,
  );
  return { dialog: screen.getByRole('dialog', { name: 'Agendamento' }), requests };
}

async function tryToCancel(dialog: HTMLElement) {
  const user = userEvent.setup();
  // Offered once the role, read with the clubs, allows it.
  await user.click(await within(dialog).findByRole('button', { name: 'Cancelar agendamento' }));
  await user.type(
    within(dialog).getByRole('textbox', { name: 'Motivo do cancelamento' }),
    'Pedido do associado',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Confirmar cancelamento' }));
  expect(
    await screen.findByText('O prazo para cancelar este agendamento já passou.'),
  ).toBeInTheDocument();
  return user;
}

describe('day sheet booking detail: exceptions', () => {
  it('shows the reason of a booking made as an exception', () => {
    const { dialog } = renderPastDeadline('recepcao');
    expect(within(dialog).getByText('Exceção')).toBeVisible();
    expect(within(dialog).getByText('Torneio da diretoria')).toBeVisible();
  });

  it('past the deadline, cancels as an exception with a required reason', async () => {
    const { dialog, requests } = renderPastDeadline('recepcao');
    const user = await tryToCancel(dialog);
    const submit = await within(dialog).findByRole('button', { name: 'Cancelar como exceção' });
    // The reason given for the refused cancellation is offered again, to keep or change.
    const field = within(dialog).getByRole('textbox', { name: 'Motivo da exceção' });
    expect(field).toHaveValue('Pedido do associado');
    await user.clear(field);
    await user.click(submit);
    expect(await within(dialog).findByText('Informe o motivo da exceção')).toBeVisible();

    await user.type(field, reason);
    await user.click(submit);
    await waitFor(() =>
      expect(
        requests.find((request) => request.url.endsWith(`${booking.id}/exception`))?.body,
      ).toEqual({ reason }),
    );
    expect(await screen.findByText('Agendamento cancelado.')).toBeInTheDocument();
  });

  it('offers a role that only reads neither the cancellation nor its exception', async () => {
    const { dialog, requests } = renderPastDeadline('consulta');
    // The role arrives with the clubs: once they are read, still nothing is offered.
    await waitFor(() =>
      expect(requests.some((request) => request.url === '/api/backoffice/company')).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('button', { name: 'Cancelar agendamento' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancelar como exceção' })).toBeNull();
  });
});
