import { placeImages, places, titleSuspensions } from '@clube/db';
import { monthOf, portalSlotListSchema } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAppointment,
  createBlockedTime,
  createCategory,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
  createPortalScene,
} from '../factories';
import { build } from '../helper';

const context = build();

const get = (url: string, headers: Record<string, string>) =>
  context.app.inject({ method: 'GET', url, headers });

describe('GET /api/portal/me', () => {
  it('shows the member, the title’s members, the club, this month’s quotas and next bookings', async () => {
    const s = await createPortalScene(context.app, {
      name: 'Quadra de Tênis',
      associateReservationLimit: 4,
    });
    await createPlace(context.db, s.company.id, { name: 'Sem limite' });
    const month = monthOf(s.today);
    // Bookings this club-local month count, whoever of the title holds them; another title's do not.
    await createAppointment(context.db, {
      place: s.place,
      associate: s.dependent,
      startsAt: s.at(month.first, '10:00'),
      endsAt: s.at(month.first, '11:00'),
    });
    await createAppointment(context.db, {
      place: s.place,
      associate: s.neighbour,
      startsAt: s.at(month.first, '12:00'),
      endsAt: s.at(month.first, '13:00'),
    });
    await createAppointment(context.db, {
      place: s.place,
      associate: s.holder,
      startsAt: s.at(month.next, '10:00'),
      endsAt: s.at(month.next, '11:00'),
    });

    const response = await get('/api/portal/me', s.dependentSession.headers);
    expect(response.statusCode).toBe(200);
    const me = response.json();
    expect(me.member).toEqual({
      id: s.dependent.id,
      name: 'Davi Dependente',
      cardId: s.dependent.cardId,
      isHolder: false,
      blocked: false,
      blockedReason: null,
    });
    expect(me.title).toMatchObject({
      id: s.title.id,
      blocked: false,
      blockedReason: null,
      suspendedUntil: null,
    });
    expect(me.title.members).toEqual([
      { id: s.dependent.id, name: 'Davi Dependente', cardId: s.dependent.cardId, isHolder: false },
      { id: s.holder.id, name: 'Helena Titular', cardId: s.holder.cardId, isHolder: true },
    ]);
    expect(me.club).toEqual({
      id: s.company.id,
      name: s.company.name,
      logoUrl: null,
      timezone: 'America/Sao_Paulo',
    });
    expect(me.quotas).toEqual([
      {
        placeId: s.place.id,
        placeName: 'Quadra de Tênis',
        used: 1,
        limit: 4,
        month: month.first.slice(0, 7),
      },
    ]);
    expect(me.nextBookings.map((booking: { startsAt: string }) => booking.startsAt)).toContain(
      s.at(month.next, '10:00').toISOString(),
    );
    // Nothing of the other family: no name, card, cpf or id.
    for (const secret of ['Vera', s.neighbour.id, s.neighbour.cpf, s.neighbour.cardId])
      expect(response.body).not.toContain(secret);
    // No cpf at all, not even the member's own family's.
    for (const cpf of [s.holder.cpf, s.dependent.cpf]) expect(response.body).not.toContain(cpf);
  });
});

describe('GET /api/portal/me under a no-show suspension', () => {
  it('says until when the suspension in force runs; a lifted or ended one says nothing', async () => {
    const s = await createPortalScene(context.app);
    const hour = 3_600_000;
    const suspension = (startsAt: number, endsAt: number, lifted = false) => ({
      companyId: s.company.id,
      associateTitleId: s.title.id,
      startsAt: new Date(Date.now() + startsAt * hour),
      endsAt: new Date(Date.now() + endsAt * hour),
      reason: 'Faltas',
      cause: 'no-shows' as const,
      liftedAt: lifted ? new Date() : null,
    });
    const active = suspension(-1, 72);
    await context.db
      .insert(titleSuspensions)
      .values([suspension(-100, -1), suspension(-1, 200, true), active]);

    const me = (await get('/api/portal/me', s.dependentSession.headers)).json();
    expect(me.title.suspendedUntil).toBe(active.endsAt.toISOString());
    // Another family of the club is not suspended.
    const neighbour = (await get('/api/portal/me', s.neighbourSession.headers)).json();
    expect(neighbour.title.suspendedUntil).toBeNull();
  });
});

describe('GET /api/portal/places', () => {
  it('lists the club’s active places with category, rules and photos; nothing of another club', async () => {
    const s = await createPortalScene(context.app, {
      name: 'Churrasqueira',
      availableBookingDays: 15,
      maxCancelBookingTime: 24,
      ageRestriction: 18,
      associateReservationLimit: 2,
    });
    const archived = await createPlace(context.db, s.company.id, { name: 'Antiga' });
    await context.db
      .update(places)
      .set({ archivedAt: new Date() })
      .where(eq(places.id, archived.id));
    const { company: otherClub } = await createClubWithStaff(context.db);
    await createPlace(context.db, otherClub.id, { name: 'Do outro clube' });
    await context.db.insert(placeImages).values({
      placeId: s.place.id,
      fileKey: 'foto.webp',
      thumbnailKey: 'foto-mini.webp',
      contentType: 'image/webp',
      width: 800,
      height: 600,
    });

    const response = await get('/api/portal/places', s.holderSession.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toEqual([
      {
        id: s.place.id,
        name: 'Churrasqueira',
        description: s.place.description,
        category: {
          id: s.place.categoryId,
          name: 'Quadras',
          blockedAppointmentDay: false,
          notAppointmentPreviousDayTime: false,
        },
        startsAt: '08:00',
        endsAt: '20:00',
        bookRange: 60,
        availableBookingDays: 15,
        maxCancelBookingTime: 24,
        ageRestriction: 18,
        associateReservationLimit: 2,
        images: [
          {
            id: expect.any(String),
            description: null,
            imageUrl: '/api/uploads/foto.webp',
            thumbnailUrl: '/api/uploads/foto-mini.webp',
            width: 800,
            height: 600,
          },
        ],
      },
    ]);
  });
});

describe('GET /api/portal/places/{placeId}/slots', () => {
  it('marks each slot free, taken, blocked, past or outside the window, never saying who', async () => {
    const s = await createPortalScene(context.app, { availableBookingDays: 5 });
    const date = s.day(2);
    await createAppointment(context.db, {
      place: s.place,
      associate: s.neighbour,
      startsAt: s.at(date, '10:00'),
      endsAt: s.at(date, '11:00'),
    });
    await createBlockedTime(context.db, s.place, {
      startsAt: s.at(date, '12:00'),
      endsAt: s.at(date, '13:00'),
    });
    const url = (day: string) => `/api/portal/places/${s.place.id}/slots?date=${day}`;

    const response = await get(url(date), s.holderSession.headers);
    expect(response.statusCode).toBe(200);
    const slots = response.json();
    expect(slots.date).toBe(date);
    expect(slots.items).toHaveLength(12);
    const stateAt = (time: string) =>
      slots.items.find((slot: { time: string }) => slot.time === time).state;
    expect(stateAt('08:00')).toBe('free');
    expect(stateAt('10:00')).toBe('taken');
    expect(stateAt('12:00')).toBe('blocked');
    expect(Object.keys(slots.items[0]).sort()).toEqual(['endsAt', 'startsAt', 'state', 'time']);
    // Sent without the schema's check on the way out: the answer is exactly what it documents.
    expect(portalSlotListSchema.parse(slots)).toEqual(slots);
    expect(response.body).not.toContain(s.neighbour.id);

    const yesterday = await get(url(s.day(-1)), s.holderSession.headers);
    expect(new Set(yesterday.json().items.map((slot: { state: string }) => slot.state))).toEqual(
      new Set(['past']),
    );
    const beyond = await get(url(s.day(6)), s.holderSession.headers);
    expect(new Set(beyond.json().items.map((slot: { state: string }) => slot.state))).toEqual(
      new Set(['outside-window']),
    );
    const lastDay = await get(url(s.day(5)), s.holderSession.headers);
    expect(lastDay.json().items[0].state).toBe('free');
  });

  it("says which slots the title's own bookings hold and which the title's rules refuse, to that title only", async () => {
    const s = await createPortalScene(context.app);
    const category = await createCategory(context.db, s.company.id, {
      blockedAppointmentDay: true,
    });
    const pool = await createPlace(context.db, s.company.id, { categoryId: category.id });
    const court = await createPlace(context.db, s.company.id, { associateReservationLimit: 1 });
    const date = s.day(2);
    // The dependent books the pool at 10:00 (one a day in its category) and the court at 09:00
    // (its quota of one a month).
    await createAppointment(context.db, {
      place: pool,
      associate: s.dependent,
      startsAt: s.at(date, '10:00'),
      endsAt: s.at(date, '11:00'),
    });
    await createAppointment(context.db, {
      place: court,
      associate: s.dependent,
      startsAt: s.at(date, '09:00'),
      endsAt: s.at(date, '10:00'),
    });
    const slotsOf = async (placeId: string, headers: Record<string, string>) => {
      const response = await get(`/api/portal/places/${placeId}/slots?date=${date}`, headers);
      expect(response.statusCode).toBe(200);
      const list = portalSlotListSchema.parse(response.json());
      return new Map(list.items.map((slot) => [slot.time, { state: slot.state, rule: slot.rule }]));
    };

    const holderPool = await slotsOf(pool.id, s.holderSession.headers);
    expect(holderPool.get('10:00')).toEqual({ state: 'own', rule: undefined });
    expect(holderPool.get('14:00')).toEqual({ state: 'refused', rule: 'WaitingPeriodRequired' });
    const holderCourt = await slotsOf(court.id, s.holderSession.headers);
    expect(holderCourt.get('09:00')).toEqual({ state: 'own', rule: undefined });
    expect(holderCourt.get('14:00')).toEqual({
      state: 'refused',
      rule: 'ReservationsLimitReached',
    });

    // Another family sees the same bookings as taken and its own slots free.
    const neighbourPool = await slotsOf(pool.id, s.neighbourSession.headers);
    expect(neighbourPool.get('10:00')).toEqual({ state: 'taken', rule: undefined });
    expect(neighbourPool.get('14:00')).toEqual({ state: 'free', rule: undefined });
    const neighbourCourt = await slotsOf(court.id, s.neighbourSession.headers);
    expect(neighbourCourt.get('14:00')).toEqual({ state: 'free', rule: undefined });

    // The refusal is the engine's: the "why not?" check of that slot gives the same rule.
    const check = await context.app.inject({
      method: 'POST',
      url: '/api/portal/bookings/check',
      headers: s.holderSession.headers,
      payload: { placeId: pool.id, startsAt: s.at(date, '14:00').toISOString() },
    });
    expect(check.json().failures.map((failure: { code: string }) => failure.code)).toEqual([
      'WaitingPeriodRequired',
    ]);
  });

  it('answers 404 for another club’s place and an archived one', async () => {
    const s = await createPortalScene(context.app);
    const { company: otherClub } = await createClubWithStaff(context.db);
    await createOperatingHours(context.db, otherClub.id);
    const otherPlace = await createPlace(context.db, otherClub.id);
    const archived = await createPlace(context.db, s.company.id);
    await context.db
      .update(places)
      .set({ archivedAt: new Date() })
      .where(eq(places.id, archived.id));
    for (const placeId of [otherPlace.id, archived.id]) {
      const response = await get(
        `/api/portal/places/${placeId}/slots?date=${s.day(1)}`,
        s.holderSession.headers,
      );
      expect(response.statusCode).toBe(404);
    }
  });
});

describe('OpenAPI', () => {
  it('documents every portal route under the portal tag, with its schemas', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    }>();
    const portal = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/portal/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, ...operation })),
      );
    expect(portal.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'DELETE /api/portal/push/subscription',
      'DELETE /api/portal/waitlists/{id}',
      'GET /api/portal/bookings',
      'GET /api/portal/bookings/{id}/guests',
      'GET /api/portal/clubs/{clubId}/manifest.webmanifest',
      'GET /api/portal/events',
      'GET /api/portal/me',
      'GET /api/portal/me/notifications',
      'GET /api/portal/notice',
      'GET /api/portal/places',
      'GET /api/portal/places/{placeId}/slots',
      'GET /api/portal/push',
      'GET /api/portal/series',
      'GET /api/portal/waitlists',
      'PATCH /api/portal/bookings/{id}/cancel',
      'PATCH /api/portal/me/password',
      'PATCH /api/portal/notice/read',
      'POST /api/portal/auth/access-link',
      'POST /api/portal/auth/access-link/check',
      'POST /api/portal/auth/access-link/redeem',
      'POST /api/portal/auth/login',
      'POST /api/portal/auth/logout',
      'POST /api/portal/auth/refresh',
      'POST /api/portal/bookings',
      'POST /api/portal/bookings/check',
      'POST /api/portal/waitlists',
      'POST /api/portal/waitlists/{id}/accept',
      'POST /api/portal/waitlists/{id}/refuse',
      'PUT /api/portal/bookings/{id}/guests',
      'PUT /api/portal/me/notifications',
      'PUT /api/portal/push/subscription',
    ]);
    for (const operation of portal) {
      expect(operation.tags).toEqual(['portal']);
      expect(operation.summary).toMatch(/^Portal do associado: /);
    }
  });
});
