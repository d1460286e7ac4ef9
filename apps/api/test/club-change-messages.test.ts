import { appointments, outboxMessages } from '@clube/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearerFor,
  createAppointment,
  createAssociate,
  createCategory,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
  createTitle,
} from './factories';
import { build } from './helper';

const context = build({ publicUrl: 'https://reservas.clube.test' });

/** Monday 2030-03-04, São Paulo (UTC−3): 10:00–12:00 local. */
const block = {
  description: 'Torneio interno',
  startAt: '2030-03-04T13:00:00.000Z',
  endsAt: '2030-03-04T15:00:00.000Z',
};
const ten = {
  startsAt: new Date('2030-03-04T13:00:00.000Z'),
  endsAt: new Date('2030-03-04T14:00:00.000Z'),
};
const eleven = {
  startsAt: new Date('2030-03-04T14:00:00.000Z'),
  endsAt: new Date('2030-03-04T15:00:00.000Z'),
};

describe('a block that cancels or moves bookings', () => {
  it('queues exactly one message per affected member, with the reason, to the booker too', async () => {
    const db = context.database.db;
    const club = await createClubWithStaff(db, { name: 'Clube Náutico' });
    const companyId = club.company.id;
    await createOperatingHours(db, companyId);
    const courts = await createCategory(db, companyId, { name: 'Quadras' });
    const a = await createPlace(db, companyId, { name: 'Quadra A', categoryId: courts.id });
    const b = await createPlace(db, companyId, { name: 'Quadra B', categoryId: courts.id });
    const bCourt = await createPlace(db, companyId, { name: 'Quadra C', categoryId: courts.id });
    // Ana has two bookings (A at ten and B at eleven); Bruno one, and no e-mail; Helena booked
    // B at ten for her son Lucas.
    const ana = await createAssociate(db, companyId, { name: 'Ana Souza', email: 'ana@x.com' });
    const bruno = await createAssociate(db, companyId, { name: 'Bruno Reis', email: null });
    const family = await createTitle(db, companyId);
    const helena = await createAssociate(db, companyId, {
      name: 'Helena Lima',
      email: 'helena@x.com',
      associateTitleId: family.id,
      isHolder: true,
    });
    const lucas = await createAssociate(db, companyId, {
      name: 'Lucas Lima',
      email: 'lucas@x.com',
      associateTitleId: family.id,
    });
    const anaAtTen = await createAppointment(db, { place: a, associate: ana, ...ten });
    const anaAtEleven = await createAppointment(db, { place: b, associate: ana, ...eleven });
    const brunoAtEleven = await createAppointment(db, { place: a, associate: bruno, ...eleven });
    const lucasAtTen = await createAppointment(db, { place: b, associate: lucas, ...ten });
    await db
      .update(appointments)
      .set({ createdByAssociateId: helena.id })
      .where(eq(appointments.id, lucasAtTen.id));

    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/blocked-time/bulk',
      headers: await bearerFor(context.app, club.staff.cpf),
      payload: {
        ...block,
        placeIds: [a.id, b.id],
        resolutions: [
          { appointmentId: anaAtTen.id, action: 'cancel' },
          { appointmentId: anaAtEleven.id, action: 'move', placeId: bCourt.id },
          { appointmentId: brunoAtEleven.id, action: 'cancel' },
          { appointmentId: lucasAtTen.id, action: 'cancel' },
        ],
      },
    });
    expect(response.statusCode).toBe(201);

    const messages = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.companyId, companyId));
    expect(messages.map((message) => message.recipient).sort()).toEqual([
      '',
      'ana@x.com',
      'helena@x.com',
      'lucas@x.com',
    ]);
    // Bruno has no address: his is kept for the portal's Avisos only.
    expect(messages.find((message) => message.associateId === bruno.id)).toMatchObject({
      recipient: '',
      status: 'notice',
    });
    const toAna = messages.find((message) => message.recipient === 'ana@x.com')!;
    expect(toAna).toMatchObject({
      associateId: ana.id,
      kind: 'booking-changed-by-club',
      subject:
        'Reservas alteradas pelo clube: Quadra A, 04/03/2030, 10:00 e mais 1 — Clube Náutico',
      status: 'pending',
    });
    expect(toAna.textBody).toContain('Olá, Ana!');
    expect(toAna.textBody).toContain(
      'Quadra A, 04/03/2030, 10:00–11:00: cancelada. Motivo: Torneio interno.',
    );
    expect(toAna.textBody).toContain(
      'Quadra B, 04/03/2030, 11:00–12:00: transferida para Quadra C, no mesmo horário. Motivo: Torneio interno.',
    );
    expect(toAna.textBody).toContain(
      'Ver minhas reservas: https://reservas.clube.test/portal/reservas',
    );
    expect(toAna.textBody).toContain('— Clube Náutico');
    expect(toAna.htmlBody).toContain('Quadra A, 04/03/2030, 10:00–11:00: cancelada.');
    expect(toAna.htmlBody).toContain('href="https://reservas.clube.test/portal/reservas"');

    const toHelena = messages.find((message) => message.recipient === 'helena@x.com')!;
    expect(toHelena.subject).toBe(
      'Reserva alterada pelo clube: Quadra B, 04/03/2030, 10:00 — Clube Náutico',
    );
    expect(toHelena.textBody).toContain(
      'cancelada. Motivo: Torneio interno. (reserva de Lucas Lima)',
    );
    const toLucas = messages.find((message) => message.recipient === 'lucas@x.com')!;
    expect(toLucas.textBody).not.toContain('reserva de');
  });

  it('escapes what staff typed in the HTML part', async () => {
    const db = context.database.db;
    const club = await createClubWithStaff(db);
    await createOperatingHours(db, club.company.id);
    const place = await createPlace(db, club.company.id, { name: 'Quadra <b>' });
    const ana = await createAssociate(db, club.company.id, { email: 'ana2@x.com' });
    const booking = await createAppointment(db, { place, associate: ana, ...ten });
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/blocked-time/bulk',
      headers: await bearerFor(context.app, club.staff.cpf),
      payload: {
        ...block,
        description: '<script>alert(1)</script>',
        placeIds: [place.id],
        resolutions: [{ appointmentId: booking.id, action: 'cancel' }],
      },
    });
    expect(response.statusCode).toBe(201);
    const [message] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'ana2@x.com'));
    expect(message!.htmlBody).not.toContain('<script>');
    expect(message!.htmlBody).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message!.htmlBody).toContain('Quadra &lt;b&gt;');
  });
});

describe('a booking cancelled by staff', () => {
  it('is told to the member, with the reason', async () => {
    const db = context.database.db;
    const club = await createClubWithStaff(db, { name: 'Clube Azul' });
    await createOperatingHours(db, club.company.id);
    const place = await createPlace(db, club.company.id, { name: 'Quadra 1' });
    const ana = await createAssociate(db, club.company.id, { name: 'Ana', email: 'ana3@x.com' });
    const booking = await createAppointment(db, { place, associate: ana, ...ten });
    const response = await context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/appointment/cancel/${booking.id}`,
      headers: await bearerFor(context.app, club.staff.cpf),
      // A reason the staff member ended with a full stop gets no second one.
      payload: { reason: '  Troca do piso da quadra.  ' },
    });
    expect(response.statusCode).toBe(200);
    const messages = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, 'ana3@x.com'));
    expect(messages).toHaveLength(1);
    expect(messages[0]!.subject).toBe(
      'Reserva alterada pelo clube: Quadra 1, 04/03/2030, 10:00 — Clube Azul',
    );
    expect(messages[0]!.textBody).toContain(
      'Quadra 1, 04/03/2030, 10:00–11:00: cancelada. Motivo: Troca do piso da quadra.\n',
    );
  });
});
