import { appointments, auditEvents, bookingGuests } from '@clube/db';
import { completeCpf } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAppointment,
  createClubWithBearer,
  type createPlace,
  createPortalScene,
} from '../../factories';
import { build } from '../../helper';

const context = build();

const barbecue = { guestsAllowed: true, guestLimit: 3, guestListClosesHours: 2 };
const cpfA = completeCpf('123456789');
const cpfB = completeCpf('987654321');

/** A portal scene whose place accepts guests, and a booking of the holder two days ahead. */
async function guestScene(placeValues: Parameters<typeof createPlace>[2] = barbecue) {
  const s = await createPortalScene(context.app, { name: 'Churrasqueira 1', ...placeValues });
  const startsAt = s.at(s.day(2), '12:00');
  const booking = await createAppointment(context.db, {
    place: s.place,
    associate: s.holder,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
  });
  const put = (headers: Record<string, string>, guests: object[], id = booking.id) =>
    context.app.inject({
      method: 'PUT',
      url: `/api/portal/bookings/${id}/guests`,
      headers,
      payload: { guests },
    });
  const staffPut = (guests: object[], id = booking.id) =>
    context.app.inject({
      method: 'PUT',
      url: `/api/backoffice/appointment/${id}/guests`,
      headers: s.staffHeaders,
      payload: { guests },
    });
  const stored = () =>
    context.db.select().from(bookingGuests).where(eq(bookingGuests.appointmentId, booking.id));
  return { ...s, booking, startsAt, put, staffPut, stored };
}

describe('PUT /api/portal/bookings/:id/guests', () => {
  it('lists guests on the booking, CPFs kept as digits and answered masked, audited without names', async () => {
    const s = await guestScene();
    const response = await s.put(s.holderSession.headers, [
      { name: '  Ana Convidada ', cpf: '123.456.789-09' },
      { name: 'Bruno Convidado' },
    ]);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toMatchObject({ limit: 3, cpfRequired: false, editable: true });
    expect(list.guests.map((guest: { name: string }) => guest.name).sort()).toEqual([
      'Ana Convidada',
      'Bruno Convidado',
    ]);
    expect(list.guests.find((guest: { name: string }) => guest.name === 'Ana Convidada').cpf).toBe(
      '***.456.789-**',
    );
    const rows = await s.stored();
    expect(rows.map((row) => row.cpf).sort()).toEqual(['12345678909', null]);
    const [event] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, s.booking.id), eq(auditEvents.action, 'appointment.guests')),
      );
    expect(event).toMatchObject({ actorAssociateId: s.holder.id, actorUserId: null });
    expect(JSON.stringify(event!.data)).not.toMatch(/Ana|12345678909/);
    const listed = await context.app.inject({
      method: 'GET',
      url: '/api/portal/bookings?scope=upcoming',
      headers: s.holderSession.headers,
    });
    expect(listed.json().items[0]).toMatchObject({ guestLimit: 3, guestCount: 2 });
  });

  it('edits and removes guests: a kept guest keeps its row, its CPF and its check-in mark', async () => {
    const s = await guestScene();
    const first = await s.put(s.holderSession.headers, [
      { name: 'Ana', cpf: cpfA },
      { name: 'Bruno', cpf: cpfB },
    ]);
    const [ana, bruno] = first.json().guests as Array<{ id: string; name: string }>;
    const anaId = [ana, bruno].find((guest) => guest!.name === 'Ana')!.id;
    await context.db
      .update(bookingGuests)
      .set({ checkedInAt: new Date() })
      .where(eq(bookingGuests.id, anaId));
    const second = await s.put(s.holderSession.headers, [
      { id: anaId, name: 'Ana Maria' },
      { name: 'Carla' },
    ]);
    expect(second.statusCode).toBe(200);
    const rows = await s.stored();
    expect(rows).toHaveLength(2);
    const kept = rows.find((row) => row.id === anaId)!;
    expect(kept).toMatchObject({ name: 'Ana Maria', cpf: cpfA });
    expect(kept.checkedInAt).not.toBeNull();
    expect(rows.some((row) => row.name === 'Bruno')).toBe(false);
    const cleared = await s.put(s.holderSession.headers, [
      { id: anaId, name: 'Ana Maria', cpf: '' },
    ]);
    expect(cleared.json().guests).toEqual([expect.objectContaining({ id: anaId, cpf: null })]);
  });

  it('lets a member of the same title (the dependent) change the holder’s booking list', async () => {
    const s = await guestScene();
    const response = await s.put(s.dependentSession.headers, [{ name: 'Ana' }]);
    expect(response.statusCode).toBe(200);
  });

  const refusals: Array<{
    name: string;
    status: number;
    code: string;
    placeValues?: Parameters<typeof createPlace>[2];
    guests: object[];
  }> = [
    {
      name: 'more guests than the place allows',
      status: 409,
      code: 'GuestLimitExceeded',
      guests: [{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }],
    },
    {
      name: 'an invalid CPF',
      status: 400,
      code: 'GuestCpfInvalid',
      guests: [{ name: 'A', cpf: '123.456.789-00' }],
    },
    {
      name: 'no CPF where the place asks for one',
      status: 400,
      code: 'GuestCpfRequired',
      placeValues: { ...barbecue, guestCpfRequired: true },
      guests: [{ name: 'A', cpf: cpfA }, { name: 'B' }],
    },
    {
      name: 'the same CPF twice',
      status: 409,
      code: 'GuestCpfRepeated',
      guests: [
        { name: 'A', cpf: cpfA },
        { name: 'B', cpf: cpfA.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') },
      ],
    },
    {
      name: 'a place that takes no guests',
      status: 409,
      code: 'GuestsNotAccepted',
      placeValues: { guestsAllowed: false, guestLimit: 10 },
      guests: [{ name: 'A' }],
    },
    {
      name: 'a list past its deadline',
      status: 409,
      code: 'GuestListClosed',
      placeValues: { ...barbecue, guestListClosesHours: 24 * 3 },
      guests: [{ name: 'A' }],
    },
    {
      name: 'a guest id that is not on the booking',
      status: 404,
      code: 'GuestNotFound',
      guests: [{ id: '00000000-0000-4000-8000-000000000000', name: 'A' }],
    },
    {
      name: 'a name longer than 120 characters',
      status: 400,
      code: 'ValidationError',
      guests: [{ name: 'A'.repeat(121) }],
    },
  ];
  for (const refusal of refusals) {
    it(`refuses ${refusal.name} with ${refusal.code}, in Portuguese, changing nothing`, async () => {
      const s = await guestScene(refusal.placeValues);
      await context.db
        .insert(bookingGuests)
        .values({ companyId: s.company.id, appointmentId: s.booking.id, name: 'Já Listado' });
      const response = await s.put(s.holderSession.headers, refusal.guests);
      expect(response.statusCode).toBe(refusal.status);
      expect(response.json().error).toBe(refusal.code);
      expect(response.json().message).toMatch(/[ãçéáíóú]|convidad|inválid/i);
      expect((await s.stored()).map((row) => row.name)).toEqual(['Já Listado']);
    });
  }

  it('bounds the list at 200 whatever the place says', async () => {
    const s = await guestScene();
    const guests = Array.from({ length: 201 }, (_, index) => ({ name: `Convidado ${index}` }));
    const response = await s.put(s.holderSession.headers, guests);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('ValidationError');
  });

  it('answers 404 for another title’s booking and for another club’s, changing nothing', async () => {
    const s = await guestScene();
    const neighbour = await s.put(s.neighbourSession.headers, [{ name: 'Intruso' }]);
    expect(neighbour.statusCode).toBe(404);
    expect(neighbour.json().error).toBe('AppointmentNotFound');
    const other = await guestScene();
    const crossClub = await s.put(s.holderSession.headers, [{ name: 'Intruso' }], other.booking.id);
    expect(crossClub.statusCode).toBe(404);
    const read = await context.app.inject({
      method: 'GET',
      url: `/api/portal/bookings/${s.booking.id}/guests`,
      headers: s.neighbourSession.headers,
    });
    expect(read.statusCode).toBe(404);
    expect(await s.stored()).toHaveLength(0);
    expect(await other.stored()).toHaveLength(0);
  });

  it('refuses a cancelled booking’s list with AppointmentNotScheduled', async () => {
    const s = await guestScene();
    await context.db
      .update(appointments)
      .set({ status: 'CANCELLED', cancelledAt: new Date() })
      .where(eq(appointments.id, s.booking.id));
    const response = await s.put(s.holderSession.headers, [{ name: 'Ana' }]);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('AppointmentNotScheduled');
  });

  it('deletes the guests with their booking', async () => {
    const s = await guestScene();
    await s.put(s.holderSession.headers, [{ name: 'Ana', cpf: cpfA }]);
    await context.db.delete(appointments).where(eq(appointments.id, s.booking.id));
    expect(await s.stored()).toHaveLength(0);
  });
});

describe('/api/backoffice/appointment/:id/guests', () => {
  it('lets the front desk read and set a booking’s list within the same limits, audited as staff', async () => {
    const s = await guestScene();
    const response = await s.staffPut([{ name: 'Ana', cpf: cpfA }]);
    expect(response.statusCode).toBe(200);
    const tooMany = await s.staffPut([{ name: 'A' }, { name: 'B' }, { name: 'C' }, { name: 'D' }]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe('GuestLimitExceeded');
    const read = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/appointment/${s.booking.id}/guests`,
      headers: s.staffHeaders,
    });
    expect(read.json()).toMatchObject({ guests: [{ name: 'Ana', cpf: '***.456.789-**' }] });
    const [event] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, s.booking.id), eq(auditEvents.action, 'appointment.guests')),
      );
    expect(event).toMatchObject({ actorUserId: s.staff.id });
  });

  it('answers 404 for another club’s booking', async () => {
    const s = await guestScene();
    const stranger = await createClubWithBearer(context.app);
    const response = await context.app.inject({
      method: 'PUT',
      url: `/api/backoffice/appointment/${s.booking.id}/guests`,
      headers: stranger.headers,
      payload: { guests: [{ name: 'Intruso' }] },
    });
    expect(response.statusCode).toBe(404);
    expect(await s.stored()).toHaveLength(0);
  });
});
