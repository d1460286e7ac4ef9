import { clubInstant, type Appointment, type NoShowResult } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAppointment } from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { axeViolations } from '@/testing/axe';
import { renderSignedIn } from '@/testing/render';
import { AppointmentDetailDialog } from './appointment-detail-dialog';

const timezone = 'America/Sao_Paulo';
const startsAt = clubInstant('2026-06-10', '14:00', timezone);
const minutes = (count: number) => count * 60_000;

// One booking, the same id in every call: the routes the dialog calls name it.
const booked = buildAppointment({
  placeName: 'Quadra',
  startsAt: startsAt.toISOString(),
  endsAt: new Date(startsAt.getTime() + minutes(60)).toISOString(),
  bookedBy: null,
});
const appointment = (overrides: Partial<Appointment> = {}): Appointment => ({
  ...booked,
  ...overrides,
});

/** The dialog as the front desk sees it at a given instant. */
function renderAt(now: Date, shown: Appointment) {
  renderSignedIn(
    <AppointmentDetailDialog
      appointment={shown}
      companyId={shown.companyId}
      timezone={timezone}
      noShowToleranceMinutes={15}
      onClose={() => {}}
      now={() => now}
    />,
  );
  return screen.getByRole('dialog', { name: 'Agendamento' });
}

const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });

describe('appointment detail dialog: front desk', () => {
  it('too early for either: both disabled', () => {
    const dialog = renderAt(new Date(startsAt.getTime() - minutes(31)), appointment());
    expect(within(dialog).getByText('Agendado')).toBeInTheDocument();
    expect(button(dialog, 'Registrar entrada')).toBeDisabled();
    expect(button(dialog, 'Não compareceu')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Desfazer' })).not.toBeInTheDocument();
  });

  it('a disabled button says when it becomes available', () => {
    const dialog = renderAt(new Date(startsAt.getTime() - minutes(31)), appointment());
    const checkIn = button(dialog, 'Registrar entrada');
    const noShow = button(dialog, 'Não compareceu');
    expect(checkIn).toHaveAccessibleDescription(
      'Registrar entrada fica disponível às 13:30 (30 minutos antes do início). Não compareceu fica disponível às 14:15 (início mais a tolerância do clube).',
    );
    expect(noShow).toHaveAccessibleDescription(/Não compareceu fica disponível às 14:15/);
  });

  it('once check-in is open only the no-show waits', () => {
    const during = renderAt(new Date(startsAt.getTime() + minutes(5)), appointment());
    expect(button(during, 'Registrar entrada')).toBeEnabled();
    expect(button(during, 'Registrar entrada')).not.toHaveAttribute('aria-describedby');
    expect(within(during).getByText(/^Não compareceu fica disponível às 14:15/)).toBeVisible();
    expect(within(during).queryByText(/Registrar entrada fica/)).toBeNull();
  });

  it('after the end, check-in says it closed', () => {
    const after = renderAt(new Date(startsAt.getTime() + minutes(65)), appointment());
    expect(button(after, 'Não compareceu')).toBeEnabled();
    expect(button(after, 'Registrar entrada')).toHaveAccessibleDescription(
      'Registrar entrada encerrou às 15:00, no fim do horário.',
    );
  });

  it('the day before, the hint gives the date', () => {
    const dialog = renderAt(new Date(startsAt.getTime() - minutes(24 * 60)), appointment());
    expect(
      within(dialog).getByText(/^Registrar entrada fica disponível em 10\/06\/2026 às 13:30/),
    ).toBeVisible();
  });

  it('checks in within the window and shows the new status with a toast', async () => {
    const { requests } = mockApi(
      route.patch(
        `/backoffice/appointment/${appointment().id}/check-in`,
        appointment({ status: 'CHECKED_IN', checkedInAt: startsAt.toISOString() }),
      ),
    );
    const dialog = renderAt(new Date(startsAt.getTime() - minutes(10)), appointment());
    expect(button(dialog, 'Não compareceu')).toBeDisabled();
    await userEvent.setup().click(button(dialog, 'Registrar entrada'));
    expect(await screen.findByText('Entrada registrada.')).toBeInTheDocument();
    expect(within(dialog).getByText('Presente')).toBeInTheDocument();
    expect(button(dialog, 'Desfazer')).toBeEnabled();
    expect(requests.some((r) => r.method === 'PATCH' && r.url.endsWith('/check-in'))).toBe(true);
  });

  it('marks a no-show after the tolerance and warns of a suspension', async () => {
    mockApi(
      route.patch<NoShowResult>(`/backoffice/appointment/${appointment().id}/no-show`, {
        ...appointment({ status: 'NO_SHOW', noShowAt: startsAt.toISOString() }),
        titleSuspendedUntil: clubInstant('2026-06-17', '14:00', timezone).toISOString(),
      }),
    );
    const dialog = renderAt(new Date(startsAt.getTime() + minutes(15)), appointment());
    expect(button(dialog, 'Registrar entrada')).toBeEnabled();
    await userEvent.setup().click(button(dialog, 'Não compareceu'));
    expect(
      await screen.findByText('Falta registrada. O título foi suspenso até 17/06/2026.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Não compareceu', { selector: 'dd' })).toBeInTheDocument();
  });

  it('offers undo only the same club-local day, and shows the API refusal', async () => {
    mockApi(
      route.patch(
        `/backoffice/appointment/${appointment().id}/undo-attendance`,
        apiError('AttendanceUndoExpired'),
      ),
    );
    const checkedIn = appointment({ status: 'CHECKED_IN', checkedInAt: startsAt.toISOString() });
    const dialog = renderAt(clubInstant('2026-06-10', '23:59', timezone), checkedIn);
    await userEvent.setup().click(button(dialog, 'Desfazer'));
    expect(
      await screen.findByText(
        'A presença ou falta só pode ser desfeita no mesmo dia em que foi registrada.',
      ),
    ).toBeInTheDocument();
  });

  it('the next club-local day, nothing can be changed', () => {
    const checkedIn = appointment({ status: 'CHECKED_IN', checkedInAt: startsAt.toISOString() });
    const dialog = renderAt(clubInstant('2026-06-11', '00:01', timezone), checkedIn);
    expect(within(dialog).queryByRole('button', { name: 'Desfazer' })).not.toBeInTheDocument();
    expect(button(dialog, 'Registrar entrada')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
  });

  it('cancels only with a reason, and sends it', async () => {
    const { requests } = mockApi(
      route.patch(`/backoffice/appointment/cancel/${booked.id}`, () =>
        appointment({
          status: 'CANCELLED',
          cancelledAt: startsAt.toISOString(),
          cancellationReason: 'A pedido do associado',
        }),
      ),
    );
    const dialog = renderAt(new Date(startsAt.getTime() - minutes(120)), appointment());
    const user = userEvent.setup();
    await user.click(button(dialog, 'Excluir'));
    expect(
      within(dialog).getByText(
        'Tem certeza que deseja excluir? Essa ação não poderá ser desfeita.',
      ),
    ).toBeVisible();
    // Blank is no reason: refused on screen, nothing sent.
    const field = within(dialog).getByRole('textbox', { name: 'Motivo do cancelamento' });
    await user.type(field, '   ');
    await user.click(button(dialog, 'Sim, excluir'));
    expect(await within(dialog).findByText('Informe o motivo do cancelamento')).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toEqual([]);
    expect(await axeViolations()).toEqual([]);
    await user.click(button(dialog, 'A pedido do associado'));
    await user.click(button(dialog, 'Sim, excluir'));
    expect(await screen.findByText('Agendamento excluído com sucesso.')).toBeInTheDocument();
    expect(requests.map((request) => request.body)).toEqual([{ reason: 'A pedido do associado' }]);
  });

  it('shows the API’s message when the reason is refused there', async () => {
    mockApi(
      route.patch(
        `/backoffice/appointment/cancel/${booked.id}`,
        apiError('CancellationReasonRequired'),
      ),
    );
    const dialog = renderAt(new Date(startsAt.getTime() - minutes(120)), appointment());
    const user = userEvent.setup();
    await user.click(button(dialog, 'Excluir'));
    await user.click(button(dialog, 'Manutenção do espaço'));
    await user.click(button(dialog, 'Sim, excluir'));
    expect(await screen.findByText('Informe o motivo do cancelamento.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Agendamento' })).toBeInTheDocument();
  });

  it('shows why a block cancelled the booking', () => {
    const dialog = renderAt(
      new Date(startsAt.getTime() - minutes(60)),
      appointment({
        status: 'CANCELLED',
        cancelledAt: '2026-06-09T12:00:00.000Z',
        cancellationReason: 'Troca do saibro',
      }),
    );
    expect(within(dialog).getByText('Motivo do cancelamento')).toBeInTheDocument();
    expect(within(dialog).getByText('Troca do saibro')).toBeInTheDocument();
  });
});
