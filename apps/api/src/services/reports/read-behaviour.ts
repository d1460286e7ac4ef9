import { queryRows, type Database } from '@clube/db';
import { occupyingStatuses, type Report } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { placeFilter, type ReportScope } from './report-scope';

type Period = 'current' | 'previous';

type CountRow = {
  period: Period;
  bookings: number;
  cancellations: number;
  lateCancellations: number;
  checkIns: number;
  noShows: number;
  portalBookings: number;
  staffBookings: number;
  exceptions: number;
};

type ExtraRow = { kind: 'message' | 'exception'; period: Period; label: string; count: number };

const figure = (rows: { period: Period }[], read: (row: never) => number) => {
  const of = (period: Period) => {
    const row = rows.find((candidate) => candidate.period === period);
    return row ? Number(read(row as never)) : 0;
  };
  return { current: of('current'), previous: of('previous') };
};

/**
 * What happened to the bookings that start in the period (the place and category filters apply),
 * beside the previous period: two statements whatever the period. A cancellation is late when it
 * came after the place's deadline (`max_cancel_booking_time` hours before the start). Messages are
 * those the club queued in the period (they belong to no place).
 */
export async function readBehaviour(
  db: Database,
  options: ReportScope,
): Promise<Report['behaviour']> {
  const scope = options;
  const inPeriods = sql`a.company_id = ${scope.companyId}::uuid
    and a.starts_at >= ${scope.previousStartsAt.toISOString()}::timestamptz
    and a.starts_at < ${scope.currentEndsAt.toISOString()}::timestamptz`;
  const periodOf = (column: string) =>
    sql`case when ${sql.raw(column)} >= ${scope.currentStartsAt.toISOString()}::timestamptz then 'current' else 'previous' end`;
  const counts = await queryRows<CountRow>(
    db,
    sql`select ${periodOf('a.starts_at')} as period,
        count(*)::int as bookings,
        count(*) filter (where a.status = 'CANCELLED')::int as cancellations,
        count(*) filter (where a.status = 'CANCELLED'
          and a.cancelled_at > a.starts_at - make_interval(hours => p.max_cancel_booking_time))::int
          as "lateCancellations",
        count(*) filter (where a.status = 'CHECKED_IN')::int as "checkIns",
        count(*) filter (where a.status = 'NO_SHOW')::int as "noShows",
        count(*) filter (where a.created_by_associate_id is not null)::int as "portalBookings",
        count(*) filter (where a.created_by_associate_id is null)::int as "staffBookings",
        count(*) filter (where a.exception_reason is not null)::int as exceptions
      from appointments a
      join places p on p.id = a.place_id
      where ${inPeriods} ${placeFilter(scope)}
      group by 1`,
  );
  const extras = await queryRows<ExtraRow>(
    db,
    sql`select 'message' as kind, ${periodOf('m.created_at')} as period, m.status as label,
          count(*)::int as count
        from outbox_messages m
        where m.company_id = ${scope.companyId}::uuid
          and m.created_at >= ${scope.previousStartsAt.toISOString()}::timestamptz
          and m.created_at < ${scope.currentEndsAt.toISOString()}::timestamptz
          and m.status in ('sent', 'failed')
        group by 2, 3
      union all
      select 'exception', 'current', a.exception_reason, count(*)::int
        from appointments a
        join places p on p.id = a.place_id
        where ${inPeriods} ${placeFilter(scope)}
          and a.starts_at >= ${scope.currentStartsAt.toISOString()}::timestamptz
          and a.exception_reason is not null
        group by a.exception_reason`,
  );
  const messages = (status: string) =>
    figure(
      extras.filter((row) => row.kind === 'message' && row.label === status),
      (row: ExtraRow) => row.count,
    );
  return {
    bookings: figure(counts, (row: CountRow) => row.bookings),
    cancellations: figure(counts, (row: CountRow) => row.cancellations),
    lateCancellations: figure(counts, (row: CountRow) => row.lateCancellations),
    checkIns: figure(counts, (row: CountRow) => row.checkIns),
    noShows: figure(counts, (row: CountRow) => row.noShows),
    portalBookings: figure(counts, (row: CountRow) => row.portalBookings),
    staffBookings: figure(counts, (row: CountRow) => row.staffBookings),
    exceptions: figure(counts, (row: CountRow) => row.exceptions),
    messagesSent: messages('sent'),
    messagesFailed: messages('failed'),
    exceptionReasons: extras
      .filter((row) => row.kind === 'exception')
      .map((row) => ({ reason: row.label, count: Number(row.count) }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason, 'pt-BR')),
  };
}

/** How many rows the members' "titles that book most" keeps. */
export const topTitlesCount = 10;

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
 * the members (existing at the period's end) with no booking and with no portal session ever
 * opened up to that end.
 */
export async function readMembers(db: Database, options: ReportScope): Promise<Report['members']> {
  const scope = options;
  const statuses = sql.join(
    occupyingStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const topTitles = await queryRows<{ id: string; name: string; bookings: number }>(
    db,
    sql`select t.id, t.name, count(*)::int as bookings
      from appointments a
      join places p on p.id = a.place_id
      join associate_titles t on t.id = a.associate_title_id
      where a.company_id = ${scope.companyId}::uuid
        and a.starts_at >= ${scope.currentStartsAt.toISOString()}::timestamptz
        and a.starts_at < ${scope.currentEndsAt.toISOString()}::timestamptz
        and a.status in (${statuses}) ${placeFilter(scope)}
      group by t.id, t.name
      order by bookings desc, t.name
      limit ${topTitlesCount}`,
  );
  const periods = sql`(values
    ('current', ${scope.currentStartsAt.toISOString()}::timestamptz, ${scope.currentEndsAt.toISOString()}::timestamptz),
    ('previous', ${scope.previousStartsAt.toISOString()}::timestamptz, ${scope.currentStartsAt.toISOString()}::timestamptz)
  ) as w(period, starts_at, ends_at)`;
  const rows = await queryRows<MemberRow>(
    db,
    sql`select w.period,
        (select count(distinct q.title_id)::int from (
          select a.associate_title_id as title_id
          from appointments a
          join places p on p.id = a.place_id
          where a.company_id = ${scope.companyId}::uuid
            and a.starts_at >= w.starts_at and a.starts_at < w.ends_at
            and a.status in (${statuses})
            and p.associate_reservation_limit > 0 ${placeFilter(scope)}
          group by a.associate_title_id, a.place_id, p.associate_reservation_limit,
            date_trunc('month', a.starts_at at time zone ${scope.timezone})
          having count(*) >= p.associate_reservation_limit) q) as "atQuota",
        (select count(*)::int from associates m
          where m.company_id = ${scope.companyId}::uuid and m.created_at < w.ends_at
            and not exists(select 1 from appointments a
              where a.associate_id = m.id and a.starts_at < w.ends_at)) as "neverBooked",
        (select count(*)::int from associates m
          where m.company_id = ${scope.companyId}::uuid and m.created_at < w.ends_at
            and not exists(select 1 from refresh_tokens r
              where r.associate_id = m.id and r.created_at < w.ends_at)) as "neverSignedIn",
        (select count(*)::int from associates m
          where m.company_id = ${scope.companyId}::uuid and m.created_at < w.ends_at) as associates
      from ${periods}`,
  );
  const of = (read: (row: MemberRow) => number) => ({
    current: Number(read(rows.find((row) => row.period === 'current')!)),
    previous: Number(read(rows.find((row) => row.period === 'previous')!)),
  });
  return {
    topTitles: topTitles.map((row) => ({ ...row, bookings: Number(row.bookings) })),
    titlesAtQuota: of((row) => row.atQuota),
    neverBooked: of((row) => row.neverBooked),
    neverSignedIn: of((row) => row.neverSignedIn),
    associates: of((row) => row.associates).current,
  };
}
