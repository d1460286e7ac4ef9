import { appointments, places, type Database } from '@clube/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import type * as writeBooking from '../../../src/services/appointments/write-booking';
import { createBookingScene } from '../../factories';
import { build } from '../../helper';

/**
 * Runs just before a place lock is taken: stands in for a place archive that commits while a
 * booking has loaded the place but still waits for the lock the archive holds.
 */
const beforePlaceLock = vi.hoisted(() => ({
  run: null as null | ((tx: Database, placeId: string) => Promise<void>),
}));
// The booking takes the place's lock together with its title's (lockBooking).

vi.mock('../../../src/services/appointments/write-booking', async (importActual) => {
  const actual = await importActual<typeof writeBooking>();
  return {
    ...actual,
    lockBooking: async (db: Database, options: Parameters<typeof actual.lockBooking>[1]) => {
      await beforePlaceLock.run?.(db, options.placeId);
      return actual.lockBooking(db, options);
    },
  };
});

const context = build();

describe('booking racing the archive of its place', () => {
  it('refuses with PlaceNotFound when the place is archived before the booking gets the lock', async () => {
    const { headers, bodyFor, day, place } = await createBookingScene(context.app);
    beforePlaceLock.run = async (tx, placeId) => {
      await tx
        .update(places)
        .set({ archivedAt: sql`now()` })
        .where(eq(places.id, placeId));
    };
    try {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/backoffice/appointment',
        headers,
        payload: bodyFor(day(3), '12:00'),
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ error: 'PlaceNotFound' });
    } finally {
      beforePlaceLock.run = null;
    }
    const booked = await context.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.placeId, place.id));
    expect(booked).toEqual([]);
  });

  it('still books when the place stays active', async () => {
    const { headers, bodyFor, day } = await createBookingScene(context.app);
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers,
      payload: bodyFor(day(3), '12:00'),
    });
    expect(response.statusCode).toBe(201);
  });
});
