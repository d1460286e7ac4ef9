import { queryRows, type Database } from '@clube/db';
import { bookingOutcomes, type BookingOutcome, type Report } from '@clube/shared';
import { sql } from 'drizzle-orm';
import type { PlacePeriodRow } from './read-place-days';
import { placeFilter, type ReportScope } from './report-scope';

type Period = 'current' | 'previous';

type ExtraRow = { kind: 'message' | 'exception'; period: Period; label: string; count: number };

/** A figure of both periods: the sum of `read` over the rows of each. */
const figure = <Row extends { period: Period }>(rows: Row[], read: (row: Row) => number) => {
  const of = (period: Period) =>
    rows.reduce((sum, row) => (row.period === period ? sum + Number(read(row)) : sum), 0);
  return { current: of('current'), previous: of('previous') };
};

/**
 * What happened to the bookings that start in the period (the place and category filters apply),
 * beside the previous period: the places' days' counts (readPlaceDays), and one statement for the
 * messages the club queued in the period (they belong to no place) and the exceptions' reasons.
 */
export async function readBehaviour(
  db: Database,
  options: ReportScope & { places: PlacePeriodRow[] },
): Promise<Report['behaviour']> {
  const { places: counts, ...scope } = options;
  const inPeriods = sql`a.company_id = ${scope.companyId}::uuid
    and a.starts_at >= ${scope.previousStartsAt.toISOString()}::timestamptz
    and a.starts_at < ${scope.currentEndsAt.toISOString()}::timestamptz`;
  const periodOf = (column: string) =>
    sql`case when ${sql.raw(column)} >= ${scope.currentStartsAt.toISOString()}::timestamptz then 'current' else 'previous' end`;
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
      (row) => row.count,
    );
  return {
    ...(Object.fromEntries(
      bookingOutcomes.map((outcome) => [outcome, figure(counts, (row) => row[outcome])]),
    ) as Record<BookingOutcome, ReturnType<typeof figure>>),
    messagesSent: messages('sent'),
    messagesFailed: messages('failed'),
    exceptionReasons: extras
      .filter((row) => row.kind === 'exception')
      .map((row) => ({ reason: row.label, count: Number(row.count) }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason, 'pt-BR')),
  };
}
