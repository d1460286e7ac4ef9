import {
  clubInstant,
  type DaySheetAppointment,
  type StaffRole,
  type StaffWaitlistEntry,
} from '@clube/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setCurrentCompany } from '@/lib/current-company';
import { buildAppointment, buildAssociate, buildCompany } from '@/testing/factories';
import { mockApi, route } from '@/testing/mock-api';
import { renderSignedIn } from '@/testing/render';
import { DaySheetBookingDialog } from './day-sheet-booking-dialog';
import { SlotWaitlist } from './slot-waitlist';

const timezone = 'America/Sao_Paulo';
const date = '2026-06-10';
const startsAt = clubInstant(date, '14:00', timezone).toISOString();
const endsAt = clubInstant(date, '15:00', timezone).toISOString();
const placeId = '55555555-5555-4555-8555-555555555555';
const otherPlaceId = '66666666-6666-4666-8666-666666666666';

const entry = (n: number, overrides: Partial<StaffWaitlistEntry> = {}): StaffWaitlistEntry => ({
  id: `77777777-7777-4777-8777-00000000000${n}`,
  place: { id: placeId, name: 'Quadra Central' },
  associate: {
    id: `88888888-8888-4888-8888-00000000000${n}`,
    name: `Membro ${n}`,
    cardId: `C${n}`,
  },
  startsAt,
  endsAt,
  status: 'WAITING',
  position: n,
  offerExpiresAt: null,
  since: clubInstant('2026-06-09', `0${n}:30`, timezone).toISOString(),
  ...overrides,
});
const line = [entry(1), entry(2)];
const bruno = buildAssociate({
  id: '99999999-9999-4999-8999-999999999999',
  user: { name: 'Bruno Reis', cpf: '11144477735', email: null, phone: null },
});
// Another place's line the same day: the dialog keeps only its own slot's.
const elsewhere = entry(3, { place: { id: otherPlaceId, name: 'Quadra 2' }, position: 1 });

function asRole(role: StaffRole) {
  const company = buildCompany({ timezone, role });
  setCurrentCompany(company);
  // The role comes with the clubs' list.
  mockApi(route.get('/backoffice/company', { items: [company] }));
  return company;
}

const booking: DaySheetAppointment = {
  id: '33333333-3333-4333-8333-333333333333',
  associateId: '22222222-2222-4222-8222-222222222222',
  associateName: 'Ana Lima',
  cardId: '1234',
  titleName: 'Título 7',
  bookedVia: 'portal',
  bookedByName: null,
  startsAt,
  endsAt,
  status: 'SCHEDULED',
  checkedInAt: null,
  noShowAt: null,
  exceptionReason: null,
};

describe('a slot’s waitlist in the day sheet’s dialogs', () => {
  it('lists the line of a taken slot in order, and puts another member in line', async () => {
    const company = asRole('recepcao');
    const { requests } = mockApi(
      route.get('/backoffice/waitlists', { items: [...line, elsewhere] }),
      route.get(`/backoffice/appointment/${booking.id}/guests`, {
        appointmentId: booking.id,
        guests: [],
        limit: 0,
        cpfRequired: false,
        closesAt: startsAt,
        editable: true,
      }),
      route.get('/backoffice/associate/findAllPaginated', {
        items: [bruno],
        total: 1,
        nextCursor: null,
        previousCursor: null,
      }),
      route.post(
        '/backoffice/waitlists',
        entry(3, { associate: { id: bruno.id, name: 'Bruno Reis', cardId: 'C9' }, position: 3 }),
      ),
    );
    renderSignedIn(
      <DaySheetBookingDialog
        booking={{ placeName: 'Quadra Central', appointment: booking, slot: { placeId, date } }}
        companyId={company.id}
        timezone={timezone}
        noShowToleranceMinutes={15}
        onClose={() => {}}
        now={() => new Date(Date.parse(startsAt) - 86_400_000)}
      />,
    );
    const section = await screen.findByRole('region', { name: 'Lista de espera (2)' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('1º Membro 1'),
      expect.stringContaining('2º Membro 2'),
    ]);
    expect(within(items[0]!).getByText('Na fila desde 09/06/26 01:30')).toBeVisible();
    // Taken: nothing to offer or book yet.
    expect(within(section).queryByRole('button', { name: /Oferecer a vaga/ })).toBeNull();

    const user = userEvent.setup();
    await user.type(
      within(section).getByRole('textbox', { name: /Colocar associado na fila/ }),
      'Bruno',
    );
    await user.click(
      await within(section).findByRole('button', { name: 'Colocar Bruno Reis na fila' }),
    );
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        placeId,
        startsAt,
        associateId: '99999999-9999-4999-8999-999999999999',
      }),
    );
    expect(await screen.findByText('Bruno Reis entrou na fila (3º).')).toBeInTheDocument();
  });

  it('offers a freed slot by hand to anyone in line, or books it for them', async () => {
    const company = asRole('recepcao');
    const onBooked = vi.fn();
    const offeredUntil = clubInstant(date, '13:15', timezone).toISOString();
    const { requests } = mockApi(
      route.get('/backoffice/waitlists', { items: line }),
      route.post(`/backoffice/waitlists/${line[1]!.id}/offer`, {
        ...line[1]!,
        status: 'OFFERED',
        offerExpiresAt: offeredUntil,
      }),
      route.post(
        `/backoffice/waitlists/${line[0]!.id}/book`,
        buildAppointment({ companyId: company.id, startsAt, endsAt }),
      ),
    );
    renderSignedIn(
      <SlotWaitlist
        companyId={company.id}
        timezone={timezone}
        slot={{ placeId, startsAt, date }}
        isFree
        onBooked={onBooked}
      />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Oferecer a vaga a Membro 2' }));
    expect(await screen.findByText('Vaga oferecida a Membro 2 até as 13:15.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Agendar para Membro 1' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalled());
    expect(requests.filter((request) => request.method === 'POST').map((r) => r.url)).toEqual([
      `/api/backoffice/waitlists/${line[1]!.id}/offer`,
      `/api/backoffice/waitlists/${line[0]!.id}/book`,
    ]);
  });

  it('shows Consulta the line without its actions', async () => {
    const company = asRole('consulta');
    mockApi(route.get('/backoffice/waitlists', { items: line }));
    renderSignedIn(
      <SlotWaitlist
        companyId={company.id}
        timezone={timezone}
        slot={{ placeId, startsAt, date }}
        isFree
      />,
    );
    expect(await screen.findByText(/Membro 2/)).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
