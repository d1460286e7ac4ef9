import {
  type Appointment,
  type AssociateList,
  type BookingCheck,
  type StaffRole,
} from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { buildAppointment, buildAssociate, buildCompany } from '@/testing/factories';
import { mockApi, route, type RecordedRequest } from '@/testing/mock-api';
import { companyId, placeId, renderDialog, slot } from './create-appointment-dialog-scene';

const joao = buildAssociate({
  user: { name: 'João Carlos Pereira', cpf: '52998224725', email: null, phone: null },
});

const quotaUsed: BookingCheck = {
  ok: false,
  failures: [{ code: 'ReservationsLimitReached', message: 'y', from: '2026-07-01' }],
  quota: { used: 4, limit: 4 },
};

const isExceptionBooking = (request: RecordedRequest) =>
  request.method === 'POST' && request.url === '/api/backoffice/appointment/exception';

/** The API with the caller's role in the club, and the "why not?" answer for any member. */
function api(check: BookingCheck, role: StaffRole = 'recepcao') {
  const company = buildCompany({ id: companyId, role });
  setCurrentCompany(company);
  return mockApi(
    route.get('/backoffice/company', { items: [company] }),
    route.get<AssociateList>('/backoffice/associate/findAllPaginated', {
      items: [joao],
      total: 1,
      nextCursor: null,
      previousCursor: null,
    }),
    route.post<BookingCheck>('/backoffice/appointment/check', check),
    route.post<Appointment>('/backoffice/appointment/exception', ({ body }) =>
      buildAppointment({ exceptionReason: (body as { reason: string }).reason }),
    ),
  );
}

async function pickJoao() {
  const dialog = renderDialog();
  const user = userEvent.setup();
  await user.type(within(dialog).getByRole('combobox', { name: 'Associado' }), 'pereira');
  await user.click(await within(dialog).findByRole('option', { name: /João Carlos Pereira/ }));
  await within(dialog).findByRole('alert');
  return { dialog, user };
}

describe('booking as an exception from the booking dialog', () => {
  it('asks for a reason, then books as an exception with it', async () => {
    const { requests } = api(quotaUsed);
    const { dialog, user } = await pickJoao();
    const submit = await within(dialog).findByRole('button', { name: 'Reservar como exceção' });
    expect(within(dialog).getByRole('button', { name: 'Criar' })).toBeDisabled();

    await user.click(submit);
    const reason = within(dialog).getByRole('textbox', { name: 'Motivo da exceção' });
    expect(await within(dialog).findByText('Informe o motivo da exceção')).toBeVisible();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(requests.some(isExceptionBooking)).toBe(false);

    await user.type(reason, 'Torneio da diretoria');
    await user.click(submit);
    await waitFor(() =>
      expect(requests.find(isExceptionBooking)?.body).toEqual({
        associateId: joao.id,
        placeId,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        cardId: joao.cardId,
        reason: 'Torneio da diretoria',
      }),
    );
    expect(await screen.findByText('Agendamento criado como exceção.')).toBeInTheDocument();
  });

  it('offers nothing when a rule no exception waives fails too', async () => {
    api({
      ...quotaUsed,
      failures: [...quotaUsed.failures, { code: 'TimeAlreadyTaken', message: 'x' }],
    });
    const { dialog } = await pickJoao();
    expect(within(dialog).queryByRole('button', { name: 'Reservar como exceção' })).toBeNull();
    expect(within(dialog).queryByRole('textbox', { name: 'Motivo da exceção' })).toBeNull();
  });

  it('offers nothing to a role that may not make exceptions', async () => {
    api(quotaUsed, 'consulta');
    const { dialog } = await pickJoao();
    // The role is read with the clubs: give it time to arrive before looking.
    await waitFor(() => expect(within(dialog).getByText('4 de 4 neste mês')).toBeVisible());
    expect(within(dialog).queryByRole('button', { name: 'Reservar como exceção' })).toBeNull();
  });
});
