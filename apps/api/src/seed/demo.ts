import {
  appointments,
  associateTitles,
  associates,
  blockedTimes,
  categories,
  companies,
  operatingHours,
  places,
  type Database,
} from '@clube/db';
import {
  addDaysToDate,
  clubDateOf,
  clubInstant,
  clubToday,
  completeCpf,
  dayOfWeekOf,
  daysOfWeek,
  type DayOfWeek,
  minutesOfTime,
  timeOfMinutes,
  defaultTimezone,
  formatCpf,
  stripCpf,
} from '@clube/shared';
import { Readable } from 'node:stream';
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../lib/audit';
import { createDatabaseFileStorage } from '../lib/storage/file-storage';
import { createPlaceImage } from '../services/place-images/create-place-image';
import { drawPlacePhotos } from './place-photos';
import { hashPassword } from '../lib/password';
import { createCompany } from '../services/companies/create-company';
import { importAssociates } from '../services/associates/import-associates';
import { createStaff } from '../services/staff/create-staff';
import { setServerAdmin } from '../services/staff/set-server-admin';

export const demoLogin = { cpf: '529.982.247-25', password: 'clube123' } as const;
export const demoClubName = 'Clube Demonstração';

/**
 * The demo club's other staff, one per role below the administrator, so every role can be tried:
 * the front desk (Recepção) and a read-only login (Consulta).
 */
export const demoRoleLogins = [
  {
    role: 'recepcao',
    name: 'Carla Mendes',
    cpf: formatCpf(completeCpf('200000001')),
    password: 'recepcao123',
  },
  {
    role: 'consulta',
    name: 'Diego Alves',
    cpf: formatCpf(completeCpf('200000002')),
    password: 'consulta123',
  },
] as const;

/**
 * The members' portal login of the demo club: the first family's holder (João Carlos Pereira,
 * the first row of the membership CSV below), whose title also has a dependant to book for.
 */
export const demoMemberLogin = {
  cpf: formatCpf(completeCpf('100000001')),
  password: 'socio123',
} as const;

const associateNames = [
  'João Carlos Pereira',
  'Maria da Conceição Silva',
  'José Antônio Ferreira',
  'Ana Luíza Rodrigues',
  'Francisco Araújo',
  'Antônia Gonçalves',
  'Carlos Eduardo Lima',
  'Conceição Nogueira',
  'Paulo Sérgio Almeida',
  'Luíza Helena Costa',
  'Sebastião Ribeiro',
  'Márcia Cristina Gomes',
  'André Luís Martins',
  'Fernanda Araújo Pereira',
  'Raimundo Nonato Souza',
  'Patrícia Lopes',
  'Marcos Vinícius Barbosa',
  'Juliana Castro',
  'Luís Otávio Mendes',
  'Beatriz Simões',
];

const dependantFirstNames = [
  'Pedro',
  'Lívia',
  'Heitor',
  'Cecília',
  'Théo',
  'Isadora',
  'Joaquim',
  'Valentina',
  'Benício',
  'Manuela',
  'Davi',
  'Lúcia',
  'Caio',
  'Sofia',
  'Gael',
  'Helena',
  'Otávio',
  'Alícia',
  'Enzo',
  'Marina',
];

/** The demo club's hours: 06:00–22:00 on weekdays, 07:00–20:00 at the weekend. */
function clubHoursOn(dayOfWeek: DayOfWeek) {
  const isWeekend = dayOfWeek === 'SABADO' || dayOfWeek === 'DOMINGO';
  return { openTime: isWeekend ? '07:00' : '06:00', closeTime: isWeekend ? '20:00' : '22:00' };
}

/**
 * The member whose booking awaits the front desk (the holder of the 19th family, Luís Otávio
 * Mendes, in card order): not the portal's demo member, not the blocked title.
 */
export const awaitingDeskMemberIndex = 36;

/**
 * The start of the place's latest slot, inside the club's hours, that began before `cutoff`:
 * today's, or the day before's when today's first has not begun yet.
 */
function latestSlotStartBefore(
  place: { startsAt: string; endsAt: string; bookRange: number },
  cutoff: Date,
  timezone: string,
): Date {
  for (let offset = 0; ; offset -= 1) {
    const date = addDaysToDate(clubDateOf(cutoff, timezone), offset);
    const hours = clubHoursOn(dayOfWeekOf(date));
    const closes = Math.min(minutesOfTime(place.endsAt), minutesOfTime(hours.closeTime));
    let latest: Date | undefined;
    for (
      let start = minutesOfTime(place.startsAt);
      start + place.bookRange <= closes;
      start += place.bookRange
    ) {
      const startsAt = clubInstant(date, timeOfMinutes(start), timezone);
      if (start >= minutesOfTime(hours.openTime) && startsAt < cutoff) latest = startsAt;
    }
    if (latest) return latest;
  }
}

/** Twenty families, the holder plus one dependant each, ages 6 to 78, as a membership CSV. */
function demoMembershipCsv(today: string): string {
  const yearOf = (age: number) => Number(today.slice(0, 4)) - age;
  const people = associateNames.flatMap((holderName, index) => {
    const surname = holderName.split(' ').slice(-1)[0]!;
    return [
      { name: holderName, age: 35 + ((index * 7) % 44), isHolder: true, titleIndex: index },
      {
        name: `${dependantFirstNames[index]!} ${surname}`,
        age: 6 + ((index * 5) % 17),
        isHolder: false,
        titleIndex: index,
      },
    ];
  });
  const lines = people.map((person, index) => {
    const day = String((index % 27) + 1).padStart(2, '0');
    const month = String((index % 12) + 1).padStart(2, '0');
    return [
      completeCpf(String(100_000_001 + index * 7_919)),
      person.name,
      `${day}/${month}/${yearOf(person.age)}`,
      String(10_001 + index),
      `Título ${String(1001 + person.titleIndex)}`,
      person.isHolder ? 'sim' : 'não',
      `associado${index + 1}@exemplo.com.br`,
      index === 7 ? 'sim' : 'não',
    ].join(';');
  });
  return ['cpf;name;birthDate;cardId;title;isHolder;email;blocked', ...lines].join('\n');
}

/**
 * The demo club of the first `npm start`: a club to click through at once, with places of
 * varied rules, operating hours, associates of every kind and some bookings and blocks ahead.
 * It goes through the same service functions as the CLI (associates through the import); rows without a service yet are inserted
 * directly, inside one transaction so a failure leaves nothing behind.
 */
export async function seedDemo(db: Database, _options: { uploadsDir: string }) {
  const club = await createCompany(db, {
    name: demoClubName,
    timezone: defaultTimezone,
    logoUrl: '/demo/clube-demonstracao.svg',
  });
  const otherClub = await createCompany(db, {
    name: 'Clube Náutico Beira-Rio',
    timezone: defaultTimezone,
  });
  const staff = await createStaff(db, {
    cpf: demoLogin.cpf,
    name: 'Ana Souza',
    password: demoLogin.password,
    companyId: club.id,
  });
  await createStaff(db, {
    cpf: demoLogin.cpf,
    name: 'Ana Souza',
    password: demoLogin.password,
    companyId: otherClub.id,
  });
  // The demo's first administrator also administers the server: creating a club from the app
  // can be tried at once (docs/decisions/030).
  await setServerAdmin(db, { cpf: demoLogin.cpf, isServerAdmin: true });
  for (const login of demoRoleLogins) {
    await createStaff(db, { ...login, companyId: club.id });
  }

  // Associates arrive the way a real club brings them in: through the membership-file import.
  const report = await importAssociates(db, {
    companyId: club.id,
    source: Readable.from([demoMembershipCsv(clubToday(club.timezone))]),
    actorUserId: null,
  });
  if (!report.applied)
    throw new Error(`demo associates rejected: ${JSON.stringify(report.errors)}`);

  await db.transaction(async (tx) => {
    const timezone = club.timezone;
    const companyId = club.id;

    await tx
      .insert(operatingHours)
      .values(daysOfWeek.map((dayOfWeek) => ({ companyId, dayOfWeek, ...clubHoursOn(dayOfWeek) })));

    const [courts, pools, barbecues] = await tx
      .insert(categories)
      .values([
        { companyId, name: 'Quadras', blockedAppointmentDay: true },
        { companyId, name: 'Piscinas' },
        {
          companyId,
          name: 'Churrasqueiras',
          blockedAppointmentDay: true,
          notAppointmentPreviousDayTime: true,
        },
      ])
      .returning();

    const placeRows = await tx
      .insert(places)
      .values([
        {
          companyId,
          categoryId: courts!.id,
          name: 'Quadra de Tênis 1',
          description: 'Quadra de saibro coberta, com iluminação para jogos noturnos.',
          startsAt: '07:00',
          endsAt: '22:00',
          bookRange: 60,
          associateReservationLimit: 4,
          availableBookingDays: 14,
          ageRestriction: 0,
          maxCancelBookingTime: 2,
        },
        {
          companyId,
          categoryId: courts!.id,
          name: 'Quadra de Tênis 2',
          description: 'Quadra de piso rápido ao ar livre.',
          startsAt: '07:00',
          endsAt: '21:00',
          bookRange: 60,
          associateReservationLimit: 4,
          availableBookingDays: 14,
          ageRestriction: 0,
          maxCancelBookingTime: 2,
        },
        {
          companyId,
          categoryId: courts!.id,
          name: 'Quadra Poliesportiva',
          description: 'Futsal, vôlei e basquete. Reserva por 90 minutos.',
          startsAt: '08:00',
          endsAt: '22:00',
          bookRange: 90,
          associateReservationLimit: 8,
          availableBookingDays: 7,
          ageRestriction: 0,
          maxCancelBookingTime: 4,
        },
        {
          companyId,
          categoryId: pools!.id,
          name: 'Piscina Semiolímpica — Raia 1',
          description: 'Raia exclusiva para treino. Idade mínima de 12 anos.',
          startsAt: '06:00',
          endsAt: '20:00',
          bookRange: 45,
          associateReservationLimit: 0,
          availableBookingDays: 7,
          ageRestriction: 12,
          maxCancelBookingTime: 1,
        },
        {
          companyId,
          categoryId: barbecues!.id,
          name: 'Churrasqueira do Bosque',
          description: 'Para até 30 pessoas, com pia e freezer. Somente maiores de 18 anos.',
          startsAt: '10:00',
          endsAt: '22:00',
          bookRange: 360,
          associateReservationLimit: 2,
          availableBookingDays: 30,
          ageRestriction: 18,
          maxCancelBookingTime: 48,
        },
        {
          companyId,
          categoryId: barbecues!.id,
          name: 'Espaço Gourmet',
          description: 'Cozinha equipada e mesas para 20 pessoas.',
          startsAt: '11:00',
          endsAt: '23:00',
          bookRange: 240,
          anonymousBooking: true,
          associateReservationLimit: 1,
          availableBookingDays: 60,
          ageRestriction: 18,
          maxCancelBookingTime: 72,
        },
      ])
      .returning();

    const today = clubToday(timezone);
    const associateRows = await tx
      .select()
      .from(associates)
      .where(eq(associates.companyId, companyId))
      .orderBy(asc(associates.cardId));
    await tx
      .update(associates)
      .set({ blockedReason: 'Mensalidade em atraso' })
      .where(and(eq(associates.companyId, companyId), eq(associates.blocked, true)));
    // Portal passwords are set by the club's staff; the demo gives one member a password at once.
    await tx
      .update(associates)
      .set({ passwordHash: await hashPassword(demoMemberLogin.password) })
      .where(
        and(eq(associates.companyId, companyId), eq(associates.cpf, stripCpf(demoMemberLogin.cpf))),
      );

    // Bookings over the next days, and a few blocked times.
    const [tennis1, tennis2, multi, pool, barbecue] = placeRows;
    const bookings = [
      // Today, so the calendar, the occupancy and the day's lists have something at once.
      { place: tennis1!, day: 0, time: '07:00', minutes: 60, associate: 1 },
      { place: tennis1!, day: 0, time: '12:00', minutes: 60, associate: 3 },
      { place: tennis1!, day: 0, time: '19:00', minutes: 60, associate: 5 },
      { place: tennis2!, day: 0, time: '18:00', minutes: 60, associate: 7 },
      { place: pool!, day: 0, time: '16:00', minutes: 45, associate: 9 },
      { place: tennis1!, day: 1, time: '08:00', minutes: 60, associate: 0 },
      { place: tennis1!, day: 1, time: '18:00', minutes: 60, associate: 2 },
      { place: tennis1!, day: 2, time: '19:00', minutes: 60, associate: 4 },
      { place: tennis2!, day: 1, time: '09:00', minutes: 60, associate: 6 },
      { place: tennis2!, day: 3, time: '17:00', minutes: 60, associate: 8 },
      { place: multi!, day: 2, time: '09:30', minutes: 90, associate: 10 },
      { place: pool!, day: 1, time: '08:15', minutes: 45, associate: 12 },
      { place: pool!, day: 2, time: '07:30', minutes: 45, associate: 14 },
      { place: barbecue!, day: 5, time: '10:00', minutes: 360, associate: 16 },
    ];
    await tx.insert(appointments).values(
      bookings.map((booking) => {
        const date = addDaysToDate(today, booking.day);
        const startsAt = clubInstant(date, booking.time, timezone);
        const associate = associateRows[booking.associate]!;
        return {
          companyId,
          placeId: booking.place.id,
          associateId: associate.id,
          associateTitleId: associate.associateTitleId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + booking.minutes * 60_000),
          createdBy: staff.id,
        };
      }),
    );
    // A booking that started a while ago and nobody has marked yet, so the front desk has a
    // no-show (or a late check-in) to record on the first start.
    const awaitingStart = latestSlotStartBefore(
      multi!,
      new Date(Date.now() - 20 * 60_000),
      timezone,
    );
    const awaitingMember = associateRows[awaitingDeskMemberIndex]!;
    await tx.insert(appointments).values({
      companyId,
      placeId: multi!.id,
      associateId: awaitingMember.id,
      associateTitleId: awaitingMember.associateTitleId,
      startsAt: awaitingStart,
      endsAt: new Date(awaitingStart.getTime() + multi!.bookRange * 60_000),
      createdBy: staff.id,
    });
    await tx.insert(blockedTimes).values([
      {
        companyId,
        placeId: pool!.id,
        description: 'Manutenção do filtro',
        startsAt: clubInstant(addDaysToDate(today, 1), '12:00', timezone),
        endsAt: clubInstant(addDaysToDate(today, 1), '14:15', timezone),
        createdBy: staff.id,
      },
      {
        companyId,
        placeId: tennis2!.id,
        description: 'Torneio interno',
        startsAt: clubInstant(addDaysToDate(today, 4), '08:00', timezone),
        endsAt: clubInstant(addDaysToDate(today, 4), '12:00', timezone),
        createdBy: staff.id,
      },
    ]);
    // One family behind on its dues: the title is blocked, so none of its members can book.
    const blockedTitleId = associateRows[associateRows.length - 1]!.associateTitleId;
    await tx
      .update(associateTitles)
      .set({ blocked: true, blockedReason: 'Mensalidade do título em atraso' })
      .where(eq(associateTitles.id, blockedTitleId));
    await recordAudit(tx, {
      companyId,
      actorUserId: null,
      action: 'company.seed-demo',
      entityType: 'company',
      entityId: companyId,
    });
  });

  // Photos on every place that look like what it is (by day and at dusk), drawn here (no binary
  // files in the repository: ./place-photos) and stored through the same service as an upload.
  const storage = createDatabaseFileStorage(db);
  const placesOfClub = await db
    .select({ id: places.id, name: places.name })
    .from(places)
    .where(eq(places.companyId, club.id))
    .orderBy(asc(places.name));
  const photoViews = ['de dia', 'ao entardecer'];
  for (const place of placesOfClub) {
    for (const [index, bytes] of (await drawPlacePhotos(place.name)).entries())
      await createPlaceImage(db, {
        storage,
        staff: {
          userId: staff.id,
          companyIds: new Set([club.id]),
          roles: new Map([[club.id, staff.role]]),
          isServerAdmin: true,
        },
        placeId: place.id,
        sequence: index + 1,
        description: `${place.name}, ${photoViews[index] ?? ''}`.replace(/, $/, ''),
        bytes,
      });
  }

  const [created] = await db.select().from(companies).where(eq(companies.id, club.id));
  return { club: created!, otherClub, staff };
}
