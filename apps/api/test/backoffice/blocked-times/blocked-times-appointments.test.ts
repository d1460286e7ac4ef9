import { appointments, auditEvents } from '@clube/db';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAppointment, createAssociate } from '../../factories';
import { lockPlace } from '../../../src/lib/place-lock';
import { build } from '../../helper';
import { blockedTimesScene, block } from './blocked-times-scene';

const context = build();
const { clubWithPlaces, single, blocksOf } = blockedTimesScene(context);

describe('blocks over appointments', () => {
  async function bookedPlace() {
    const club = await clubWithPlaces(['Quadra Central']);
    const db = context.db;
    const associate = await createAssociate(db, club.company.id, { name: 'João Prado' });
    const place = club.places[0]!;
    const at = (start: string, end: string) =>
      createAppointment(db, { place, associate, startsAt: new Date(start), endsAt: new Date(end) });
    const overlapping = await at('2030-03-04T08:00:00.000Z', '2030-03-04T09:30:00.000Z');
    // Touching the block's end is not an overlap.
    const touching = await at('2030-03-04T11:00:00.000Z', '2030-03-04T12:00:00.000Z');
    const cancelled = await at('2030-03-04T10:00:00.000Z', '2030-03-04T10:30:00.000Z');
    await db
      .update(appointments)
      .set({ status: 'CANCELLED', cancelledAt: new Date() })
      .where(eq(appointments.id, cancelled.id));
    return { ...club, place, overlapping, touching };
  }

  it('refuses a block over a SCHEDULED appointment, listing only the overlapping ones', async () => {
    const { place, headers, overlapping } = await bookedPlace();
    const response = await single(headers, { ...block, placeId: place.id });
    expect(response.statusCode).toBe(409);
    const conflicts = response.json().details.appointments;
    expect(conflicts.map((conflict: { id: string }) => conflict.id)).toEqual([overlapping.id]);
    expect(conflicts[0]).toMatchObject({
      associateName: 'João Prado',
      placeName: 'Quadra Central',
    });
    expect(await blocksOf([place.id])).toHaveLength(0);
    const [still] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, overlapping.id));
    expect(still!.status).toBe('SCHEDULED');
  });

  it('cancels them when told to, with the block reason, in the same request, audited', async () => {
    const { place, staff, headers, overlapping, touching } = await bookedPlace();
    const response = await single(headers, {
      ...block,
      placeId: place.id,
      resolutions: [{ appointmentId: overlapping.id, action: 'cancel' }],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      kept: [],
      moved: [],
      cancelled: [
        {
          appointmentId: overlapping.id,
          associate: { name: 'João Prado', cardId: expect.any(String) },
          place: { id: place.id, name: 'Quadra Central' },
          startsAt: '2030-03-04T08:00:00.000Z',
        },
      ],
    });
    expect(await blocksOf([place.id])).toHaveLength(1);

    const rows = await context.db
      .select()
      .from(appointments)
      .where(inArray(appointments.id, [overlapping.id, touching.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(overlapping.id)).toMatchObject({
      status: 'CANCELLED',
      cancelledBy: staff.id,
      cancellationReason: 'Manutenção',
    });
    expect(byId.get(overlapping.id)!.cancelledAt).toBeInstanceOf(Date);
    expect(byId.get(touching.id)!.status).toBe('SCHEDULED');

    const audits = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, overlapping.id), eq(auditEvents.action, 'appointment.cancel')),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(staff.id);
  });
});

describe('serialisation with bookings', () => {
  it('waits for a transaction holding the place lock, then sees the appointment it booked', async () => {
    const { company, places, headers } = await clubWithPlaces();
    const place = places[0]!;
    const associate = await createAssociate(context.db, company.id);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let hasLock = () => {};
    const locked = new Promise<void>((resolve) => {
      hasLock = resolve;
    });
    // Stands in for the booking transaction: same lock, appointment committed only at the end.
    const booking = context.db.transaction(async (tx) => {
      await lockPlace(tx, place.id);
      await createAppointment(tx, {
        place,
        associate,
        startsAt: new Date('2030-03-04T09:30:00.000Z'),
        endsAt: new Date('2030-03-04T10:30:00.000Z'),
      });
      hasLock();
      await held;
    });
    await locked;
    const blocking = single(headers, { ...block, placeId: place.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await booking;
    const response = await blocking;
    expect(response.statusCode).toBe(409);
    expect(await blocksOf([place.id])).toHaveLength(0);
  });
});
