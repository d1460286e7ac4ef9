import { appointments, companyStaff, places } from '@clube/db';
import { addDaysToDate, clubToday, type StaffRole } from '@clube/shared';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearerFor, createUser } from './factories';
import { build } from './helper';
import { sampleValues, seedClub, type SeededClub } from './route-table';
import { seasonProbes, seriesBody, type Method } from './season-attacks';

/*
 * An attacker's pass over the season's write routes of the back office (series, special days,
 * place weeks, waitlists, guests and the gate list, reports and exports): the other club's ids,
 * roles without the permission, absurd bodies. Each probe asserts the refusal and that nothing
 * was written.
 */
const context = build();

const { call, expectRefused } = seasonProbes(context);

async function staffOf(club: SeededClub, role: StaffRole) {
  if (role === 'administrador') return bearerFor(context.app, club.staff.cpf);
  const user = await createUser(context.db, { name: `Equipe ${role}` });
  await context.db
    .insert(companyStaff)
    .values({ companyId: club.company.id, userId: user.id, role });
  return bearerFor(context.app, user.cpf);
}

/** The attacker's club (their administrator's headers) and another club, its victim. */
async function twoClubs() {
  const own = await seedClub(context.db, `Clube Atacante ${crypto.randomUUID()}`);
  const other = await seedClub(context.db, `Clube Vítima ${crypto.randomUUID()}`);
  return { own, other, headers: await staffOf(own, 'administrador') };
}

describe('the other club’s ids', () => {
  it('a series of the other club’s place or member, or the other club’s series, is not found', async () => {
    const { own, other, headers } = await twoClubs();
    for (const path of ['/api/backoffice/series/preview', '/api/backoffice/series']) {
      const dates = path.endsWith('preview') ? {} : { dates: [sampleValues(own).startsOn] };
      await expectRefused(
        () => call('POST', path, headers, seriesBody(own, { placeId: other.place.id, ...dates })),
        404,
        'PlaceNotFound',
      );
      await expectRefused(
        () =>
          call(
            'POST',
            path,
            headers,
            seriesBody(own, { associateId: other.associate.id, ...dates }),
          ),
        404,
        'AssociateNotFound',
      );
    }
    await expectRefused(
      () =>
        call('POST', `/api/backoffice/series/${other.series.id}/cancel`, headers, {
          scope: 'all',
          reason: 'Invasão',
        }),
      404,
      'SeriesNotFound',
    );
    // The own series, with the other club's booking as "this date".
    await expectRefused(
      () =>
        call('POST', `/api/backoffice/series/${own.series.id}/cancel`, headers, {
          scope: 'following',
          appointmentId: other.appointment.id,
          reason: 'Invasão',
        }),
      404,
      'AppointmentNotFound',
    );
    await expectRefused(
      () => call('GET', `/api/backoffice/series/${other.series.id}`, headers),
      404,
      'SeriesNotFound',
    );
  });

  it('a special day in the other club, of its category or place, or the other club’s special day, is refused', async () => {
    const { own, other, headers } = await twoClubs();
    const day = addDaysToDate(clubToday(own.company.timezone), 60);
    const body = { companyId: own.company.id, date: day, name: 'Invasão', resolutions: [] };
    await expectRefused(
      () =>
        call('POST', '/api/backoffice/special-day', headers, {
          ...body,
          companyId: other.company.id,
        }),
      404,
      'CompanyNotFound',
    );
    await expectRefused(
      () =>
        call('POST', '/api/backoffice/special-day', headers, {
          ...body,
          categoryId: other.place.categoryId,
        }),
      404,
      'CategoryNotFound',
    );
    await expectRefused(
      () =>
        call('POST', '/api/backoffice/special-day', headers, { ...body, placeId: other.place.id }),
      404,
      'PlaceNotFound',
    );
    await expectRefused(
      () =>
        call('POST', '/api/backoffice/special-day/preview', headers, {
          companyId: own.company.id,
          date: day,
          name: 'Invasão',
          placeId: other.place.id,
        }),
      404,
      'PlaceNotFound',
    );
    await expectRefused(
      () => call('PUT', `/api/backoffice/special-day/${other.specialDay.id}`, headers, body),
      404,
      'SpecialDayNotFound',
    );
    await expectRefused(
      () => call('DELETE', `/api/backoffice/special-day/${other.specialDay.id}`, headers),
      404,
      'SpecialDayNotFound',
    );
  });

  it('the other club’s place week is neither read nor written', async () => {
    const { other, headers } = await twoClubs();
    const week = { items: [{ dayOfWeek: 'SEGUNDA', openTime: null, closeTime: null }] };
    await expectRefused(
      () => call('PUT', `/api/backoffice/place/${other.place.id}/week`, headers, week),
      404,
      'PlaceNotFound',
    );
    await expectRefused(
      () => call('GET', `/api/backoffice/place/${other.place.id}/week`, headers),
      404,
      'PlaceNotFound',
    );
  });

  it('no one of the other club is put in line, and its line is not offered', async () => {
    const { own, other, headers } = await twoClubs();
    const startsAt = own.appointment.startsAt.toISOString();
    await expectRefused(
      () =>
        call('POST', '/api/backoffice/waitlists', headers, {
          placeId: other.place.id,
          associateId: own.associate.id,
          startsAt: other.appointment.startsAt.toISOString(),
        }),
      404,
      'PlaceNotFound',
    );
    await expectRefused(
      () =>
        call('POST', '/api/backoffice/waitlists', headers, {
          placeId: own.place.id,
          associateId: other.associate.id,
          startsAt,
        }),
      404,
      'AssociateNotFound',
    );
    await expectRefused(
      () => call('POST', `/api/backoffice/waitlists/${other.waitlistEntry.id}/offer`, headers, {}),
      404,
      'WaitlistEntryNotFound',
    );
  });

  it('the other club’s guests are neither listed, replaced, taken over nor checked in', async () => {
    const { own, other, headers } = await twoClubs();
    await context.db
      .update(places)
      .set({ guestsAllowed: true, guestLimit: 5 })
      .where(inArray(places.id, [own.place.id, other.place.id]));
    await expectRefused(
      () =>
        call('PUT', `/api/backoffice/appointment/${other.appointment.id}/guests`, headers, {
          guests: [{ name: 'Intruso' }],
        }),
      404,
      'AppointmentNotFound',
    );
    // The other club's guest id in the own booking's list: not taken over, renamed or moved.
    await expectRefused(
      () =>
        call('PUT', `/api/backoffice/appointment/${own.appointment.id}/guests`, headers, {
          guests: [{ id: other.guest.id, name: 'Renomeado' }],
        }),
      404,
      'GuestNotFound',
    );
    await expectRefused(
      () =>
        call('PATCH', `/api/backoffice/guests/${other.guest.id}/check-in`, headers, {
          checkedIn: true,
        }),
      404,
      'GuestNotFound',
    );
    await expectRefused(
      () =>
        call(
          'GET',
          `/api/backoffice/gate-list?companyId=${other.company.id}&date=${clubToday(other.company.timezone)}`,
          headers,
        ),
      404,
      'CompanyNotFound',
    );
  });

  it('a report or an export of the other club’s place or category is refused', async () => {
    const { own, other, headers } = await twoClubs();
    const base = `companyId=${own.company.id}`;
    await expectRefused(
      () => call('GET', `/api/backoffice/reports?${base}&placeId=${other.place.id}`, headers),
      400,
      'ReportPlaceOfAnotherClub',
    );
    await expectRefused(
      () =>
        call(
          'GET',
          `/api/backoffice/reports?${base}&categoryId=${other.place.categoryId}`,
          headers,
        ),
      400,
      'ReportCategoryOfAnotherClub',
    );
    for (const path of ['appointment', 'blocked-time']) {
      const response = await call(
        'GET',
        `/api/backoffice/${path}/export.csv?${base}&period=custom&from=2020-01-01&to=2021-12-31&placeId=${other.place.id}`,
        headers,
      );
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain(other.place.name);
    }
  });
});

describe('ids the route did not offer', () => {
  it('a special day resolves no booking of another club, nor moves one to another club’s place', async () => {
    const { own, other, headers } = await twoClubs();
    // The whole club closed on the day of its own booking.
    const date = own.appointment.startsAt.toISOString().slice(0, 10);
    const body = { companyId: own.company.id, date, name: 'Fechado' };
    await expectRefused(
      () =>
        call('POST', '/api/backoffice/special-day', headers, {
          ...body,
          resolutions: [{ appointmentId: other.appointment.id, action: 'cancel' }],
        }),
      400,
      'ValidationError',
    );
    await expectRefused(
      () =>
        call('POST', '/api/backoffice/special-day', headers, {
          ...body,
          resolutions: [
            { appointmentId: own.appointment.id, action: 'move', placeId: other.place.id },
          ],
        }),
      422,
      'BlockMoveTargetInvalid',
    );
    const otherBookings = await context.db
      .select()
      .from(appointments)
      .where(eq(appointments.placeId, other.place.id));
    expect(otherBookings.map((booking) => [booking.id, booking.status])).toEqual([
      [other.appointment.id, 'SCHEDULED'],
    ]);
  });

  it('a series books only dates of its own preview, and cancels only its own bookings', async () => {
    const { own, headers } = await twoClubs();
    const { startsOn } = sampleValues(own) as { startsOn: string };
    await expectRefused(
      () =>
        call('POST', '/api/backoffice/series', headers, {
          ...seriesBody(own),
          dates: [addDaysToDate(startsOn, -30), addDaysToDate(startsOn, 400)],
        }),
      400,
      'SeriesDatesInvalid',
    );
    // The club's own booking, not of this series.
    await expectRefused(
      () =>
        call('POST', `/api/backoffice/series/${own.series.id}/cancel`, headers, {
          scope: 'one',
          appointmentId: own.appointment.id,
          reason: 'Fora da série',
        }),
      404,
      'AppointmentNotFound',
    );
  });
});

describe('roles without the permission', () => {
  it('Consulta is refused every season write, and Recepção the club’s hours, with nothing written', async () => {
    const club = await seedClub(context.db, `Clube dos Papéis ${crypto.randomUUID()}`);
    const consulta = await staffOf(club, 'consulta');
    const recepcao = await staffOf(club, 'recepcao');
    const samples = sampleValues(club);
    const specialDay = {
      companyId: club.company.id,
      date: samples.date,
      name: 'Sem permissão',
      resolutions: [],
    };
    const week = { items: samples.items };
    const bookingWrites: Array<[Method, string, unknown]> = [
      ['POST', '/api/backoffice/series/preview', seriesBody(club)],
      ['POST', '/api/backoffice/series', seriesBody(club, { dates: [samples.startsOn] })],
      ['POST', `/api/backoffice/series/${club.series.id}/cancel`, { scope: 'all' }],
      [
        'POST',
        '/api/backoffice/waitlists',
        {
          placeId: club.place.id,
          associateId: club.associate.id,
          startsAt: club.appointment.startsAt.toISOString(),
        },
      ],
      ['POST', `/api/backoffice/waitlists/${club.waitlistEntry.id}/offer`, {}],
      ['PUT', `/api/backoffice/appointment/${club.appointment.id}/guests`, { guests: [] }],
      ['PATCH', `/api/backoffice/guests/${club.guest.id}/check-in`, { checkedIn: true }],
    ];
    const hoursWrites: Array<[Method, string, unknown]> = [
      ['POST', '/api/backoffice/special-day/preview', { ...specialDay, resolutions: undefined }],
      ['POST', '/api/backoffice/special-day', specialDay],
      ['PUT', `/api/backoffice/special-day/${club.specialDay.id}`, specialDay],
      ['DELETE', `/api/backoffice/special-day/${club.specialDay.id}`, undefined],
      ['PUT', `/api/backoffice/place/${club.place.id}/week`, week],
    ];
    for (const [method, url, body] of [...bookingWrites, ...hoursWrites]) {
      await expectRefused(() => call(method, url, consulta, body), 403, 'PermissionDenied');
    }
    for (const [method, url, body] of hoursWrites) {
      await expectRefused(() => call(method, url, recepcao, body), 403, 'PermissionDenied');
    }
    // Relatórios and their exports are the administrator's.
    for (const url of [
      `/api/backoffice/reports?companyId=${club.company.id}`,
      `/api/backoffice/reports/places/export.csv?companyId=${club.company.id}`,
    ]) {
      await expectRefused(() => call('GET', url, recepcao), 403, 'PermissionDenied');
    }
  });
});
