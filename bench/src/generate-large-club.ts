import { associates, queryRows, type Database } from '@clube/db';
import { addDaysToDate, clubToday, completeCpf } from '@clube/shared';
import { eq, sql } from 'drizzle-orm';
import { createCompany, createStaff } from '@clube/api';

export type LargeClubSizes = {
  places: number;
  categories: number;
  associates: number;
  titles: number;
  appointments: number;
  blockedTimes: number;
  /** Places kept free of bookings in the future, for the booking benchmark. */
  benchPlaces: number;
};

export const fullSizes: LargeClubSizes = {
  places: 200,
  categories: 10,
  associates: 50_000,
  titles: 20_000,
  appointments: 1_000_000,
  blockedTimes: 20_000,
  benchPlaces: 20,
};

/** The same club at a fraction of the size (tests, CI's smoke run). */
export function scaledSizes(scale: number): LargeClubSizes {
  const of = (value: number, minimum: number) => Math.max(minimum, Math.round(value * scale));
  return {
    places: of(fullSizes.places, 12),
    // Categories 1 and 2 carry the day rules; the bench places need a third one without them.
    categories: of(fullSizes.categories, 3),
    associates: of(fullSizes.associates, 200),
    titles: of(fullSizes.titles, 80),
    appointments: of(fullSizes.appointments, 2_000),
    blockedTimes: of(fullSizes.blockedTimes, 50),
    benchPlaces: of(fullSizes.benchPlaces, 4),
  };
}

/** Bench places open 07:00–22:00 in one-hour slots (below): 15 slots a day each. */
export const benchPlaceSlotsPerDay = 15;

export const largeClubStaff = { cpf: '111.444.777-35', password: 'benchmark123' } as const;
export const timezone = 'America/Sao_Paulo';
/** Days of history before today and of bookings after it: two years in all. */
const pastDays = 547;
const futureDays = 183;

const firstNames = [
  'João',
  'Maria',
  'José',
  'Ana',
  'Antônio',
  'Francisca',
  'Luís',
  'Conceição',
  'Sérgio',
  'Lúcia',
  'André',
  'Márcia',
  'Paulo',
  'Patrícia',
  'Thiago',
  'Júlia',
  'Caio',
  'Beatriz',
  'Otávio',
  'Cecília',
  'Vinícius',
  'Letícia',
  'Rafael',
  'Mônica',
  'Fábio',
  'Débora',
  'Rogério',
  'Sônia',
  'Inácio',
  'Glória',
];
const middleNames = [
  'Carlos',
  'Helena',
  'Eduardo',
  'Luíza',
  'Henrique',
  'Aparecida',
  'Augusto',
  'Cristina',
  'Vítor',
  'Raquel',
  'Gustavo',
  'Simone',
  'Renato',
  'Íris',
  'Álvaro',
  'Teresa',
];
const lastNames = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Rodrigues',
  'Ferreira',
  'Alves',
  'Pereira',
  'Lima',
  'Gomes',
  'Araújo',
  'Ribeiro',
  'Carvalho',
  'Gonçalves',
  'Mendes',
  'Simões',
  'Conceição',
  'Brandão',
  'Falcão',
  'Magalhães',
  'Romão',
  'Patrício',
  'Antunes',
  'Assunção',
  'Damião',
];

function nameOf(index: number): string {
  const first = firstNames[index % firstNames.length]!;
  const middle = middleNames[Math.floor(index / firstNames.length) % middleNames.length]!;
  const last =
    lastNames[Math.floor(index / (firstNames.length * middleNames.length)) % lastNames.length]!;
  const second = lastNames[(index * 7) % lastNames.length]!;
  return `${first} ${middle} ${second} ${last}`;
}

export type LargeClub = {
  companyId: string;
  /** The busiest place and a busy future date of it (a Saturday). */
  busyPlaceId: string;
  busyDate: string;
  placeIds: string[];
  benchPlaceIds: string[];
  sample: { name: string; cpf: string; cardId: string };
  associates: Array<{ id: string; cardId: string }>;
};

async function time<T>(log: (line: string) => void, label: string, work: () => Promise<T>) {
  const started = performance.now();
  const result = await work();
  log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

/**
 * Builds a large club through the real schema, mostly with INSERT … SELECT over generate_series
 * (one statement per table) so a million appointments take seconds on PostgreSQL. Occupancy is
 * realistic: evenings and weekends are busier, about 8 % of bookings were cancelled.
 */
export async function generateLargeClub(
  db: Database,
  sizes: LargeClubSizes,
  log: (line: string) => void = () => {},
): Promise<LargeClub> {
  const company = await createCompany(db, { name: 'Clube Grande (benchmark)', timezone });
  const companyId = company.id;
  const staff = await createStaff(db, { ...largeClubStaff, name: 'Staff Benchmark', companyId });
  const today = clubToday(timezone);
  const firstDay = addDaysToDate(today, -pastDays);
  const lastDay = addDaysToDate(today, futureDays);

  await time(log, 'categories, places, hours', async () => {
    await db.execute(sql`
      insert into categories (company_id, name, blocked_appointment_day, not_appointment_previous_day_time)
      select ${companyId}, 'Categoria ' || n, n = 1, n = 2 from generate_series(1, ${sizes.categories}) n`);
    await db.execute(sql`
      insert into operating_hours (company_id, day_of_week, open_time, close_time)
      select ${companyId}, day, '06:00', '23:00'
      from unnest(array['DOMINGO','SEGUNDA','TERCA','QUARTA','QUINTA','SEXTA','SABADO']) day`);
    // Bench places (the first ones) belong to a category without day rules and have no quota.
    await db.execute(sql`
      with category as (select id, row_number() over (order by name) n from categories where company_id = ${companyId})
      insert into places (company_id, category_id, name, description, starts_at, ends_at, book_range,
        associate_reservation_limit, available_booking_days, age_restriction, max_cancel_booking_time)
      select ${companyId}, category.id, 'Espaço ' || lpad(p::text, 3, '0'), 'Espaço gerado para o benchmark.',
        '07:00', '22:00', 60, case when p <= ${sizes.benchPlaces} then 0 else 8 end, 30, 0, 2
      from generate_series(1, ${sizes.places}) p
      join category on category.n = case when p <= ${sizes.benchPlaces} then ${sizes.categories} else 1 + (p % ${sizes.categories}) end`);
  });

  const placeRows = await queryRows<{ id: string; name: string }>(
    db,
    sql`select id, name from places where company_id = ${companyId} order by name`,
  );
  const benchPlaceIds = placeRows.slice(0, sizes.benchPlaces).map((row) => row.id);
  const busyPlaceId = placeRows[sizes.benchPlaces]!.id;

  await time(log, `${sizes.titles} títulos, ${sizes.associates} associados`, async () => {
    await db.execute(sql`
      insert into associate_titles (company_id, name)
      select ${companyId}, 'Título ' || lpad(n::text, 6, '0') from generate_series(1, ${sizes.titles}) n`);
    const titleRows = await queryRows<{ id: string }>(
      db,
      sql`select id from associate_titles where company_id = ${companyId} order by name`,
    );
    // One member in `titles` is the holder of a title; the rest are spread round-robin over them.
    const batch = 5_000;
    for (let start = 0; start < sizes.associates; start += batch) {
      const rows: Array<typeof associates.$inferInsert> = [];
      for (let index = start; index < Math.min(sizes.associates, start + batch); index += 1) {
        const n = index + 1;
        rows.push({
          companyId,
          cpf: completeCpf(String(200_000_000 + index * 13)),
          name: nameOf(index),
          cardId: String(100000 + n),
          associateTitleId: titleRows[index % sizes.titles]!.id,
          isHolder: n <= sizes.titles,
          birthDate: addDaysToDate('1940-01-01', (n * 7919) % 29000),
        });
      }
      await db.insert(associates).values(rows);
    }
  });

  // Expected share of the slot grid that is booked, weighted to evenings and weekends.
  const slotsPerDay = 15;
  const gridSize = (sizes.places - sizes.benchPlaces) * (pastDays + futureDays + 1) * slotsPerDay;
  const meanWeight = 1 + (4 / 15) * 1.5 + (2 / 7) * 1;
  const factor = sizes.appointments / gridSize / meanWeight;
  await time(log, `~${sizes.appointments} agendamentos`, async () => {
    await db.execute(sql`select setseed(0.42)`);
    await db.execute(sql`
      with pool as (
        select array_agg(id order by card_id) ids, array_agg(associate_title_id order by card_id) titles, count(*)::int n
        from associates where company_id = ${companyId}
      ), grid as (
        select p.id place_id, d::date as booking_day, h,
          1 + (case when h >= 18 then 1.5 else 0 end) + (case when extract(dow from d) in (0, 6) then 1 else 0 end) weight
        from places p
        cross join generate_series(${firstDay}::date, ${lastDay}::date, interval '1 day') d
        cross join generate_series(7, 21) h
        where p.company_id = ${companyId} and p.id <> all(${sql.raw(`array[${benchPlaceIds.map((id) => `'${id}'::uuid`).join(',')}]`)})
      ), chosen as (
        select grid.*, 1 + floor(random() * pool.n)::int pick
        from grid, pool where random() < least(0.97, ${factor} * grid.weight)
      )
      insert into appointments (company_id, place_id, associate_id, associate_title_id, starts_at, ends_at,
        status, created_at, cancelled_at)
      select ${companyId}, chosen.place_id, pool.ids[chosen.pick], pool.titles[chosen.pick],
        (chosen.booking_day + make_time(chosen.h, 0, 0)) at time zone ${timezone},
        (chosen.booking_day + make_time(chosen.h + 1, 0, 0)) at time zone ${timezone},
        'SCHEDULED', (chosen.booking_day - 3) at time zone ${timezone}, null
      from chosen, pool`);
    // About 8 % were cancelled later (they no longer hold the slot).
    await db.execute(sql`
      update appointments set status = 'CANCELLED', cancelled_at = starts_at - interval '1 day'
      where company_id = ${companyId} and random() < 0.08`);
  });

  // The audit trail those bookings left: one event per booking, one more per cancellation, by
  // staff, each naming its place and associate (what the Auditoria screen pages through).
  await time(log, 'eventos de auditoria dos agendamentos', async () => {
    await db.execute(sql`
      insert into audit_events (company_id, actor_user_id, action, entity_type, entity_id, data,
        place_id, associate_id, created_at)
      select ${companyId}, ${staff.id}::uuid, event.action, 'appointment', a.id::text,
        jsonb_build_object('startsAt', a.starts_at), a.place_id, a.associate_id, event.at
      from appointments a
      cross join lateral (values ('appointment.create', a.created_at), ('appointment.cancel', a.cancelled_at))
        as event(action, at)
      where a.company_id = ${companyId} and event.at is not null`);
  });

  await time(log, `${sizes.blockedTimes} bloqueios`, async () => {
    await db.execute(sql`
      with place as (select array_agg(id) ids, count(*)::int n from places where company_id = ${companyId})
      insert into blocked_times (company_id, place_id, description, starts_at, ends_at)
      select ${companyId}, place.ids[1 + floor(random() * place.n)::int], 'Manutenção programada',
        (d + make_time(6, 0, 0)) at time zone ${timezone}, (d + make_time(7, 0, 0)) at time zone ${timezone}
      from place, (
        select ${firstDay}::date + floor(random() * ${pastDays + futureDays})::int d
        from generate_series(1, ${sizes.blockedTimes})
      ) days`);
    await db.execute(sql`analyze`);
  });

  // A Saturday a week or two ahead: busy, and inside every place's booking window.
  let busyDate = addDaysToDate(today, 7);
  while (new Date(`${busyDate}T12:00:00Z`).getUTCDay() !== 6) busyDate = addDaysToDate(busyDate, 1);

  const sampleRows = await db
    .select({ name: associates.name, cpf: associates.cpf, cardId: associates.cardId })
    .from(associates)
    .where(eq(associates.companyId, companyId))
    .limit(1)
    .offset(Math.floor(sizes.associates / 2));
  const associateRows = await queryRows<{ id: string; card_id: string }>(
    db,
    sql`select id, card_id from associates where company_id = ${companyId} order by card_id limit 5000`,
  );

  return {
    companyId,
    busyPlaceId,
    busyDate,
    placeIds: placeRows.map((row) => row.id),
    benchPlaceIds,
    sample: sampleRows[0]!,
    associates: associateRows.map((row) => ({ id: row.id, cardId: row.card_id })),
  };
}
