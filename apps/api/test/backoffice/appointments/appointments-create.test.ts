import { appointments, associateTitles, associates, auditEvents, operatingHours } from '@clube/db';
import { dayOfWeekOf } from '@clube/shared';
import { subYears, format, addDays, parseISO } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAssociate, createBlockedTime, createCategory, createPlace } from '../../factories';
import { build } from '../../helper';
import { appointmentScene } from './appointments-scene';

const context = build();
const { scene, book, cancel } = appointmentScene(context);

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
