import { appointments, auditEvents, bookingSeries, outboxMessages } from '@clube/db';
import type { SeriesPreview } from '@clube/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  createAppointment,
  createAssociate,
  createBlockedTime,
  createClubWithBearer,
  createPortalScene,
  createPlace,
} from '../../factories';
import { build } from '../../helper';

const context = build();

type Scene = Awaited<ReturnType<typeof createPortalScene>>;
const send = (
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** ISO weekday (1 Monday … 7 Sunday) of a date. */
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** A semester: the weekdays of day 7 and day 9, 18:00, for 20 weeks. */
const semester = (s: Scene, values: Record<string, unknown> = {}) => ({
  placeId: s.place.id,
  associateId: s.holder.id,
  weekdays: [isoWeekday(s.day(7)), isoWeekday(s.day(9))],
  startTime: '18:00',
  lengthMinutes: 60,
  startsOn: s.day(7),
  endsOn: s.day(7 + 7 * 20 - 1),
  ...values,
});

const preview = async (s: Scene, body: object) => {
  const response = await send('POST', '/api/backoffice/series/preview', s.staffHeaders, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SeriesPreview>();
};
const freeDates = (answer: SeriesPreview) =>
  answer.dates.filter((date) => date.available).map((date) => date.date);

describe('series preview and save', () => {
  it('lists every date with why it cannot be booked, then books the free ones in one series', async () => {
    const s = await createPortalScene(context.app);
    await createAppointment(context.db, {
      place: s.place,
      associate: s.neighbour,
      startsAt: s.at(s.day(14), '18:00'),
      endsAt: s.at(s.day(14), '19:00'),
    });
    await createBlockedTime(context.db, s.place, {
      startsAt: s.at(s.day(21), '17:00'),
      endsAt: s.at(s.day(21), '20:00'),
      description: 'Torneio',
    });
    const body = semester(s);
    const answer = await preview(s, body);
    expect(answer.dates).toHaveLength(40);
    expect(answer.rrule).toMatch(/^FREQ=WEEKLY;BYDAY=[A-Z,]+;UNTIL=\d{8}T235900Z/);
    expect(answer.countsTowardQuota).toBe(true);
    const of = (date: string) => answer.dates.find((entry) => entry.date === date)!;
    expect(of(s.day(14)).reasons).toEqual([
      expect.objectContaining({ kind: 'taken', detail: 'Vera Vizinha' }),
    ]);
    expect(of(s.day(21)).reasons).toEqual([
      expect.objectContaining({ kind: 'blocked', detail: 'Torneio' }),
    ]);
    const free = freeDates(answer);
    expect(free).toHaveLength(38);

    const saved = await send('POST', '/api/backoffice/series', s.staffHeaders, {
      ...body,
      dates: free,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const series = saved.json<{ id: string; bookings: Array<{ status: string }> }>();
    expect(series.bookings).toHaveLength(38);
    // The member sees it in the portal; another member does not.
    const mine = await send('GET', '/api/portal/series', s.holderSession.headers);
    expect(mine.json<{ items: Array<{ id: string }> }>().items.map((item) => item.id)).toEqual([
      series.id,
    ]);
    const theirs = await send('GET', '/api/portal/series', s.neighbourSession.headers);
    expect(theirs.json<{ items: unknown[] }>().items).toEqual([]);
    const rows = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.seriesId, series.id));
    expect(rows).toHaveLength(38);
    expect(new Set(rows.map((row) => row.associateId))).toEqual(new Set([s.holder.id]));
    const audited = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.companyId, s.company.id), eq(auditEvents.action, 'appointment.create')),
      );
    expect(audited.length).toBeGreaterThanOrEqual(38);
    const [message] = await context.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.associateId, s.holder.id),
          eq(outboxMessages.kind, 'series-confirmed'),
        ),
      );
    const calendar = (message!.attachments as Array<{ content: string }>)[0]!.content;
    expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(calendar).toMatch(/RRULE:FREQ=WEEKLY;BYDAY=/);
    expect(calendar).toMatch(/EXDATE:\d{8}T\d{6}Z,\d{8}T\d{6}Z/);
  });

  it('reports a date taken between preview and save, and saves nothing', async () => {
    const s = await createPortalScene(context.app);
    const body = semester(s);
    const free = freeDates(await preview(s, body));
    expect(free).toHaveLength(40);
    // A member books one of the dates meanwhile.
    await createAppointment(context.db, {
      place: s.place,
      associate: s.neighbour,
      startsAt: s.at(s.day(28), '18:00'),
      endsAt: s.at(s.day(28), '19:00'),
    });
    const saved = await send('POST', '/api/backoffice/series', s.staffHeaders, {
      ...body,
      dates: free,
    });
    expect(saved.statusCode, saved.body).toBe(409);
    const refusal = saved.json<{ error: string; details: { preview: SeriesPreview } }>();
    expect(refusal.error).toBe('SeriesDatesChanged');
    const taken = refusal.details.preview.dates.find((date) => date.date === s.day(28))!;
    expect(taken.reasons[0]).toMatchObject({ kind: 'taken', detail: 'Vera Vizinha' });
    expect(
      await context.db
        .select()
        .from(bookingSeries)
        .where(eq(bookingSeries.companyId, s.company.id)),
    ).toEqual([]);
    expect(
      await context.db
        .select()
        .from(appointments)
        .where(and(isNotNull(appointments.seriesId), eq(appointments.placeId, s.place.id))),
    ).toEqual([]);
  });

  it("counts a member's series toward the title's quota, an activity's toward none", async () => {
    const s = await createPortalScene(context.app, { associateReservationLimit: 4 });
    const member = await preview(s, semester(s));
    const refused = member.dates.filter((date) =>
      date.reasons.some((reason) => reason.failure?.code === 'ReservationsLimitReached'),
    );
    expect(refused.length).toBeGreaterThan(0);
    // Never more than four booked dates in a month.
    const perMonth = new Map<string, number>();
    for (const date of freeDates(member))
      perMonth.set(date.slice(0, 7), (perMonth.get(date.slice(0, 7)) ?? 0) + 1);
    expect(Math.max(...perMonth.values())).toBeLessThanOrEqual(4);

    const teacher = await createAssociate(context.db, s.company.id, { name: 'Paulo Professor' });
    const activity = semester(s, { associateId: teacher.id, activityName: 'Escolinha de tênis' });
    const answer = await preview(s, activity);
    expect(answer.countsTowardQuota).toBe(false);
    expect(freeDates(answer)).toHaveLength(40);
    const saved = await send('POST', '/api/backoffice/series', s.staffHeaders, {
      ...activity,
      dates: freeDates(answer),
    });
    expect(saved.statusCode, saved.body).toBe(201);
    // The teacher's own booking in a month full of the activity's dates is within the quota.
    const own = await send('POST', '/api/backoffice/appointment', s.staffHeaders, {
      associateId: teacher.id,
      placeId: s.place.id,
      cardId: teacher.cardId,
      startsAt: s.at(s.day(9), '10:00').toISOString(),
      endsAt: s.at(s.day(9), '11:00').toISOString(),
    });
    expect(own.statusCode, own.body).toBe(201);
    // The day sheet names the activity on its bookings.
    const list = await send(
      'GET',
      `/api/backoffice/series?companyId=${s.company.id}&associateId=${teacher.id}`,
      s.staffHeaders,
    );
    expect(list.json<{ items: Array<{ activityName: string }> }>().items).toEqual([
      expect.objectContaining({ activityName: 'Escolinha de tênis' }),
    ]);
  });
});

describe('series bad input', () => {
  it("refuses a series ending before it starts, longer than a year, or off the place's slots, changing nothing", async () => {
    const s = await createPortalScene(context.app);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ startsOn: s.day(20), endsOn: s.day(10) }, 'SeriesEndsBeforeStart'],
      [{ startsOn: s.day(7), endsOn: s.day(7 + 366) }, 'SeriesTooLong'],
      [{ startTime: '18:30' }, 'SeriesSlotNotOfPlace'],
      [{ lengthMinutes: 90 }, 'SeriesSlotNotOfPlace'],
      [{ startTime: '21:00' }, 'SeriesSlotNotOfPlace'],
    ];
    for (const [values, code] of cases) {
      for (const url of ['/api/backoffice/series/preview', '/api/backoffice/series']) {
        const response = await send('POST', url, s.staffHeaders, {
          ...semester(s, values),
          dates: [s.day(7)],
        });
        expect(response.statusCode, `${code} ${response.body}`).toBe(400);
        const body = response.json<{ error: string; message: string }>();
        expect(body.error).toBe(code);
        expect(body.message).toMatch(/[ãéêíóúç]|série|espaço/i);
      }
    }
    // Dates that are not the rule's.
    const wrong = await send('POST', '/api/backoffice/series', s.staffHeaders, {
      ...semester(s),
      dates: [s.day(8)],
    });
    expect(wrong.json<{ error: string }>().error).toBe('SeriesDatesInvalid');
    expect(
      await context.db
        .select()
        .from(bookingSeries)
        .where(eq(bookingSeries.companyId, s.company.id)),
    ).toEqual([]);
  });

  it("answers 404 for another club's place, member or series", async () => {
    const s = await createPortalScene(context.app);
    const other = await createClubWithBearer(context.app);
    const otherPlace = await createPlace(context.db, other.company.id);
    const placeAnswer = await send(
      'POST',
      '/api/backoffice/series/preview',
      s.staffHeaders,
      semester(s, { placeId: otherPlace.id }),
    );
    expect(placeAnswer.statusCode).toBe(404);
    const stranger = await createAssociate(context.db, other.company.id, { name: 'Outro Clube' });
    const memberAnswer = await send(
      'POST',
      '/api/backoffice/series/preview',
      s.staffHeaders,
      semester(s, { associateId: stranger.id }),
    );
    expect(memberAnswer.json<{ error: string }>().error).toBe('AssociateNotFound');
    const body = semester(s);
    const saved = await send('POST', '/api/backoffice/series', s.staffHeaders, {
      ...body,
      dates: freeDates(await preview(s, body)),
    });
    const { id } = saved.json<{ id: string }>();
    const foreign = await send('POST', `/api/backoffice/series/${id}/cancel`, other.headers, {
      scope: 'all',
      reason: 'x',
    });
    expect(foreign.statusCode).toBe(404);
    expect((await send('GET', `/api/backoffice/series/${id}`, other.headers)).statusCode).toBe(404);
  });
});

describe('cancelling a series', () => {
  it('cancels one date, then this date and the following, each audited and told to the member', async () => {
    const s = await createPortalScene(context.app);
    const body = semester(s);
    const saved = await send('POST', '/api/backoffice/series', s.staffHeaders, {
      ...body,
      dates: freeDates(await preview(s, body)),
    });
    const series = saved.json<{ id: string; bookings: Array<{ id: string }> }>();
    const [first, second, , fourth] = series.bookings;
    const one = await send('POST', `/api/backoffice/series/${series.id}/cancel`, s.staffHeaders, {
      scope: 'one',
      appointmentId: second!.id,
      reason: 'Professor em viagem',
    });
    expect(one.json()).toEqual({ cancelled: 1 });
    const following = await send(
      'POST',
      `/api/backoffice/series/${series.id}/cancel`,
      s.staffHeaders,
      {
        scope: 'following',
        appointmentId: fourth!.id,
        reason: 'Fim da turma',
      },
    );
    expect(following.json()).toEqual({ cancelled: 37 });
    const rows = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.seriesId, series.id));
    expect(
      rows
        .filter((row) => row.status === 'SCHEDULED')
        .map((row) => row.id)
        .sort(),
    ).toEqual([first!.id, series.bookings[2]!.id].sort());
    const told = await context.db
      .select()
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.associateId, s.holder.id),
          eq(outboxMessages.kind, 'booking-changed-by-club'),
        ),
      );
    expect(told.length).toBeGreaterThanOrEqual(1);
    const audited = await context.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.companyId, s.company.id), eq(auditEvents.action, 'appointment.cancel')),
      );
    expect(audited).toHaveLength(38);
    const missing = await send(
      'POST',
      `/api/backoffice/series/${series.id}/cancel`,
      s.staffHeaders,
      {
        scope: 'one',
        appointmentId: second!.id,
      },
    );
    expect(missing.json<{ error: string }>().error).toBe('CancellationReasonRequired');
  });
});
