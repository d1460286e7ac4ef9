// The rush's side in the database (bench/src/rush.ts runs it): the bench places and members made
// ready before it, and its invariants checked after it with the server stopped.
import { queryRows, type Database } from '@clube/db';
import { clubDayRange, hashPassword } from '@clube/api';
import { sql } from 'drizzle-orm';
import { timezone, type LargeClub } from './generate-large-club';

/** Bookings a title may hold per bench place and month during the rush. */
export const rushQuota = 1;
export const memberPassword = 'corrida-de-sabado';
const occupying = sql.raw(`('SCHEDULED', 'CHECKED_IN', 'NO_SHOW')`);
const uuids = (ids: string[]) => sql.raw(`array[${ids.map((id) => `'${id}'::uuid`).join(',')}]`);

export type RushMember = { id: string; cpf: string; titleId: string };

/** Deletes every booking of the bench places (they are the benchmark's, made by an earlier run). */
export async function clearBenchBookings(db: Database, club: LargeClub) {
  await db.execute(
    sql`delete from waitlist_entries where place_id = any(${uuids(club.benchPlaceIds)})`,
  );
  await db.execute(
    sql`delete from appointments where place_id = any(${uuids(club.benchPlaceIds)})`,
  );
}

/**
 * Straight in the database, before the server starts: the bench places empty and under a quota,
 * and `count` members with a portal password (one argon2 hash, computed once, for all of them).
 * Members are taken title by title, so the two or three members of a family rush together for
 * the same quota.
 */
export async function prepareRush(
  db: Database,
  club: LargeClub,
  count: number,
): Promise<RushMember[]> {
  await clearBenchBookings(db, club);
  await db.execute(
    sql`update places set associate_reservation_limit = ${rushQuota} where id = any(${uuids(club.benchPlaceIds)})`,
  );
  const members = await queryRows<RushMember>(
    db,
    sql`select id, cpf, associate_title_id as "titleId" from associates
        where company_id = ${club.companyId} and not blocked
        order by associate_title_id, card_id limit ${count}`,
  );
  if (members.length < count)
    throw new Error(`o clube tem ${members.length} associados, menos que ${count}`);
  const passwordHash = await hashPassword(memberPassword);
  await db.execute(
    sql`update associates set password_hash = ${passwordHash} where id = any(${uuids(members.map((member) => member.id))})`,
  );
  // The last run's bookings, just deleted, and the passwords just rewritten leave dead rows where
  // the rush reads (the bench places' days, the members): without a vacuum each run of a kept
  // club starts a little slower than the one before.
  await db.execute(sql`vacuum analyze appointments, associates, audit_events`);
  return members;
}

export type RushInvariants = {
  slotsHeldTwice: number;
  titlesOverQuota: number;
  bookingsOfTheDay: number;
};

/**
 * Exact checks in the database, the server stopped: no two occupying bookings of a bench place
 * overlap, no title holds more bookings of a bench place in the rush's month than its quota, and
 * the day holds exactly the bookings the members were told were made. Restores the bench places'
 * quota (none). Throws when an invariant is violated.
 */
export async function verifyRush(
  db: Database,
  club: LargeClub,
  date: string,
  booked: number,
): Promise<RushInvariants> {
  const places = uuids(club.benchPlaceIds);
  const [overlaps] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from appointments a
        join appointments b on b.place_id = a.place_id and b.id > a.id
          and tstzrange(b.starts_at, b.ends_at) && tstzrange(a.starts_at, a.ends_at)
          and b.status in ${occupying}
        where a.place_id = any(${places}) and a.status in ${occupying}`,
  );
  const [overQuota] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from (
          select a.associate_title_id, a.place_id
          from appointments a join places p on p.id = a.place_id
          where a.place_id = any(${places}) and a.status in ${occupying}
            and p.associate_reservation_limit > 0
          group by a.associate_title_id, a.place_id, p.associate_reservation_limit,
            date_trunc('month', a.starts_at at time zone ${timezone})
          having count(*) > p.associate_reservation_limit) over`,
  );
  const day = clubDayRange(date, timezone);
  const [ofTheDay] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from appointments
        where place_id = any(${places}) and status in ${occupying}
          and starts_at >= ${day.startsAt.toISOString()}::timestamptz
          and starts_at < ${day.endsAt.toISOString()}::timestamptz`,
  );
  await db.execute(
    sql`update places set associate_reservation_limit = 0 where id = any(${places})`,
  );
  const invariants = {
    slotsHeldTwice: overlaps?.count ?? -1,
    titlesOverQuota: overQuota?.count ?? -1,
    bookingsOfTheDay: ofTheDay?.count ?? -1,
  };
  const violations = [
    invariants.slotsHeldTwice !== 0 &&
      `${invariants.slotsHeldTwice} horários reservados duas vezes`,
    invariants.titlesOverQuota !== 0 && `${invariants.titlesOverQuota} títulos acima da cota`,
    invariants.bookingsOfTheDay !== booked &&
      `${invariants.bookingsOfTheDay} reservas no banco, ${booked} aceitas pela API`,
  ].filter(Boolean);
  if (violations.length > 0)
    throw new Error(`Invariantes da corrida violados: ${violations.join('; ')}`);
  return invariants;
}
