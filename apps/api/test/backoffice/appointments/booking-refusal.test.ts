import { bookingRefusalSchema, bookingRuleKeys } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { createPortalScene } from '../../factories';
import { build } from '../../helper';

const context = build();

describe('a refused booking, on both realms', () => {
  it('answers the same shape with every failing rule in details.failures', async () => {
    const s = await createPortalScene(context.app, { associateReservationLimit: 1 });
    const startsAt = s.at(s.day(2), '10:00');
    const first = await context.app.inject({
      method: 'POST',
      url: '/api/portal/bookings',
      headers: s.holderSession.headers,
      payload: { placeId: s.place.id, startsAt: startsAt.toISOString() },
    });
    expect(first.statusCode).toBe(201);

    // The same slot for another member of the title: taken, and the title's quota used.
    const portal = await context.app.inject({
      method: 'POST',
      url: '/api/portal/bookings',
      headers: s.dependentSession.headers,
      payload: { placeId: s.place.id, startsAt: startsAt.toISOString() },
    });
    const staff = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/appointment',
      headers: s.staffHeaders,
      payload: {
        associateId: s.dependent.id,
        placeId: s.place.id,
        cardId: s.dependent.cardId,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
      },
    });
    for (const response of [portal, staff]) {
      expect(response.statusCode).toBe(422);
      const body = bookingRefusalSchema.parse(response.json());
      expect(body.error).toBe('ReservationsLimitReached');
      const codes = body.details?.failures.map((failure) => failure.code);
      expect(codes).toEqual(['ReservationsLimitReached', 'TimeAlreadyTaken']);
      for (const code of codes ?? []) expect(bookingRuleKeys).toContain(code);
      expect(body.details?.failures[0]).toMatchObject({
        message: expect.any(String),
        from: expect.stringMatching(/^\d{4}-\d{2}-01$/),
      });
    }
    expect(staff.json().details).toEqual(portal.json().details);
  });
});
