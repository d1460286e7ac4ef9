import { appointments } from '@clube/db';
import { dayOfWeekOf, type SeriesPreview } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPortalScene } from '../../factories';
import { build } from '../../helper';

const context = build();

type Scene = Awaited<ReturnType<typeof createPortalScene>>;
const send = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

/** ISO weekday (1 Monday … 7 Sunday) of a date. */
const isoWeekday = (date: string) => ((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The weekdays of day 7 and day 9, 18:00, for 20 weeks. */
const semester = (s: Scene) => ({
  placeId: s.place.id,
  associateId: s.holder.id,
  weekdays: [isoWeekday(s.day(7)), isoWeekday(s.day(9))],
  startTime: '18:00',
  lengthMinutes: 60,
  startsOn: s.day(7),
  endsOn: s.day(7 + 7 * 20 - 1),
});

const previewOf = async (s: Scene) => {
  const response = await send('POST', '/api/backoffice/series/preview', s.staffHeaders, {
    ...semester(s),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SeriesPreview>();
};

const specialDay = async (s: Scene, body: Record<string, unknown>) => {
  const response = await send('POST', '/api/backoffice/special-day', s.staffHeaders, {
    companyId: s.company.id,
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
};

describe('series preview over special days and the place week', () => {
  it('names the special day that closes or shortens a date, and the weekday the place is closed', async () => {
    const s = await createPortalScene(context.app);
    await specialDay(s, { date: s.day(14), name: 'Natal' });
    await specialDay(s, { date: s.day(21), name: 'Manutenção', placeId: s.place.id });
    await specialDay(s, {
      date: s.day(28),
      name: 'Carnaval',
      categoryId: s.place.categoryId,
      openTime: '08:00',
      closeTime: '14:00',
    });
    const week = await send('PUT', `/api/backoffice/place/${s.place.id}/week`, s.staffHeaders, {
      items: [{ dayOfWeek: dayOfWeekOf(s.day(9)), openTime: null, closeTime: null }],
    });
    expect(week.statusCode, week.body).toBe(200);

    const answer = await previewOf(s);
    expect(answer.dates).toHaveLength(40);
    const of = (date: string) => answer.dates.find((entry) => entry.date === date)!;
    expect(of(s.day(14))).toMatchObject({
      available: false,
      reasons: [{ kind: 'closed', message: 'Clube fechado — Natal' }],
    });
    expect(of(s.day(21)).reasons).toEqual([
      expect.objectContaining({ kind: 'closed', message: 'Espaço fechado — Manutenção' }),
    ]);
    expect(of(s.day(28)).reasons).toEqual([
      expect.objectContaining({
        kind: 'outside-hours',
        message: 'Fora do horário especial — Carnaval',
      }),
    ]);
    // Every date on the weekday the place's own week closes.
    const closedWeekday = answer.dates.filter(
      (entry) => isoWeekday(entry.date) === isoWeekday(s.day(9)),
    );
    expect(closedWeekday).toHaveLength(20);
    for (const entry of closedWeekday)
      expect(entry.reasons).toEqual([
        expect.objectContaining({ kind: 'closed', message: 'Fechado neste dia da semana' }),
      ]);
    expect(answer.dates.filter((entry) => entry.available)).toHaveLength(17);
  });

  it('keeps a date moved through the booking move path in its series', async () => {
    const s = await createPortalScene(context.app);
    const body = semester(s);
    const free = (await previewOf(s)).dates.filter((d) => d.available).map((d) => d.date);
    const saved = await send('POST', '/api/backoffice/series', s.staffHeaders, {
      ...body,
      dates: free,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const series = saved.json<{ id: string; bookings: Array<{ id: string; startsAt: string }> }>();
    const first = series.bookings[0]!;
    const to = s.at(s.day(7), '19:00');
    const moved = await send(
      'PATCH',
      `/api/backoffice/appointment/${first.id}/move`,
      s.staffHeaders,
      { placeId: s.place.id, startsAt: to.toISOString() },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await context.db.select().from(appointments).where(eq(appointments.id, first.id));
    expect(row).toMatchObject({ seriesId: series.id, startsAt: to });
    const listed = await send('GET', `/api/backoffice/series/${series.id}`, s.staffHeaders);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed.json<{ bookings: Array<{ id: string; startsAt: string }> }>().bookings[0],
    ).toMatchObject({ id: first.id, startsAt: to.toISOString() });
  });
});

describe('series marks in the day sheet and the appointment lists', () => {
  it("carries each booking's series and its activity's name", async () => {
    const s = await createPortalScene(context.app);
    const body = { ...semester(s), activityName: 'Escolinha de tênis' };
    const free = (await previewOf(s)).dates.filter((d) => d.available).map((d) => d.date);
    const saved = await send('POST', '/api/backoffice/series', s.staffHeaders, {
      ...body,
      dates: free,
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const seriesId = saved.json<{ id: string }>().id;
    const mark = { id: seriesId, activityName: 'Escolinha de tênis' };

    const sheet = await send(
      'GET',
      `/api/backoffice/day-sheet?companyId=${s.company.id}&date=${s.day(7)}`,
      s.staffHeaders,
    );
    expect(sheet.statusCode, sheet.body).toBe(200);
    const cells = sheet
      .json<{
        categories: Array<{
          places: Array<{ id: string; cells: Array<{ time: string; appointment?: object }> }>;
        }>;
      }>()
      .categories.flatMap((category) => category.places)
      .find((place) => place.id === s.place.id)!.cells;
    expect(cells.find((cell) => cell.time === '18:00')!.appointment).toMatchObject({
      series: mark,
    });

    const listed = await send(
      'GET',
      `/api/backoffice/appointment?placeId=${s.place.id}&associateId=${s.holder.id}`,
      s.staffHeaders,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json<{ items: Array<{ series: unknown }> }>().items;
    expect(items).toHaveLength(free.length);
    for (const item of items) expect(item.series).toEqual(mark);

    const summary = await send(
      'GET',
      `/api/backoffice/associate/id/${s.holder.id}/appointments-summary`,
      s.staffHeaders,
    );
    expect(summary.statusCode, summary.body).toBe(200);
    const upcoming = summary.json<{ upcoming: Array<{ series: unknown }> }>().upcoming;
    expect(upcoming.length).toBeGreaterThan(0);
    for (const item of upcoming) expect(item.series).toEqual(mark);
  });
});
