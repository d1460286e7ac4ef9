import { appointments, specialDays } from '@clube/db';
import { dayOfWeekOf } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addStaff,
  bearerFor,
  createAppointment,
  createClubWithBearer,
  createPlace,
  createPortalScene,
  createUser,
} from '../../factories';
import { build } from '../../helper';

const context = build();

const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: object, payload?: object) =>
  context.app.inject({
    method,
    url,
    headers: headers as Record<string, string>,
    ...(payload ? { payload } : {}),
  });

describe('special days', () => {
  it('closes a holiday for everyone: no portal slots, named; the engine refuses; a booking hit is cancelled with its name', async () => {
    const s = await createPortalScene(context.app);
    const date = s.day(4);
    const booking = await createAppointment(context.db, {
      place: s.place,
      associate: s.neighbour,
      startsAt: s.at(date, '10:00'),
      endsAt: s.at(date, '11:00'),
    });
    const body = { companyId: s.company.id, date, name: 'Natal' };
    const unresolved = await send('POST', '/api/backoffice/special-day', s.staffHeaders, body);
    expect(unresolved.statusCode, unresolved.body).toBe(409);
    expect(unresolved.json().error).toBe('SpecialDayConflictsWithAppointments');
    expect(unresolved.json().details.appointments[0].id).toBe(booking.id);
    expect(
      await context.db.select().from(specialDays).where(eq(specialDays.companyId, s.company.id)),
    ).toHaveLength(0);

    const saved = await send('POST', '/api/backoffice/special-day', s.staffHeaders, {
      ...body,
      resolutions: [{ appointmentId: booking.id, action: 'cancel' }],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().specialDay).toMatchObject({ name: 'Natal', scope: 'club', closed: true });
    const [cancelled] = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.id, booking.id));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancellationReason: 'Natal' });

    const slots = await send(
      'GET',
      `/api/portal/places/${s.place.id}/slots?date=${date}`,
      s.holderSession.headers,
    );
    expect(slots.json()).toMatchObject({
      items: [],
      specialDay: { name: 'Natal', scope: 'club', closed: true },
    });
    const startsAt = s.at(date, '14:00');
    const refused = await send('POST', '/api/backoffice/appointment', s.staffHeaders, {
      associateId: s.holder.id,
      placeId: s.place.id,
      cardId: s.holder.cardId,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('SpecialDayClosed');
    expect(refused.body).toContain('Natal');
    const occupancy = await send(
      'GET',
      `/api/backoffice/appointment/occupancy?companyId=${s.company.id}&date=${date}`,
      s.staffHeaders,
    );
    expect(occupancy.json().items).toEqual([{ placeId: s.place.id, booked: 0, total: 0 }]);
  });

  it('short hours for a category and a place week narrow the slots; the most specific day wins', async () => {
    const s = await createPortalScene(context.app);
    const date = s.day(5);
    const other = s.day(6);
    const slotTimes = async (day: string) =>
      (
        await send(
          'GET',
          `/api/portal/places/${s.place.id}/slots?date=${day}`,
          s.holderSession.headers,
        )
      )
        .json()
        .items.map((slot: { time: string }) => slot.time);
    const carnival = await send('POST', '/api/backoffice/special-day', s.staffHeaders, {
      companyId: s.company.id,
      date,
      name: 'Carnaval',
      categoryId: s.place.categoryId,
      openTime: '08:00',
      closeTime: '11:00',
    });
    expect(carnival.statusCode, carnival.body).toBe(201);
    expect(await slotTimes(date)).toEqual(['08:00', '09:00', '10:00']);
    // The club closed that day too: the category's own hours still decide its places.
    const closed = await send('POST', '/api/backoffice/special-day', s.staffHeaders, {
      companyId: s.company.id,
      date,
      name: 'Fechado',
    });
    expect(closed.statusCode, closed.body).toBe(201);
    expect(await slotTimes(date)).toEqual(['08:00', '09:00', '10:00']);

    const week = await send('PUT', `/api/backoffice/place/${s.place.id}/week`, s.staffHeaders, {
      items: [{ dayOfWeek: dayOfWeekOf(other), openTime: '15:00', closeTime: '23:00' }],
    });
    expect(week.statusCode, week.body).toBe(200);
    expect(await slotTimes(other)).toEqual(['15:00', '16:00', '17:00', '18:00', '19:00']);
    await send('PUT', `/api/backoffice/place/${s.place.id}/week`, s.staffHeaders, {
      items: [{ dayOfWeek: dayOfWeekOf(other), openTime: null, closeTime: null }],
    });
    expect(await slotTimes(other)).toEqual([]);
  });

  it('refuses bad input with its own code and changes nothing; another club is a 404; Recepção only reads', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const stranger = await createClubWithBearer(context.app);
    const theirs = await createPlace(context.db, stranger.company.id);
    const mine = await createPlace(context.db, company.id);
    const base = { companyId: company.id, date: '2031-12-25', name: 'Natal' };
    const post = (payload: object) => send('POST', '/api/backoffice/special-day', headers, payload);
    for (const hours of [
      { openTime: '08:00', closeTime: '25:00' },
      { openTime: '14:00', closeTime: '08:00' },
      { openTime: '08:00' },
    ]) {
      const response = await post({ ...base, ...hours });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('SpecialDayHoursInvalid');
      expect(response.json().message).toContain('abertura antes do fechamento');
    }
    const both = await post({ ...base, placeId: mine.id, categoryId: mine.categoryId });
    expect(both.json().error).toBe('SpecialDayScopeInvalid');
    expect((await post({ ...base, placeId: theirs.id })).statusCode).toBe(404);
    expect(
      await context.db.select().from(specialDays).where(eq(specialDays.companyId, company.id)),
    ).toHaveLength(0);
    expect((await post(base)).statusCode).toBe(201);
    const again = await post(base);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('SpecialDayExists');
    const foreign = await send(
      'GET',
      `/api/backoffice/special-day/company/${stranger.company.id}?year=2031`,
      headers,
    );
    expect(foreign.statusCode).toBe(404);

    const desk = await createUser(context.db);
    await addStaff(context.db, company.id, desk.id, 'recepcao');
    const deskHeaders = await bearerFor(context.app, desk.cpf);
    const list = await send(
      'GET',
      `/api/backoffice/special-day/company/${company.id}?year=2031`,
      deskHeaders,
    );
    expect(list.json().items.map((day: { name: string }) => day.name)).toEqual(['Natal']);
    const write = await send('POST', '/api/backoffice/special-day', deskHeaders, {
      ...base,
      date: '2031-12-24',
    });
    expect(write.statusCode).toBe(403);
  });

  it("offers Brazil's national holidays of a year, marking those the club added", async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    await send('POST', '/api/backoffice/special-day', headers, {
      companyId: company.id,
      date: '2026-12-25',
      name: 'Natal',
    });
    const response = await send(
      'GET',
      `/api/backoffice/special-day/company/${company.id}/holidays?year=2026`,
      headers,
    );
    const items = response.json().items as Array<{ date: string; name: string; added: boolean }>;
    expect(items).toContainEqual({ date: '2026-12-25', name: 'Natal', added: true });
    expect(items).toContainEqual({ date: '2026-02-17', name: 'Carnaval', added: false });
    expect(items).toContainEqual({ date: '2026-04-03', name: 'Sexta-Feira Santa', added: false });
    expect(items.some((item) => item.name === 'Dia das Mães')).toBe(false);
  });
});
