import { appointments, auditEvents, bookingGuests } from '@clube/db';
import { completeCpf } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addStaff,
  bearerFor,
  createAppointment,
  createClubWithBearer,
  createPortalScene,
  createUser,
} from '../../factories';
import { build } from '../../helper';
import { countRoundTrips } from '../../round-trip-counter';

const context = build();

/** A barbecue area and a court of one club, and `count` bookings two days ahead with guests. */
async function gateScene(count = 2) {
  const s = await createPortalScene(context.app, {
    name: 'Churrasqueira 1',
    guestsAllowed: true,
    guestLimit: 30,
  });
  const date = s.day(2);
  const bookings = [];
  for (let index = 0; index < count; index += 1) {
    const startsAt = s.at(date, `${String(10 + index).padStart(2, '0')}:00`);
    const booking = await createAppointment(context.db, {
      place: s.place,
      associate: index % 2 === 0 ? s.holder : s.neighbour,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
    });
    await context.db.insert(bookingGuests).values([
      {
        companyId: s.company.id,
        appointmentId: booking.id,
        name: `Convidada ${index}`,
        cpf: completeCpf(String(100_000_000 + index)),
      },
      { companyId: s.company.id, appointmentId: booking.id, name: `Convidado ${index}` },
    ]);
    bookings.push(booking);
  }
  const read = (headers: Record<string, string> = s.staffHeaders, day = date) =>
    context.app.inject({
      method: 'GET',
      url: '/api/backoffice/gate-list',
      query: { companyId: s.company.id, date: day },
      headers,
    });
  const checkIn = (id: string, checkedIn: boolean, headers = s.staffHeaders) =>
    context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/guests/${id}/check-in`,
      headers,
      payload: { checkedIn },
    });
  return { ...s, date, bookings, read, checkIn };
}

describe('GET /api/backoffice/gate-list', () => {
  it('lists the day’s bookings with guests by time: member, place, names and masked CPFs', async () => {
    const s = await gateScene(2);
    const response = await s.read();
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list.bookings).toHaveLength(2);
    expect(list.bookings[0]).toMatchObject({
      appointmentId: s.bookings[0]!.id,
      place: { name: 'Churrasqueira 1' },
      associate: { name: 'Helena Titular' },
      guests: [
        { name: 'Convidada 0', cpf: expect.stringMatching(/^\*\*\*\.\d{3}\.\d{3}-\*\*$/) },
        { name: 'Convidado 0', cpf: null, checkedInAt: null },
      ],
    });
    expect(list.bookings[1].associate.name).toBe('Vera Vizinha');
    expect(response.body).not.toContain(completeCpf('100000000'));
  });

  it('leaves out cancelled bookings and other days', async () => {
    const s = await gateScene(2);
    await context.db
      .update(appointments)
      .set({ status: 'CANCELLED', cancelledAt: new Date() })
      .where(eq(appointments.id, s.bookings[0]!.id));
    expect((await s.read()).json().bookings).toHaveLength(1);
    expect((await s.read(s.staffHeaders, s.day(3))).json().bookings).toEqual([]);
  });

  it('reads a day in a fixed number of statements, whatever the number of bookings', async () => {
    const few = await gateScene(1);
    const many = await gateScene(6);
    await few.read();
    await many.read();
    const counter = countRoundTrips();
    try {
      const forFew = await counter.count(() => few.read());
      const forMany = await counter.count(() => many.read());
      expect(forMany).toBe(forFew);
    } finally {
      counter.restore();
    }
  });

  it('is open to every role that sees the day sheet, and answers 404 for another club', async () => {
    const s = await gateScene(1);
    const consulta = await createUser(context.db);
    await addStaff(context.db, s.company.id, consulta.id, 'consulta');
    const consultaHeaders = await bearerFor(context.app, consulta.cpf);
    expect((await s.read(consultaHeaders)).statusCode).toBe(200);
    const stranger = await createClubWithBearer(context.app);
    const response = await s.read(stranger.headers);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('CompanyNotFound');
  });
});

describe('PATCH /api/backoffice/guests/:id/check-in', () => {
  it('marks a guest as arrived and takes the mark back, audited', async () => {
    const s = await gateScene(1);
    const [guest] = (await s.read()).json().bookings[0].guests;
    const marked = await s.checkIn(guest.id, true);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().checkedInAt).not.toBeNull();
    expect((await s.read()).json().bookings[0].guests[0].checkedInAt).not.toBeNull();
    const undone = await s.checkIn(guest.id, false);
    expect(undone.json().checkedInAt).toBeNull();
    const events = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entityId, s.bookings[0]!.id),
          eq(auditEvents.action, 'appointment.guest-check-in'),
        ),
      );
    expect(events).toHaveLength(1);
  });

  it('answers 404 for another club’s guest and for a cancelled booking’s, changing nothing', async () => {
    const s = await gateScene(1);
    const [guest] = (await s.read()).json().bookings[0].guests;
    const stranger = await createClubWithBearer(context.app);
    const crossClub = await s.checkIn(guest.id, true, stranger.headers);
    expect(crossClub.statusCode).toBe(404);
    expect(crossClub.json().error).toBe('GuestNotFound');
    await context.db
      .update(appointments)
      .set({ status: 'CANCELLED', cancelledAt: new Date() })
      .where(eq(appointments.id, s.bookings[0]!.id));
    expect((await s.checkIn(guest.id, true)).statusCode).toBe(404);
    const [row] = await context.db
      .select()
      .from(bookingGuests)
      .where(eq(bookingGuests.id, guest.id));
    expect(row!.checkedInAt).toBeNull();
  });

  it('is refused to the Consulta role', async () => {
    const s = await gateScene(1);
    const [guest] = (await s.read()).json().bookings[0].guests;
    const user = await createUser(context.db);
    await addStaff(context.db, s.company.id, user.id, 'consulta');
    const response = await s.checkIn(guest.id, true, await bearerFor(context.app, user.cpf));
    expect(response.statusCode).toBe(403);
  });
});
