/**
 * The database round trips of each hot request, held at today's count: a request that gains one
 * fails here. The counts are the budgets of docs/performance.md; when a change lowers one, lower
 * it here and there. Each request is counted warm (the same kind of request answered once
 * before), as a busy server answers it.
 */
import { companies } from '@clube/db';
import { eq } from 'drizzle-orm';
import { placeParts, placeWeeklyHours, specialDays } from '@clube/db';
import { dayOfWeekOf } from '@clube/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppointment, createBlockedTime, createPlace, createPortalScene } from './factories';
import { build } from './helper';
import { countRoundTrips, type RoundTripCounter } from './round-trip-counter';

/** Today's counts: the ceiling of each hot request (PGlite and PostgreSQL alike). */
const ceiling = {
  staffSlotList: 2,
  // 3: besides the place's day (shared by members asking together), the member's title as the
  // rules read it, so that the list says which slots are the title's and which its rules refuse.
  portalSlotList: 3,
  staffCheck: 2,
  portalCheck: 2,
  // 5: the session, the rules' read, the locks (with whom the answer and the messages name), the
  // booking with its audit event and its confirmation in one statement, the locks' release with
  // the live event.
  staffBooking: 5,
  staffRefusal: 2,
  portalBooking: 5,
  portalRefusal: 2,
  // 5: the session, the booking with what its message says, its cancellation with its audit
  // event and its message in one statement, the live event, the answer.
  staffCancel: 5,
  portalCancel: 5,
  daySheet: 2,
  associateSearch: 2,
  staffSession: 1,
  memberSession: 1,
  // 6: the session, the club's clock with the filters' check, the places' days (occupancy and
  // the bookings' outcomes, kept or computed and kept in the same statement), messages with
  // exception reasons, members' two (top titles; the rest) — whatever the period's length.
  report: 6,
  // A series of any length: the session, the place with the member and their title's bookings,
  // every date's holders and the club's hours in one statement.
  seriesPreview: 3,
  // The session, the locks (with whom the message names), the two reads of the preview again,
  // the series with its bookings, audit events and message in one statement, the locks' release
  // with the live events, the answer.
  seriesSave: 7,
  // 6: the session, the rules' read, then a transaction (begin, the title's lock, the entry with
  // its checks — the category's switch, the title's most lines, the member's place in line — and
  // its position in one statement, commit): under the lock the count of the title's lines is
  // current, so joins racing from the member and the front desk stay within the limit.
  waitlistJoin: 6,
  // 7: the session, the entry, the booking as a portal booking (the rules' read, the locks, the
  // write, the release), and the entry marked as booked.
  offerAcceptance: 7,
};

const context = build();
let counter: RoundTripCounter;
let s: Awaited<ReturnType<typeof createPortalScene>>;

beforeAll(async () => {
  s = await createPortalScene(context.app);
  const date = s.day(3);
  await createAppointment(context.db, {
    place: s.place,
    associate: s.neighbour,
    startsAt: s.at(date, '08:00'),
    endsAt: s.at(date, '09:00'),
  });
  await createBlockedTime(context.db, s.place, {
    startsAt: s.at(date, '12:00'),
    endsAt: s.at(date, '13:00'),
  });
  // A special day and the place's own week on the listed date: read with the place's day, in the
  // same statement.
  await context.db.insert(specialDays).values({
    companyId: s.company.id,
    date,
    name: 'Carnaval',
    openTime: '06:00',
    closeTime: '22:00',
  });
  await context.db.insert(placeWeeklyHours).values({
    companyId: s.company.id,
    placeId: s.place.id,
    dayOfWeek: dayOfWeekOf(date),
    openTime: '06:00',
    closeTime: '22:00',
  });
  // The place is made of two halves (linked places), one booked and one blocked that day: their
  // bookings and blocks are read with the place's day, in the same statement.
  const halves = [
    await createPlace(context.db, s.company.id, {
      name: 'Metade A',
      categoryId: s.place.categoryId,
    }),
    await createPlace(context.db, s.company.id, {
      name: 'Metade B',
      categoryId: s.place.categoryId,
    }),
  ];
  await context.db.insert(placeParts).values(
    halves.map((half) => ({
      companyId: s.company.id,
      wholePlaceId: s.place.id,
      partPlaceId: half.id,
    })),
  );
  await createAppointment(context.db, {
    place: halves[0]!,
    associate: s.neighbour,
    startsAt: s.at(date, '18:00'),
    endsAt: s.at(date, '19:00'),
  });
  await createBlockedTime(context.db, halves[1]!, {
    startsAt: s.at(date, '19:00'),
    endsAt: s.at(date, '20:00'),
  });
  counter = countRoundTrips();
});
afterAll(() => counter?.restore());

type Method = 'GET' | 'POST' | 'PATCH';
const send = async (
  method: Method,
  url: string,
  headers: Record<string, string>,
  payload?: object,
  status = 200,
) => {
  const response = await context.app.inject({
    method,
    url,
    headers,
    ...(payload ? { payload } : {}),
  });
  expect(response.statusCode, response.body).toBe(status);
  return response;
};
/** The round trips of `work`, run after `warm` (the same kind of request) was answered once. */
const roundTrips = async (work: () => Promise<unknown>, warm: () => Promise<unknown> = work) => {
  await warm();
  return counter.count(work);
};

const staffBody = (time: string, who = s.holder) => {
  const startsAt = s.at(s.day(3), time);
  return {
    associateId: who.id,
    placeId: s.place.id,
    cardId: who.cardId,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
  };
};
const portalBody = (time: string, day = 3) => ({
  placeId: s.place.id,
  startsAt: s.at(s.day(day), time).toISOString(),
});

describe('database round trips of the hot requests', () => {
  it('staff slot list', async () => {
    const url = `/api/backoffice/appointment/${s.place.id}/time-slots?date=${s.day(3)}`;
    expect(await roundTrips(() => send('GET', url, s.staffHeaders))).toBe(ceiling.staffSlotList);
  });

  it('portal slot list', async () => {
    const url = `/api/portal/places/${s.place.id}/slots?date=${s.day(3)}`;
    expect(await roundTrips(() => send('GET', url, s.holderSession.headers))).toBe(
      ceiling.portalSlotList,
    );
  });

  it('booking check, staff and portal', async () => {
    const staff = () =>
      send('POST', '/api/backoffice/appointment/check', s.staffHeaders, staffBody('10:00'));
    expect(await roundTrips(staff)).toBe(ceiling.staffCheck);
    const portal = () =>
      send('POST', '/api/portal/bookings/check', s.holderSession.headers, portalBody('10:00'));
    expect(await roundTrips(portal)).toBe(ceiling.portalCheck);
  });

  it('staff booking, accepted and refused', async () => {
    const book =
      (time: string, status = 201) =>
      () =>
        send('POST', '/api/backoffice/appointment', s.staffHeaders, staffBody(time), status);
    expect(await roundTrips(book('14:00'), book('13:00'))).toBe(ceiling.staffBooking);
    // The slot just taken: refused before any lock.
    expect(await roundTrips(book('14:00', 409), book('13:00', 409))).toBe(ceiling.staffRefusal);
  });

  it('portal booking, accepted and refused', async () => {
    const book =
      (body: object, status = 201) =>
      () =>
        send('POST', '/api/portal/bookings', s.dependentSession.headers, body, status);
    expect(await roundTrips(book(portalBody('16:00', 4)), book(portalBody('15:00', 5)))).toBe(
      ceiling.portalBooking,
    );
    expect(
      await roundTrips(book(portalBody('16:00', 4), 409), book(portalBody('15:00', 5), 409)),
    ).toBe(ceiling.portalRefusal);
  });

  it('cancellation, staff and portal', async () => {
    const booked = async (time: string, day: number) =>
      (
        await send(
          'POST',
          '/api/portal/bookings',
          s.neighbourSession.headers,
          portalBody(time, day),
          201,
        )
      ).json<{ id: string }>().id;
    const staffCancel = (id: string) => () =>
      send('PATCH', `/api/backoffice/appointment/cancel/${id}`, s.staffHeaders, {
        reason: 'Chuva',
      });
    const [first, second] = [await booked('17:00', 6), await booked('18:00', 6)];
    expect(await roundTrips(staffCancel(second), staffCancel(first))).toBe(ceiling.staffCancel);
    const portalCancel = (id: string) => () =>
      send('PATCH', `/api/portal/bookings/${id}/cancel`, s.neighbourSession.headers);
    const [third, fourth] = [await booked('17:00', 7), await booked('18:00', 7)];
    expect(await roundTrips(portalCancel(fourth), portalCancel(third))).toBe(ceiling.portalCancel);
  });

  it('day sheet', async () => {
    const url = `/api/backoffice/day-sheet?companyId=${s.company.id}&date=${s.day(3)}`;
    expect(await roundTrips(() => send('GET', url, s.staffHeaders))).toBe(ceiling.daySheet);
    // The date's special day comes with the sheet, inside the same count.
    const sheet = await context.app.inject({ method: 'GET', url, headers: s.staffHeaders });
    expect(sheet.json().specialDay).toEqual({
      name: 'Carnaval',
      closed: false,
      openTime: '06:00',
      closeTime: '22:00',
    });
  });

  it('associate search', async () => {
    const url = `/api/backoffice/associate/findAllPaginated?companyId=${s.company.id}&take=10&skip=0&search=Helena`;
    expect(await roundTrips(() => send('GET', url, s.staffHeaders))).toBe(ceiling.associateSearch);
  });

  it('reports, a month and two years alike', async () => {
    const url = (query: string) => `/api/backoffice/reports?companyId=${s.company.id}&${query}`;
    for (const query of [
      'period=last-month',
      'period=custom&from=2025-01-01&to=2026-12-31',
      `period=custom&from=2026-01-01&to=2026-01-31&placeId=${s.place.id}`,
    ]) {
      expect(await roundTrips(() => send('GET', url(query), s.staffHeaders)), query).toBe(
        ceiling.report,
      );
    }
  });

  it('series preview and save (2 weekdays × 20 weeks), as many as for a single week', async () => {
    const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
    const series = (time: string, weeks: number) => ({
      placeId: s.place.id,
      associateId: s.neighbour.id,
      weekdays: [isoWeekday(s.day(10)), isoWeekday(s.day(12))],
      startTime: time,
      lengthMinutes: 60,
      startsOn: s.day(10),
      endsOn: s.day(10 + 7 * weeks - 1),
    });
    const previewOf = (body: object) => () =>
      send('POST', '/api/backoffice/series/preview', s.staffHeaders, body);
    expect(await roundTrips(previewOf(series('09:00', 20)), previewOf(series('09:00', 1)))).toBe(
      ceiling.seriesPreview,
    );
    const saveOf = (body: ReturnType<typeof series>) => async () => {
      const preview = (await previewOf(body)()).json<{
        dates: Array<{ date: string; available: boolean }>;
      }>();
      const dates = preview.dates.filter((date) => date.available).map((date) => date.date);
      return { body, dates };
    };
    const long = await saveOf(series('10:00', 20))();
    const short = await saveOf(series('11:00', 1))();
    expect(long.dates).toHaveLength(40);
    const save = (chosen: typeof long) => () =>
      send(
        'POST',
        '/api/backoffice/series',
        s.staffHeaders,
        { ...chosen.body, dates: chosen.dates },
        201,
      );
    expect(await roundTrips(save(long), save(short))).toBe(ceiling.seriesSave);
  });

  it("a signed-in request's session check, staff and member", async () => {
    // Refused by the query's validation, which runs after the session is loaded: nothing else.
    const staff = () =>
      send('GET', '/api/backoffice/day-sheet?companyId=x', s.staffHeaders, undefined, 400);
    expect(await roundTrips(staff)).toBe(ceiling.staffSession);
    const member = () => send('PATCH', '/api/portal/me/password', s.holderSession.headers, {}, 400);
    expect(await roundTrips(member)).toBe(ceiling.memberSession);
  });

  it('slot list of a place with waitlists, joining one and accepting an offer', async () => {
    await context.db
      .update(companies)
      .set({ waitlistMaxPerTitle: 10 })
      .where(eq(companies.id, s.company.id));
    const join = (headers: Record<string, string>, body: object) => () =>
      send('POST', '/api/portal/waitlists', headers, body, 201);
    expect(
      await roundTrips(
        join(s.dependentSession.headers, portalBody('08:00')),
        join(s.holderSession.headers, portalBody('08:00')),
      ),
    ).toBe(ceiling.waitlistJoin);
    const url = `/api/portal/places/${s.place.id}/slots?date=${s.day(3)}`;
    expect(await roundTrips(() => send('GET', url, s.holderSession.headers))).toBe(
      ceiling.portalSlotList,
    );
    // The day sheet carries each line's count in its one read.
    const sheet = `/api/backoffice/day-sheet?companyId=${s.company.id}&date=${s.day(3)}`;
    expect(await roundTrips(() => send('GET', sheet, s.staffHeaders))).toBe(ceiling.daySheet);
    const cells = (await send('GET', sheet, s.staffHeaders))
      .json<{
        categories: Array<{
          places: Array<{ id: string; cells: Array<{ waitlistCount?: number }> }>;
        }>;
      }>()
      .categories.flatMap((category) => category.places)
      .find((place) => place.id === s.place.id)!.cells;
    expect(cells.map((cell) => cell.waitlistCount).filter(Boolean)).toEqual([2]);
    // Two slots of the neighbour's, the holder in both lines, both freed and offered.
    const offers: string[] = [];
    for (const time of ['10:00', '11:00']) {
      const booked = await send(
        'POST',
        '/api/portal/bookings',
        s.neighbourSession.headers,
        portalBody(time, 8),
        201,
      );
      const joined = await send(
        'POST',
        '/api/portal/waitlists',
        s.holderSession.headers,
        portalBody(time, 8),
        201,
      );
      offers.push(joined.json<{ id: string }>().id);
      await send(
        'PATCH',
        `/api/portal/bookings/${booked.json<{ id: string }>().id}/cancel`,
        s.neighbourSession.headers,
      );
    }
    while ((await context.app.jobs.runOnce()) > 0);
    const accept = (id: string) => () =>
      send('POST', `/api/portal/waitlists/${id}/accept`, s.holderSession.headers, undefined, 201);
    expect(await roundTrips(accept(offers[1]!), accept(offers[0]!))).toBe(ceiling.offerAcceptance);
  });
});
