import { appointments, companies, places, waitlistEntries } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPortalScene } from './factories';
import { build } from './helper';
import { seasonProbes } from './season-attacks';

/*
 * An attacker's pass over the portal's season routes (waitlists, guest lists): another member's
 * and another club's ids, lists past the limit, and the same join or acceptance sent many times
 * at once. Each probe asserts the refusal and that nothing was written.
 */
const context = build();

const { call, expectRefused } = seasonProbes(context);
const runJobs = async () => {
  while ((await context.app.jobs.runOnce()) > 0);
};

/**
 * A club whose place takes guests, where the neighbour holds day(2) 10:00 and the holder waits
 * in line for it; and another club with its own member.
 */
async function scene() {
  const s = await createPortalScene(context.app);
  await context.db
    .update(places)
    .set({ guestsAllowed: true, guestLimit: 3 })
    .where(eq(places.id, s.place.id));
  const startsAt = s.at(s.day(2), '10:00');
  const slot = { placeId: s.place.id, startsAt: startsAt.toISOString() };
  const booked = await call('POST', '/api/portal/bookings', s.neighbourSession.headers, slot);
  expect(booked.statusCode).toBe(201);
  const entry = await call('POST', '/api/portal/waitlists', s.holderSession.headers, slot);
  expect(entry.statusCode).toBe(201);
  const other = await createPortalScene(context.app);
  return { ...s, slot, booking: booked.json(), entry: entry.json(), other };
}

describe('another member’s and another club’s ids', () => {
  it('another title’s line entry is neither left, accepted nor refused', async () => {
    const s = await scene();
    for (const [method, suffix] of [
      ['DELETE', ''],
      ['POST', '/accept'],
      ['POST', '/refuse'],
    ] as const) {
      const url = `/api/portal/waitlists/${s.entry.id}${suffix}`;
      await expectRefused(
        () => call(method, url, s.neighbourSession.headers),
        404,
        'WaitlistEntryNotFound',
      );
      // A member of another club, with a valid token of theirs.
      await expectRefused(
        () => call(method, url, s.other.holderSession.headers),
        404,
        'WaitlistEntryNotFound',
      );
    }
  });

  it('another title’s or another club’s booking gets no guests, and no line is joined at another club', async () => {
    const s = await scene();
    const guests = { guests: [{ name: 'Penetra' }] };
    await expectRefused(
      () =>
        call('PUT', `/api/portal/bookings/${s.booking.id}/guests`, s.holderSession.headers, guests),
      404,
      'AppointmentNotFound',
    );
    await expectRefused(
      () =>
        call('GET', `/api/portal/bookings/${s.booking.id}/guests`, s.other.holderSession.headers),
      404,
      'AppointmentNotFound',
    );
    await expectRefused(
      () => call('POST', '/api/portal/waitlists', s.other.holderSession.headers, s.slot),
      404,
      'PlaceNotFound',
    );
  });

  it('a list past the place’s limit, or of ten thousand guests, is refused', async () => {
    const s = await scene();
    const put = (count: number) =>
      call('PUT', `/api/portal/bookings/${s.booking.id}/guests`, s.neighbourSession.headers, {
        guests: Array.from({ length: count }, (_, index) => ({ name: `Convidado ${index}` })),
      });
    await expectRefused(() => put(4), 409, 'GuestLimitExceeded');
    await expectRefused(() => put(10_000), 400, 'ValidationError');
  });
});

describe('the same request many times at once', () => {
  it('joins a line once, however many joins race', async () => {
    const s = await scene();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', '/api/portal/waitlists', s.dependentSession.headers, s.slot),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((item) => item.statusCode === 409)) {
      expect(answer.json().error).toBe('WaitlistAlreadyJoined');
    }
    const rows = await context.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.associateId, s.dependent.id));
    expect(rows).toHaveLength(1);
  });

  it('books an offered slot once, however many acceptances race', async () => {
    const s = await scene();
    const cancelled = await call(
      'PATCH',
      `/api/portal/bookings/${s.booking.id}/cancel`,
      s.neighbourSession.headers,
    );
    expect(cancelled.statusCode).toBe(200);
    await runJobs();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        call('POST', `/api/portal/waitlists/${s.entry.id}/accept`, s.holderSession.headers),
      ),
    );
    const booked = answers.filter((answer) => answer.statusCode === 201);
    expect(booked).toHaveLength(1);
    for (const answer of answers.filter((item) => item.statusCode !== 201)) {
      expect(answer.statusCode).toBe(409);
    }
    const scheduled = await context.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.placeId, s.place.id), eq(appointments.status, 'SCHEDULED')));
    expect(scheduled).toHaveLength(1);
    expect(scheduled[0]!.associateId).toBe(s.holder.id);
  });

  it('keeps a title within the club’s waitlist limit, however many joins of its members and the front desk race', async () => {
    const s = await createPortalScene(context.app);
    await context.db
      .update(companies)
      .set({ waitlistMaxPerTitle: 1 })
      .where(eq(companies.id, s.company.id));
    // Four taken slots, each one a line the title may want to join.
    const slots = [];
    for (const time of ['09:00', '11:00', '13:00', '15:00']) {
      const slot = { placeId: s.place.id, startsAt: s.at(s.day(2), time).toISOString() };
      const booked = await call('POST', '/api/portal/bookings', s.neighbourSession.headers, slot);
      expect(booked.statusCode).toBe(201);
      slots.push(slot);
    }
    // The members at their phones and the front desk for them, all at once (the front desk's
    // requests do not wait for the title's turn as the members' do).
    const joins = slots.flatMap((slot) => [
      {
        slot,
        associateId: s.holder.id,
        send: () => call('POST', '/api/portal/waitlists', s.holderSession.headers, slot),
      },
      {
        slot,
        associateId: s.dependent.id,
        send: () =>
          call('POST', '/api/backoffice/waitlists', s.staffHeaders, {
            ...slot,
            associateId: s.dependent.id,
          }),
      },
      {
        slot,
        associateId: s.holder.id,
        send: () =>
          call('POST', '/api/backoffice/waitlists', s.staffHeaders, {
            ...slot,
            associateId: s.holder.id,
          }),
      },
    ]);
    const answers = await Promise.all(joins.map((join) => join.send()));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(1);
    const lines = await context.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.associateTitleId, s.title.id));
    // Every other join is refused for the limit, except the same member's join of the same line,
    // which may be told it is already in it.
    joins.forEach((join, index) => {
      const answer = answers[index]!;
      if (answer.statusCode === 201) return;
      const sameLine =
        join.associateId === lines[0]?.associateId &&
        new Date(join.slot.startsAt).getTime() === lines[0]?.startsAt.getTime();
      expect([answer.statusCode, answer.json().error]).toEqual([
        409,
        sameLine
          ? expect.stringMatching(/^Waitlist(LimitReached|AlreadyJoined)$/)
          : 'WaitlistLimitReached',
      ]);
    });
    expect(lines).toHaveLength(1);
  });
});
