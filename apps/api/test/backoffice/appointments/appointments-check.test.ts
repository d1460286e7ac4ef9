import { appointments, associates } from '@clube/db';
import { monthOf } from '@clube/shared';
import { subYears, format } from 'date-fns';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAssociate } from '../../factories';
import { build } from '../../helper';
import { appointmentScene } from './appointments-scene';

const context = build();
const { scene, book, check } = appointmentScene(context);

describe('POST /api/backoffice/appointment/check', () => {
  it('answers ok with the quota when every rule passes, booking nothing', async () => {
    const { headers, bodyFor, day, place } = await scene({ associateReservationLimit: 4 });
    await book(headers, bodyFor(day(3), '09:00'));
    const response = await check(headers, bodyFor(day(3), '12:00'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, failures: [], quota: { used: 1, limit: 4 } });
    const rows = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.placeId, place.id));
    expect(rows).toHaveLength(1);
  });

  it('lists every failing rule, in order', async () => {
    const { headers, bodyFor, at, day, company, associate, place, staff } = await scene({
      availableBookingDays: 1,
      ageRestriction: 18,
      associateReservationLimit: 1,
    });
    // Booked earlier, when the window was wider: the title's one booking of the month.
    await context.db.insert(appointments).values({
      companyId: company.id,
      placeId: place.id,
      associateId: associate.id,
      associateTitleId: associate.associateTitleId,
      startsAt: at(day(3), '09:00'),
      endsAt: at(day(3), '10:00'),
      createdBy: staff.id,
    });
    const child = await createAssociate(context.db, company.id, {
      associateTitleId: associate.associateTitleId,
      birthDate: format(subYears(new Date(), 10), 'yyyy-MM-dd'),
    });
    await context.db.update(associates).set({ blocked: true }).where(eq(associates.id, child.id));
    const codes = (response: { json: () => { failures: { code: string }[] } }) =>
      response.json().failures.map((failure) => failure.code);

    const response = await check(headers, bodyFor(day(3), '12:00', child));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ok: false, quota: { used: 1, limit: 1 } });
    expect(codes(response)).toEqual([
      'AssociateBlocked',
      'AvailableBookingDaysMissed',
      'AgeRestriction',
      'ReservationsLimitReached',
    ]);
    expect(response.json().failures[0].message).toBe('O associado está bloqueado para reservas.');
    // The date from which the member may book: when the window reaches the day, and the first
    // day of the next month for the spent quota.
    const fromOf = (code: string) =>
      response
        .json()
        .failures.find((failure: { code: string; from?: string }) => failure.code === code)?.from;
    expect(fromOf('AvailableBookingDaysMissed')).toBe(day(2));
    expect(fromOf('ReservationsLimitReached')).toBe(monthOf(day(3)).next);
    expect(fromOf('AssociateBlocked')).toBeUndefined();
    const taken = await check(headers, bodyFor(day(3), '09:00', child));
    expect(codes(taken)).toEqual([
      'AssociateBlocked',
      'AvailableBookingDaysMissed',
      'AgeRestriction',
      'ReservationsLimitReached',
      'TimeAlreadyTaken',
    ]);
  });

  it('answers 404 for a place of another club', async () => {
    const { headers, bodyFor, day } = await scene();
    const other = await scene();
    const response = await check(headers, bodyFor(day(3), '12:00', undefined, other.place));
    expect(response.statusCode).toBe(404);
  });
});
