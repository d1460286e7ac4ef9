import { appointments, associateTitles, associates, auditEvents, operatingHours } from '@clube/db';
import { dayOfWeekOf, monthOf } from '@clube/shared';
import { subYears, format, addDays, parseISO } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createBookingScene,
  bearerFor,
  createAssociate,
  createBlockedTime,
  createCategory,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
  createClubWithBearer,
} from '../../factories';
import { build } from '../../helper';

const context = build();

const scene = (values: Parameters<typeof createBookingScene>[1] = {}) =>
  createBookingScene(context.app, values);

const book = (headers: Record<string, string>, payload: object) =>
  context.app.inject({ method: 'POST', url: '/api/backoffice/appointment', headers, payload });
const check = (headers: Record<string, string>, payload: object) =>
  context.app.inject({
    method: 'POST',
    url: '/api/backoffice/appointment/check',
    headers,
    payload,
  });
const cancel = (
  headers: Record<string, string>,
  id: string,
  payload: object = { reason: 'Manutenção da quadra' },
) =>
  context.app.inject({
    method: 'PATCH',
    url: `/api/backoffice/appointment/cancel/${id}`,
    headers,
    payload,
  });
const get = (headers: Record<string, string>, url: string) =>
  context.app.inject({ method: 'GET', url, headers });

describe('POST /api/backoffice/appointment', () => {
  it('books a free slot, keeping the title and who booked it, and audits it', async () => {
    const { headers, bodyFor, day, associate, staff, place } = await scene();
    const response = await book(headers, bodyFor(day(3), '12:00'));
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({
      placeId: place.id,
      associateId: associate.id,
      associateTitleId: associate.associateTitleId,
      status: 'SCHEDULED',
      associate: { name: 'Maria Associada', cardId: associate.cardId },
      createdBy: { id: staff.id, name: 'Staff de Teste' },
    });
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, created.id));
    expect(audit).toMatchObject([
      {
        action: 'appointment.create',
        actorUserId: staff.id,
        companyId: place.companyId,
        entityType: 'appointment',
        placeId: place.id,
        associateId: associate.id,
      },
    ]);
  });

  it('accepts the card number as typed in a numeric field', async () => {
    const { headers, bodyFor, day, associate } = await scene();
    const response = await book(headers, {
      ...bodyFor(day(3), '12:00'),
      cardId: Number(associate.cardId),
    });
    expect(response.statusCode).toBe(201);
  });

  it('answers 400 with the failing fields for a malformed body', async () => {
    const { headers, bodyFor, day } = await scene();
    const response = await book(headers, {
      ...bodyFor(day(3), '12:00'),
      cardId: 'abc',
      startsAt: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .details.map((detail: { path: string }) => detail.path)
        .sort(),
    ).toEqual(['cardId', 'startsAt']);
  });

  describe('rule 1: place and associate of the caller’s club', () => {
    it('answers PlaceNotFound for a place of another club and books nothing', async () => {
      const { headers, bodyFor, day } = await scene();
      const other = await scene();
      const response = await book(headers, bodyFor(day(3), '12:00', undefined, other.place));
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('PlaceNotFound');
      const rows = await context.db
        .select()
        .from(appointments)
        .where(eq(appointments.placeId, other.place.id));
      expect(rows).toEqual([]);
    });

    it('answers AssociateNotFound for an associate of another club', async () => {
      const { headers, bodyFor, day } = await scene();
      const other = await scene();
      const response = await book(headers, bodyFor(day(3), '12:00', other.associate));
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('AssociateNotFound');
    });

    it('answers AssociateNotFound when the card number is not the associate’s', async () => {
      const { headers, bodyFor, day, associate } = await scene();
      const response = await book(headers, {
        ...bodyFor(day(3), '12:00'),
        cardId: `${associate.cardId}9`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe('AssociateNotFound');
    });
  });

  describe('rule 2: not blocked', () => {
    it('refuses a blocked associate', async () => {
      const { headers, bodyFor, day, associate } = await scene();
      await context.db
        .update(associates)
        .set({ blocked: true })
        .where(eq(associates.id, associate.id));
      const response = await book(headers, bodyFor(day(3), '12:00'));
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe('AssociateBlocked');
    });

    it('refuses an associate whose title is blocked', async () => {
      const { headers, bodyFor, day, associate } = await scene();
      await context.db
        .update(associateTitles)
        .set({ blocked: true })
        .where(eq(associateTitles.id, associate.associateTitleId));
      const response = await book(headers, bodyFor(day(3), '12:00'));
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe('TitleBlocked');
    });
  });

  it('rule 3: refuses a duration other than bookRange', async () => {
    const { headers, bodyFor, day } = await scene();
    const body = bodyFor(day(3), '12:00');
    const response = await book(headers, {
      ...body,
      endsAt: new Date(new Date(body.startsAt).getTime() + 30 * 60_000).toISOString(),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('InvalidAppointmentDuration');
  });

  describe('rule 4: a real, future, unblocked slot', () => {
    it('refuses a start between slots', async () => {
      const { headers, bodyFor, day } = await scene();
      const response = await book(headers, bodyFor(day(3), '12:30'));
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe('TimeNotAvailable');
    });

    it('refuses a start outside the place hours ∩ operating hours', async () => {
      const { headers, bodyFor, day } = await scene();
      // The club opens at 06:00 but the place only at 08:00.
      const response = await book(headers, bodyFor(day(3), '07:00'));
      expect(response.json().error).toBe('TimeNotAvailable');
    });

    it('refuses a weekday the club is closed', async () => {
      const { headers, bodyFor, day, company } = await scene();
      await context.db
        .delete(operatingHours)
        .where(
          and(
            eq(operatingHours.companyId, company.id),
            eq(operatingHours.dayOfWeek, dayOfWeekOf(day(3))),
          ),
        );
      const response = await book(headers, bodyFor(day(3), '12:00'));
      expect(response.json().error).toBe('TimeNotAvailable');
      expect((await book(headers, bodyFor(day(4), '12:00'))).statusCode).toBe(201);
    });

    it('takes the weekday of the club-local date, not of the UTC instant', async () => {
      // 21:00 in São Paulo is already the next day in UTC: that next day being closed must not
      // refuse it, and that day's own closing must.
      const { headers, bodyFor, day, company } = await scene({
        startsAt: '08:00',
        endsAt: '22:00',
      });
      expect(company.timezone).toBe('America/Sao_Paulo');
      const closeOn = (date: string) =>
        context.db
          .delete(operatingHours)
          .where(
            and(
              eq(operatingHours.companyId, company.id),
              eq(operatingHours.dayOfWeek, dayOfWeekOf(date)),
            ),
          );
      await closeOn(day(4));
      expect((await book(headers, bodyFor(day(3), '21:00'))).statusCode).toBe(201);
      await closeOn(day(3));
      expect((await book(headers, bodyFor(day(3), '20:00'))).json().error).toBe('TimeNotAvailable');
    });

    it('refuses a past slot', async () => {
      const { headers, bodyFor, day } = await scene();
      const response = await book(headers, bodyFor(day(-1), '12:00'));
      expect(response.statusCode).toBe(422);
      expect(response.json().error).toBe('TimeNotAvailable');
    });

    it('refuses a slot overlapping a blocked time, but not the slot touching it', async () => {
      const { headers, bodyFor, day, at, place } = await scene();
      await createBlockedTime(context.db, place, {
        startsAt: at(day(3), '12:30'),
        endsAt: at(day(3), '13:00'),
      });
      expect((await book(headers, bodyFor(day(3), '12:00'))).json().error).toBe('TimeNotAvailable');
      expect((await book(headers, bodyFor(day(3), '13:00'))).statusCode).toBe(201);
    });
  });

  it('rule 5: refuses a date beyond today + availableBookingDays', async () => {
    const { headers, bodyFor, day } = await scene({ availableBookingDays: 2 });
    const response = await book(headers, bodyFor(day(3), '12:00'));
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('AvailableBookingDaysMissed');
    expect((await book(headers, bodyFor(day(2), '12:00'))).statusCode).toBe(201);
  });

  it('rule 6: refuses an associate younger than ageRestriction on the appointment date', async () => {
    const { headers, bodyFor, day, company } = await scene({ ageRestriction: 18 });
    const date = day(3);
    const eighteenOnTheDay = format(subYears(parseISO(date), 18), 'yyyy-MM-dd');
    const tooYoung = await createAssociate(context.db, company.id, {
      birthDate: format(addDays(parseISO(eighteenOnTheDay), 1), 'yyyy-MM-dd'),
    });
    const justOldEnough = await createAssociate(context.db, company.id, {
      birthDate: eighteenOnTheDay,
    });
    const refused = await book(headers, bodyFor(date, '12:00', tooYoung));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('AgeRestriction');
    expect((await book(headers, bodyFor(date, '12:00', justOldEnough))).statusCode).toBe(201);
  });

  describe('rule 7: waiting period of the category', () => {
    it('blockedAppointmentDay: one booking a day per title in places of the category', async () => {
      const { headers, bodyFor, day, company, place, associate } = await scene();
      const category = await createCategory(context.db, company.id, {
        blockedAppointmentDay: true,
      });
      const court = await createPlace(context.db, company.id, { categoryId: category.id });
      const sameCategory = await createPlace(context.db, company.id, { categoryId: category.id });
      const relative = await createAssociate(context.db, company.id, {
        associateTitleId: associate.associateTitleId,
      });
      expect((await book(headers, bodyFor(day(3), '10:00', associate, court))).statusCode).toBe(
        201,
      );

      const sameTitle = await book(headers, bodyFor(day(3), '15:00', relative, sameCategory));
      expect(sameTitle.statusCode).toBe(422);
      expect(sameTitle.json().error).toBe('WaitingPeriodRequired');
      // Another category, another day, or another title are not affected.
      expect((await book(headers, bodyFor(day(3), '15:00', relative, place))).statusCode).toBe(201);
      expect((await book(headers, bodyFor(day(4), '15:00', relative, court))).statusCode).toBe(201);
      const stranger = await createAssociate(context.db, company.id);
      expect((await book(headers, bodyFor(day(3), '16:00', stranger, court))).statusCode).toBe(201);
    });

    it('notAppointmentPreviousDayTime: not the clock time the title booked the day before', async () => {
      const { headers, bodyFor, day, company, associate } = await scene();
      const category = await createCategory(context.db, company.id, {
        notAppointmentPreviousDayTime: true,
      });
      const court = await createPlace(context.db, company.id, { categoryId: category.id });
      expect((await book(headers, bodyFor(day(3), '12:00', associate, court))).statusCode).toBe(
        201,
      );
      const refused = await book(headers, bodyFor(day(4), '12:00', associate, court));
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error).toBe('WaitingPeriodRequired');
      expect((await book(headers, bodyFor(day(4), '13:00', associate, court))).statusCode).toBe(
        201,
      );
    });
  });

  it('rule 8: refuses beyond associateReservationLimit of the title in the month', async () => {
    const { headers, bodyFor, day, company, associate } = await scene({
      associateReservationLimit: 2,
    });
    const relative = await createAssociate(context.db, company.id, {
      associateTitleId: associate.associateTitleId,
    });
    // Two slots of the same club-local day are always in the same month.
    const first = await book(headers, bodyFor(day(3), '09:00'));
    expect((await book(headers, bodyFor(day(3), '10:00', relative))).statusCode).toBe(201);
    const refused = await book(headers, bodyFor(day(3), '11:00'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('ReservationsLimitReached');
    // Another title is not affected; a cancelled booking frees the quota.
    const stranger = await createAssociate(context.db, company.id);
    expect((await book(headers, bodyFor(day(3), '11:00', stranger))).statusCode).toBe(201);
    expect((await cancel(headers, first.json().id)).statusCode).toBe(200);
    expect((await book(headers, bodyFor(day(3), '12:00'))).statusCode).toBe(201);
  });

  it('rule 9: refuses an overlapping booking with TimeAlreadyTaken (409)', async () => {
    const { headers, bodyFor, day, company } = await scene();
    expect((await book(headers, bodyFor(day(3), '12:00'))).statusCode).toBe(201);
    const other = await createAssociate(context.db, company.id);
    const response = await book(headers, bodyFor(day(3), '12:00', other));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('TimeAlreadyTaken');
  });

  it('answers the first failing booking rule, in the documented order', async () => {
    const { headers, bodyFor, day, associate } = await scene({ availableBookingDays: 1 });
    await context.db
      .update(associates)
      .set({ blocked: true })
      .where(eq(associates.id, associate.id));
    // Also out of the window (rule 5) and off-slot (rule 4): rule 2 answers.
    const response = await book(headers, bodyFor(day(3), '12:30'));
    expect(response.json().error).toBe('AssociateBlocked');
  });
});

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

describe('GET /api/backoffice/appointment', () => {
  it('filters by place, associate, status and a club-local [fromDate, toDate)', async () => {
    const { headers, bodyFor, day, company, place } = await scene();
    const second = await createPlace(context.db, company.id, { name: 'Piscina' });
    const other = await createAssociate(context.db, company.id, { name: 'João' });
    const a = (await book(headers, bodyFor(day(3), '08:00'))).json();
    const b = (await book(headers, bodyFor(day(3), '19:00', other))).json();
    const c = (await book(headers, bodyFor(day(4), '08:00'))).json();
    const d = (await book(headers, bodyFor(day(3), '12:00', other, second))).json();
    await cancel(headers, c.id);

    const list = async (query: string) =>
      (await get(headers, `/api/backoffice/appointment?${query}`))
        .json()
        .items.map((item: { id: string }) => item.id);

    expect(await list(`placeId=${place.id}&fromDate=${day(3)}&toDate=${day(4)}`)).toEqual([
      a.id,
      b.id,
    ]);
    expect(await list(`placeId=${place.id}&status=SCHEDULED`)).toEqual([a.id, b.id]);
    expect(await list(`placeId=${place.id}&status=CANCELLED`)).toEqual([c.id]);
    expect(await list(`associateId=${other.id}`)).toEqual([d.id, b.id]);
    expect(
      await list(
        `fromDate=${encodeURIComponent(bodyFor(day(3), '12:00').startsAt)}&toDate=${day(5)}`,
      ),
    ).toEqual([d.id, b.id, c.id]);
    const [item] = (await get(headers, `/api/backoffice/appointment?placeId=${second.id}`)).json()
      .items;
    expect(item).toMatchObject({
      placeName: 'Piscina',
      associate: { name: 'João', cardId: other.cardId },
    });
    expect((await get(headers, '/api/backoffice/appointment?fromDate=ontem')).statusCode).toBe(400);
  });

  it('never lists appointments of another club', async () => {
    const mine = await scene();
    const theirs = await scene();
    await book(theirs.headers, theirs.bodyFor(theirs.day(3), '12:00'));
    const response = await get(
      mine.headers,
      `/api/backoffice/appointment?placeId=${theirs.place.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([]);
  });
});

describe('PATCH /api/backoffice/appointment/cancel/{id}', () => {
  it('cancels, keeping the row with who and when, and audits it', async () => {
    const { headers, bodyFor, day, staff } = await scene();
    const created = (await book(headers, bodyFor(day(3), '12:00'))).json();
    const response = await cancel(headers, created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: created.id, status: 'CANCELLED' });
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, created.id));
    expect(row).toMatchObject({ status: 'CANCELLED', cancelledBy: staff.id });
    expect(row!.cancelledAt).toBeInstanceOf(Date);
    const audit = await context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, created.id));
    expect(audit.map((event) => event.action).sort()).toEqual([
      'appointment.cancel',
      'appointment.create',
    ]);
    // The slot is free again; cancelling twice finds nothing to cancel.
    expect((await book(headers, bodyFor(day(3), '12:00'))).statusCode).toBe(201);
    expect((await cancel(headers, created.id)).json().error).toBe('AppointmentNotFound');
  });

  it('keeps the reason staff give on the booking and in the audit', async () => {
    const { headers, bodyFor, day } = await scene();
    const created = (await book(headers, bodyFor(day(3), '12:00'))).json();
    const response = await cancel(headers, created.id, { reason: '  Quadra em reforma ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'CANCELLED',
      cancellationReason: 'Quadra em reforma',
    });
    const [event] = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, created.id), eq(auditEvents.action, 'appointment.cancel')),
      );
    expect(event!.data).toMatchObject({
      reason: 'Quadra em reforma',
      after: { status: 'CANCELLED', cancellationReason: 'Quadra em reforma' },
    });
  });

  it('refuses without a reason, with a clear body, and keeps the booking', async () => {
    const { headers, bodyFor, day } = await scene();
    const created = (await book(headers, bodyFor(day(3), '12:00'))).json();
    for (const payload of [{}, { reason: '   ' }]) {
      const response = await cancel(headers, created.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'CancellationReasonRequired',
        message: 'Informe o motivo do cancelamento.',
        details: [{ in: 'body', path: 'reason' }],
      });
    }
    const bare = await context.app.inject({
      method: 'PATCH',
      url: `/api/backoffice/appointment/cancel/${created.id}`,
      headers,
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error).toBe('CancellationReasonRequired');
    const long = await cancel(headers, created.id, { reason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      error: 'ValidationError',
      details: [{ path: 'reason', message: 'Máximo 200 caracteres' }],
    });
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, created.id));
    expect(row!.status).toBe('SCHEDULED');
  });

  it('refuses once fewer than maxCancelBookingTime hours remain', async () => {
    const { headers, bodyFor, day } = await scene({ maxCancelBookingTime: 24 * 10 });
    const created = (await book(headers, bodyFor(day(3), '12:00'))).json();
    const response = await cancel(headers, created.id);
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toBe('MaxCancelBookingTimeMissed');
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, created.id));
    expect(row!.status).toBe('SCHEDULED');
  });

  it('answers AppointmentNotFound for an unknown id or one of another club', async () => {
    const mine = await scene();
    const theirs = await scene();
    const created = (await book(theirs.headers, theirs.bodyFor(theirs.day(3), '12:00'))).json();
    const response = await cancel(mine.headers, created.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('AppointmentNotFound');
    const [row] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, created.id));
    expect(row!.status).toBe('SCHEDULED');
    expect((await cancel(mine.headers, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/backoffice/appointment/occupancy', () => {
  it('answers booked and total slots of each place on a date, only for the caller’s club', async () => {
    const { headers, bodyFor, day, company, place } = await scene();
    const pool = await createPlace(context.db, company.id, {
      name: 'Piscina',
      startsAt: '10:00',
      endsAt: '12:00',
    });
    await book(headers, bodyFor(day(3), '12:00'));
    await book(headers, bodyFor(day(3), '13:00'));
    const response = await get(
      headers,
      `/api/backoffice/appointment/occupancy?companyId=${company.id}&date=${day(3)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      date: day(3),
      items: [
        { placeId: pool.id, booked: 0, total: 2 },
        { placeId: place.id, booked: 2, total: 12 },
      ],
    });
    const stranger = await createClubWithBearer(context.app);
    const strangerHeaders = stranger.headers;
    expect(
      (await get(strangerHeaders, `/api/backoffice/appointment/occupancy?companyId=${company.id}`))
        .statusCode,
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
