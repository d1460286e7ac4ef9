import { operatingHours } from '@clube/db';
import { dayOfWeekOf } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bearerFor,
  createAssociate,
  createBlockedTime,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
} from '../../factories';
import { build } from '../../helper';
import { appointmentScene } from './appointments-scene';

const context = build();
const { scene, book, get } = appointmentScene(context);

describe('GET /api/backoffice/appointment/{placeId}/time-slots', () => {
  it('answers the slots of the day, marking blocked and booked ones unavailable', async () => {
    const { headers, bodyFor, day, at, place } = await scene();
    await book(headers, bodyFor(day(3), '10:00'));
    await createBlockedTime(context.db, place, {
      startsAt: at(day(3), '14:00'),
      endsAt: at(day(3), '16:00'),
    });
    const response = await get(
      headers,
      `/api/backoffice/appointment/${place.id}/time-slots?date=${day(3)}`,
    );
    expect(response.statusCode).toBe(200);
    const slots = response.json();
    expect(slots.map((slot: { time: string }) => slot.time)).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '12:00',
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
    ]);
    expect(
      slots
        .filter((slot: { available: boolean }) => !slot.available)
        .map((slot: { time: string }) => slot.time),
    ).toEqual(['10:00', '14:00', '15:00']);
    // Staff read why each grey slot is grey: who holds it, or the block's reason.
    const reasons = Object.fromEntries(
      slots
        .filter((slot: { available: boolean }) => !slot.available)
        .map((slot: { time: string; reason: string; detail?: string }) => [
          slot.time,
          [slot.reason, slot.detail],
        ]),
    );
    expect(reasons).toEqual({
      '10:00': ['taken', 'Maria Associada'],
      '14:00': ['blocked', 'Manutenção'],
      '15:00': ['blocked', 'Manutenção'],
    });
    expect(slots[0]).toEqual({
      time: '08:00',
      startsAt: at(day(3), '08:00').toISOString(),
      endsAt: at(day(3), '09:00').toISOString(),
      available: true,
    });
  });

  it('marks every slot of a past day and beyond the booking window unavailable', async () => {
    const { headers, day, place } = await scene({ availableBookingDays: 2 });
    for (const date of [day(-1), day(3)]) {
      const slots = (
        await get(headers, `/api/backoffice/appointment/${place.id}/time-slots?date=${date}`)
      ).json();
      expect(slots).toHaveLength(12);
      expect(slots.some((slot: { available: boolean }) => slot.available)).toBe(false);
      expect(new Set(slots.map((slot: { reason: string }) => slot.reason))).toEqual(
        new Set([date === day(-1) ? 'past' : 'booking-window']),
      );
    }
  });

  it('answers no slots on a closed weekday', async () => {
    const { headers, day, place, company } = await scene();
    await context.db
      .delete(operatingHours)
      .where(
        and(
          eq(operatingHours.companyId, company.id),
          eq(operatingHours.dayOfWeek, dayOfWeekOf(day(3))),
        ),
      );
    const response = await get(
      headers,
      `/api/backoffice/appointment/${place.id}/time-slots?date=${day(3)}`,
    );
    expect(response.json()).toEqual([]);
  });

  it('answers 400 for a bad date and 404 for a place of another club', async () => {
    const { headers, place } = await scene();
    const other = await scene();
    expect(
      (await get(headers, `/api/backoffice/appointment/${place.id}/time-slots?date=amanha`))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await get(
          headers,
          `/api/backoffice/appointment/${other.place.id}/time-slots?date=${other.day(3)}`,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('daylight-saving days of a club in America/New_York', () => {
  type Slot = { time: string; startsAt: string; endsAt: string; available: boolean };

  /**
   * A club open all night with a place 00:00–06:00 of 60-minute slots, read and booked as if
   * `today` were a few days before the transition: only Date is faked (the booking rules read the
   * clock through it), so nothing here depends on the day the tests run.
   */
  async function nightScene(today: string) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(`${today}T12:00:00Z`));
    const { company, staff } = await createClubWithStaff(context.db, {
      timezone: 'America/New_York',
    });
    await createOperatingHours(context.db, company.id, { openTime: '00:00', closeTime: '23:00' });
    const place = await createPlace(context.db, company.id, {
      startsAt: '00:00',
      endsAt: '06:00',
      bookRange: 60,
    });
    const headers = await bearerFor(context.app, staff.cpf);
    /** A new associate per booking, so no quota or waiting rule of a title gets in the way. */
    const bookAs = async (startsAt: string, endsAt: string) => {
      const associate = await createAssociate(context.db, company.id);
      return book(headers, {
        associateId: associate.id,
        placeId: place.id,
        startsAt,
        endsAt,
        cardId: associate.cardId,
      });
    };
    const slotsOf = async (date: string) => {
      const response = await get(
        headers,
        `/api/backoffice/appointment/${place.id}/time-slots?date=${date}`,
      );
      expect(response.statusCode).toBe(200);
      return response.json<Slot[]>();
    };
    return { bookAs, slotsOf };
  }
  afterEach(() => vi.useRealTimers());

  /** Every slot offered lasts the place's 60 minutes and no instant is offered twice. */
  function expectBookableShapes(slots: Slot[]) {
    for (const slot of slots) {
      expect(Date.parse(slot.endsAt) - Date.parse(slot.startsAt), slot.time).toBe(60 * 60_000);
    }
    expect(new Set(slots.map((slot) => slot.startsAt)).size).toBe(slots.length);
  }

  it('spring forward (2026-03-08): no slot in the gap, and a booked instant is taken', async () => {
    const { bookAs, slotsOf } = await nightScene('2026-03-01');
    const slots = await slotsOf('2026-03-08');
    expect(slots.map((slot) => [slot.time, slot.startsAt, slot.available])).toEqual([
      ['00:00', '2026-03-08T05:00:00.000Z', true],
      ['01:00', '2026-03-08T06:00:00.000Z', true],
      ['03:00', '2026-03-08T07:00:00.000Z', true],
      ['04:00', '2026-03-08T08:00:00.000Z', true],
      ['05:00', '2026-03-08T09:00:00.000Z', true],
    ]);
    expectBookableShapes(slots);

    // The instant just after the jump: once booked, nothing offers it any more.
    const afterJump = slots.find((slot) => slot.time === '03:00')!;
    expect((await bookAs(afterJump.startsAt, afterJump.endsAt)).statusCode).toBe(201);
    const afterBooking = await slotsOf('2026-03-08');
    expect(
      afterBooking.filter((slot) => slot.available && slot.startsAt === afterJump.startsAt),
    ).toEqual([]);
    expect(afterBooking.filter((slot) => !slot.available).map((slot) => slot.time)).toEqual([
      '03:00',
    ]);

    // Every other slot offered, the one right before the jump included, can be booked.
    for (const slot of afterBooking.filter((candidate) => candidate.available)) {
      const response = await bookAs(slot.startsAt, slot.endsAt);
      expect(response.statusCode, `${slot.time} ${response.body}`).toBe(201);
    }
    expect((await slotsOf('2026-03-08')).every((slot) => !slot.available)).toBe(true);
  });

  it('fall back (2026-11-01): the repeated hour is one bookable 60-minute slot', async () => {
    const { bookAs, slotsOf } = await nightScene('2026-10-25');
    const slots = await slotsOf('2026-11-01');
    expect(slots.map((slot) => [slot.time, slot.startsAt, slot.endsAt])).toEqual([
      ['00:00', '2026-11-01T04:00:00.000Z', '2026-11-01T05:00:00.000Z'],
      ['01:00', '2026-11-01T05:00:00.000Z', '2026-11-01T06:00:00.000Z'],
      ['02:00', '2026-11-01T07:00:00.000Z', '2026-11-01T08:00:00.000Z'],
      ['03:00', '2026-11-01T08:00:00.000Z', '2026-11-01T09:00:00.000Z'],
      ['04:00', '2026-11-01T09:00:00.000Z', '2026-11-01T10:00:00.000Z'],
      ['05:00', '2026-11-01T10:00:00.000Z', '2026-11-01T11:00:00.000Z'],
    ]);
    expectBookableShapes(slots);

    const repeated = slots.find((slot) => slot.time === '01:00')!;
    expect((await bookAs(repeated.startsAt, repeated.endsAt)).statusCode).toBe(201);
    // The second pass of 01:00 (06:00Z) is not a slot, so it cannot be booked either.
    const secondPass = await bookAs('2026-11-01T06:00:00.000Z', '2026-11-01T07:00:00.000Z');
    expect(secondPass.statusCode).toBe(422);
    expect(secondPass.json().error).toBe('TimeNotAvailable');
    const afterBooking = await slotsOf('2026-11-01');
    expect(afterBooking.filter((slot) => !slot.available).map((slot) => slot.time)).toEqual([
      '01:00',
    ]);

    for (const slot of afterBooking.filter((candidate) => candidate.available)) {
      const response = await bookAs(slot.startsAt, slot.endsAt);
      expect(response.statusCode, `${slot.time} ${response.body}`).toBe(201);
    }
    expect((await slotsOf('2026-11-01')).every((slot) => !slot.available)).toBe(true);
  });
});
