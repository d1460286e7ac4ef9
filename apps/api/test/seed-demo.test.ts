import { join } from 'node:path';
import {
  appointments,
  associateTitles,
  associates,
  blockedTimes,
  categories,
  lockDataDir,
  operatingHours,
  placeImages,
  places,
} from '@clube/db';
import {
  addDaysToDate,
  clubDateOf,
  clubInstant,
  clubTimeOf,
  clubToday,
  stripCpf,
} from '@clube/shared';
import { and, count, eq, gte, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  demoClubName,
  demoLogin,
  demoMemberLogin,
  demoRoleLogins,
  seedDemo,
} from '../src/seed/demo';
import { verifyPassword } from '../src/lib/password';
import { login } from './factories';
import { build, temporaryDirectories } from './helper';
import { placeKindOf } from '../src/seed/place-photos';

const context = build();

describe('demo seed', () => {
  it('creates a club to click through, and the demo login opens both clubs', async () => {
    const db = context.db;
    const { club } = await seedDemo(db, { uploadsDir: context.config.uploadsDir });
    expect(club.name).toBe(demoClubName);
    expect(club.timezone).toBe('America/Sao_Paulo');
    expect(club.logoUrl).toBeTruthy();

    const countOf = async (
      table:
        | typeof places
        | typeof categories
        | typeof operatingHours
        | typeof associates
        | typeof appointments
        | typeof blockedTimes,
    ) =>
      (await db.select({ total: count() }).from(table).where(eq(table.companyId, club.id)))[0]!
        .total;
    expect(await countOf(categories)).toBe(3);
    expect(await countOf(places)).toBe(6);
    expect(await countOf(operatingHours)).toBe(7);
    expect(await countOf(associates)).toBeGreaterThanOrEqual(40);
    expect(await countOf(appointments)).toBeGreaterThan(0);
    expect(await countOf(blockedTimes)).toBeGreaterThan(0);
    const blocked = await db.select().from(associates).where(eq(associates.blocked, true));
    expect(blocked).toHaveLength(1);
    // Every screen has something to show on the first start: today's bookings, a blocked
    // title, a photo on every place.
    const today = clubToday(club.timezone);
    const bookingsToday = await db
      .select({ total: count() })
      .from(appointments)
      .where(
        and(
          eq(appointments.companyId, club.id),
          gte(appointments.startsAt, clubInstant(today, '00:00', club.timezone)),
          lt(appointments.startsAt, clubInstant(addDaysToDate(today, 1), '00:00', club.timezone)),
        ),
      );
    expect(bookingsToday[0]!.total).toBeGreaterThanOrEqual(3);
    // And the coming days, so the calendar, the portal's days and the occupancy ahead are not
    // empty: each booking one slot long, still SCHEDULED, on the day and at the time it was given.
    const ahead = await db
      .select({
        place: places.name,
        bookRange: places.bookRange,
        startsAt: appointments.startsAt,
        endsAt: appointments.endsAt,
        status: appointments.status,
      })
      .from(appointments)
      .innerJoin(places, eq(places.id, appointments.placeId))
      .where(
        and(
          eq(appointments.companyId, club.id),
          gte(appointments.startsAt, clubInstant(addDaysToDate(today, 1), '00:00', club.timezone)),
        ),
      );
    const day = (offset: number) => addDaysToDate(today, offset);
    expect(
      ahead
        .map(
          (booking) =>
            `${clubDateOf(booking.startsAt, club.timezone)} ${clubTimeOf(booking.startsAt, club.timezone)} ${booking.place}`,
        )
        .sort(),
    ).toEqual(
      [
        `${day(1)} 08:15 Piscina Semiolímpica — Raia 1`,
        `${day(1)} 08:00 Quadra de Tênis 1`,
        `${day(1)} 09:00 Quadra de Tênis 2`,
        `${day(1)} 18:00 Quadra de Tênis 1`,
        `${day(2)} 07:30 Piscina Semiolímpica — Raia 1`,
        `${day(2)} 09:30 Quadra Poliesportiva`,
        `${day(2)} 19:00 Quadra de Tênis 1`,
        `${day(3)} 17:00 Quadra de Tênis 2`,
        `${day(5)} 10:00 Churrasqueira do Bosque`,
      ].sort(),
    );
    for (const booking of ahead) {
      expect(booking.status).toBe('SCHEDULED');
      expect(booking.endsAt.getTime() - booking.startsAt.getTime()).toBe(
        booking.bookRange * 60_000,
      );
    }
    // A booking that began at least 20 minutes ago awaits the front desk, whatever the hour the
    // seed runs: past the no-show tolerance, still SCHEDULED.
    const [awaiting] = await db
      .select()
      .from(appointments)
      .where(
        and(
          eq(appointments.companyId, club.id),
          lt(appointments.startsAt, new Date(Date.now() - 20 * 60_000)),
        ),
      );
    expect(awaiting).toMatchObject({ status: 'SCHEDULED' });
    expect(Date.now() - awaiting!.startsAt.getTime()).toBeLessThan(2 * 86_400_000);
    const blockedTitles = await db
      .select()
      .from(associateTitles)
      .where(and(eq(associateTitles.companyId, club.id), eq(associateTitles.blocked, true)));
    expect(blockedTitles).toHaveLength(1);
    expect(blockedTitles[0]!.blockedReason).toBeTruthy();
    const photos = await db
      .select({ placeId: placeImages.placeId, fileKey: placeImages.fileKey })
      .from(placeImages)
      .innerJoin(places, eq(places.id, placeImages.placeId))
      .where(eq(places.companyId, club.id));
    // Two photos of every place (by day, at dusk), drawn as what the place is.
    expect(new Set(photos.map((photo) => photo.placeId)).size).toBe(6);
    expect(photos).toHaveLength(12);
    const placeNames = await db
      .select({ name: places.name })
      .from(places)
      .where(eq(places.companyId, club.id));
    expect(Object.fromEntries(placeNames.map(({ name }) => [name, placeKindOf(name)]))).toEqual({
      'Quadra de Tênis 1': 'tennis',
      'Quadra de Tênis 2': 'tennis',
      'Quadra Poliesportiva': 'sports-court',
      'Piscina Semiolímpica — Raia 1': 'pool',
      'Churrasqueira do Bosque': 'barbecue',
      'Espaço Gourmet': 'gourmet',
    });
    const served = await context.app.inject({
      method: 'GET',
      url: `/api/uploads/${photos[0]!.fileKey}`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const session = await login(context.app, demoLogin.cpf, demoLogin.password);
    const clubs = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/company',
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(clubs.json().items).toHaveLength(2);

    // The front-desk and read-only logins printed beside it: staff of the demo club alone.
    expect(demoRoleLogins.map((demo) => demo.role)).toEqual(['recepcao', 'consulta']);
    for (const demo of demoRoleLogins) {
      const signedIn = await login(context.app, demo.cpf, demo.password);
      const theirClubs = await context.app.inject({
        method: 'GET',
        url: '/api/backoffice/company',
        headers: { authorization: `Bearer ${signedIn.access_token}` },
      });
      expect(theirClubs.json().items).toEqual([
        expect.objectContaining({ id: club.id, role: demo.role }),
      ]);
    }

    // The portal login printed beside the staff one: a holder with a portal password.
    const [member] = await db
      .select()
      .from(associates)
      .where(eq(associates.cpf, stripCpf(demoMemberLogin.cpf)));
    expect(member).toMatchObject({ companyId: club.id, isHolder: true, blocked: false });
    expect(await verifyPassword(member!.passwordHash!, demoMemberLogin.password)).toBe(true);
  });
});

describe('data directory lock', () => {
  const directory = temporaryDirectories('lock')();

  it('lets one process hold DATA_DIR and refuses a second with a clear message', async () => {
    const { spawnSync } = await import('node:child_process');
    const release = lockDataDir(directory);
    // Another process trying to take it is refused without touching anything.
    const other = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `import('@clube/db').then(({ lockDataDir }) => lockDataDir(${JSON.stringify(directory)}))`,
      ],
      { encoding: 'utf8' },
    );
    expect(other.status).not.toBe(0);
    expect(other.stderr).toContain('o servidor está usando este banco; pare-o ou use DATABASE_URL');
    release();
    const again = lockDataDir(directory);
    again();
  });

  it('takes over a lock left by a process that is gone', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(directory, '.lock'), '999999');
    const release = lockDataDir(directory);
    release();
  });
});
