import { queryRows, type Database } from '@clube/db';
import { clubInstant, monthOf, occupyingStatuses, type Report } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { placeFilter, type ReportScope } from './report-scope';

/** How many rows the members' "titles that book most" keeps. */
export const topTitlesCount = 10;

type Period = 'current' | 'previous';

type MemberRow = {
  period: Period;
  atQuota: number;
  neverBooked: number;
  neverSignedIn: number;
  associates: number;
};

/**
 * The members' side, two statements: the titles with the most bookings holding their time in the
 * period; per period, the titles that reached a place's monthly limit in a month of the period,
 * and, reading the members once, those existing at the period's end, those with no booking and
 * those with no portal session ever opened up to that end.
 */
export async function readMembers(db: Database, options: ReportScope): Promise<Report['members']> {
  const scope = options;
  const statuses = sql.join(
    occupyingStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const currentStartsAt = scope.currentStartsAt.toISOString();
  // The club months of both periods by their first instants: a booking's month is a bucket of
  // them, cheaper than converting every start to the club's time.
  const months: string[] = [];
  for (let month = monthOf(scope.previous.from); month.first <= scope.current.to;) {
    months.push(clubInstant(month.first, '00:00', scope.timezone).toISOString());
    month = monthOf(month.next);
  }
  const monthStarts = `{${months.join(',')}}`;
  const topTitles = await queryRows<{ id: string; name: string; bookings: number }>(
    db,
    // Counted per title first, named only for the leaders (with those tied at the cut).
    sql`select t.id, t.name, c.bookings
      from (
        select a.associate_title_id, count(*)::int as bookings
        from appointments a
        join places p on p.id = a.place_id
        where a.company_id = ${scope.companyId}::uuid
          and a.starts_at >= ${currentStartsAt}::timestamptz
          and a.starts_at < ${scope.currentEndsAt.toISOString()}::timestamptz
          and a.status in (${statuses}) ${placeFilter(scope)}
        group by a.associate_title_id
        order by bookings desc
        fetch first ${topTitlesCount} rows with ties) c
      join associate_titles t on t.id = c.associate_title_id
      order by c.bookings desc, t.name
      limit ${topTitlesCount}`,
  );
  const periods = sql`(values
    ('current', ${currentStartsAt}::timestamptz, ${scope.currentEndsAt.toISOString()}::timestamptz),
    ('previous', ${scope.previousStartsAt.toISOString()}::timestamptz, ${currentStartsAt}::timestamptz)
  ) as w(period, starts_at, ends_at)`;
  const members = await queryRows<MemberRow>(
    db,
    sql`select w.period, m.*,
        (select count(distinct q.title_id)::int from (
          select a.associate_title_id as title_id
          from appointments a
          join places p on p.id = a.place_id
          where a.company_id = ${scope.companyId}::uuid
            and a.starts_at >= w.starts_at and a.starts_at < w.ends_at
            and a.status in (${statuses})
            and p.associate_reservation_limit > 0 ${placeFilter(scope)}
          group by a.associate_title_id, a.place_id, p.associate_reservation_limit,
            width_bucket(a.starts_at, ${monthStarts}::timestamptz[])
          having count(*) >= p.associate_reservation_limit) q) as "atQuota"
      from ${periods}
      cross join lateral (
        select count(*)::int as associates,
          count(*) filter (where not exists(select 1 from appointments a
            where a.associate_id = m.id and a.starts_at < w.ends_at))::int as "neverBooked",
          count(*) filter (where not exists(select 1 from refresh_tokens r
            where r.associate_id = m.id and r.created_at < w.ends_at))::int as "neverSignedIn"
        from associates m
        where m.company_id = ${scope.companyId}::uuid and m.created_at < w.ends_at) m`,
  );
  const of = (read: (row: MemberRow) => number) => ({
    current: Number(read(members.find((row) => row.period === 'current')!)),
    previous: Number(read(members.find((row) => row.period === 'previous')!)),
  });
  return {
    topTitles: topTitles.map((row) => ({ ...row, bookings: Number(row.bookings) })),
    titlesAtQuota: of((row) => row.atQuota),
    neverBooked: of((row) => row.neverBooked),
    neverSignedIn: of((row) => row.neverSignedIn),
    associates: of((row) => row.associates).current,
  };
}
