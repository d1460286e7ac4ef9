import type { Database } from '@clube/db';
import { describe, expect, it, vi } from 'vitest';
import type * as writeBooking from '../../../src/services/appointments/write-booking';
import { createAssociate, createBookingScene } from '../../factories';
import { build } from '../../helper';

/** The places whose booking lock was asked for, in order. */
const locked = vi.hoisted(() => ({ places: [] as string[] }));

vi.mock('../../../src/services/appointments/write-booking', async (importActual) => {
  const actual = await importActual<typeof writeBooking>();
  return {
    ...actual,
    lockBooking: async (db: Database, options: Parameters<typeof actual.lockBooking>[1]) => {
      locked.places.push(options.placeId);
      return actual.lockBooking(db, options);
    },
  };
});

const context = build();

describe('booking a slot somebody already holds', () => {
  it('is refused without waiting for the place lock, every failing rule still listed', async () => {
    const db = context.db;
    const scene = await createBookingScene(context.app, { associateReservationLimit: 1 });
    const book = (payload: object) =>
      context.app.inject({
        method: 'POST',
        url: '/api/backoffice/appointment',
        headers: scene.headers,
        payload,
      });
    locked.places.length = 0;
    const first = await book(scene.bodyFor(scene.day(3), '12:00'));
    expect(first.statusCode).toBe(201);
    expect(locked.places).toEqual([scene.place.id]);

    // Another member takes the held slot: refused, and the place's lock was never asked for.
    const other = await createAssociate(db, scene.company.id);
    const taken = await book(scene.bodyFor(scene.day(3), '12:00', other));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ error: 'TimeAlreadyTaken' });
    expect(locked.places).toEqual([scene.place.id]);

    // The same title over its quota on the held slot: the quota (rule 8) comes first, as before.
    const again = await book(scene.bodyFor(scene.day(3), '12:00'));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'ReservationsLimitReached' });
    expect(locked.places).toEqual([scene.place.id]);

    // A free slot still goes through the lock.
    const free = await book(scene.bodyFor(scene.day(3), '13:00', other));
    expect(free.statusCode).toBe(201);
    expect(locked.places).toEqual([scene.place.id, scene.place.id]);
  });
});
