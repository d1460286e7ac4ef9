import type { Appointment } from '@clube/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAppointment } from '@/testing/factories';
import { apiError, mockApi, route } from '@/testing/mock-api';
import { renderSignedIn } from '@/testing/render';
import { CheckInByCodeDialog } from './check-in-by-code-dialog';

const companyId = '44444444-4444-4444-8444-444444444444';

function renderDialog() {
  renderSignedIn(
    <CheckInByCodeDialog companyId={companyId} timezone="America/Sao_Paulo" onClose={() => {}} />,
  );
  return screen.getByRole('dialog', { name: 'Registrar entrada por código' });
}

describe('check-in by code', () => {
  it('checks the member in by the typed code and says who came in, ready for the next', async () => {
    const user = userEvent.setup();
    const checkedIn = buildAppointment({
      placeName: 'Piscina',
      startsAt: '2026-06-10T17:00:00.000Z',
      status: 'CHECKED_IN',
      associate: {
        id: '55555555-5555-4555-8555-555555555555',
        name: 'Maria Associada',
        cardId: '12',
      },
    });
    const { requests } = mockApi(
      route.post<Appointment>('/backoffice/appointment/check-in-by-code', checkedIn),
    );
    const dialog = renderDialog();

    const field = within(dialog).getByLabelText('Código da reserva');
    await user.type(field, '3f2a-9c01');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar entrada' }));

    expect(
      await within(dialog).findByText('Entrada registrada: Maria Associada, Piscina às 14:00.'),
    ).toBeVisible();
    expect(requests.at(-1)?.body).toEqual({ companyId, code: '3f2a-9c01' });
    expect(field).toHaveValue('');
  });

  it('says what a code looks like before asking, and why the API refused one', async () => {
    const user = userEvent.setup();
    const { requests } = mockApi(
      route.post('/backoffice/appointment/check-in-by-code', apiError('CheckInNotOpen')),
    );
    const dialog = renderDialog();
    const field = within(dialog).getByLabelText('Código da reserva');

    await user.type(field, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar entrada' }));
    expect(
      within(dialog).getByText('O código tem 8 letras e números, como 3F2A-9C01.'),
    ).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(requests).toHaveLength(0);

    await user.clear(field);
    await user.type(field, '3F2A9C01');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar entrada' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A entrada só pode ser registrada de 30 minutos antes do início até o fim do horário.',
    );
  });
});
