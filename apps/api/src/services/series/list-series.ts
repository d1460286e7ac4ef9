/** Reading series: a club's (optionally one member's or one place's), and one by id. */
import { queryRows, type Database } from '@clube/db';
import type { Series } from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';

const seriesSelect = (where: SQL) => sql`
  select json_build_object(
    'id', s.id, 'companyId', s.company_id, 'placeId', s.place_id, 'placeName', p.name,
    'associate', json_build_object('id', m.id, 'name', m.name, 'cardId', m.card_id),
    'activityName', s.activity_name, 'weekdays', s.weekdays, 'startTime', s.start_time,
    'lengthMinutes', s.length_minutes, 'startsOn', s.starts_on, 'endsOn', s.ends_on,
    'rrule', s.rrule, 'createdAt', s.created_at, 'cancelledAt', s.cancelled_at,
    'bookings', coalesce((select json_agg(json_build_object('id', a.id, 'startsAt', a.starts_at,
        'endsAt', a.ends_at, 'status', a.status) order by a.starts_at)
      from appointments a where a.series_id = s.id), '[]'::json)) as series
  from booking_series s
  join places p on p.id = s.place_id
  join associates m on m.id = s.associate_id
  where ${where}
  order by s.starts_on desc, s.created_at desc
  limit 200`;

/** Instants as the API writes them (ISO with Z). */
function normalised(series: Series): Series {
  const iso = (value: string) => new Date(value).toISOString();
  return {
    ...series,
    createdAt: iso(series.createdAt),
    cancelledAt: series.cancelledAt && iso(series.cancelledAt),
    bookings: series.bookings.map((booking) => ({
      ...booking,
      startsAt: iso(booking.startsAt),
      endsAt: iso(booking.endsAt),
    })),
  };
}

const idsArray = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

export async function listSeries(
  db: Database,
  options: {
    companyIds: ReadonlySet<string>;
    companyId: string;
    associateId?: string;
    placeId?: string;
  },
): Promise<Series[]> {
  if (!options.companyIds.has(options.companyId)) throw new AppError('CompanyNotFound');
  const rows = await queryRows<{ series: Series }>(
    db,
    seriesSelect(sql`s.company_id = ${options.companyId}::uuid
      ${options.associateId ? sql`and s.associate_id = ${options.associateId}::uuid` : sql``}
      ${options.placeId ? sql`and s.place_id = ${options.placeId}::uuid` : sql``}`),
  );
  return rows.map((row) => normalised(row.series));
}

export async function getSeries(
  db: Database,
  options: { companyIds: ReadonlySet<string>; id: string },
): Promise<Series> {
  const [row] = await queryRows<{ series: Series }>(
    db,
    seriesSelect(sql`s.id = ${options.id}::uuid
      and s.company_id = any(${idsArray(options.companyIds)}::uuid[])`),
  );
  if (!row) throw new AppError('SeriesNotFound');
  return normalised(row.series);
}

/** A member's series in the portal: theirs, or their title's members'. */
export async function listMemberSeries(
  db: Database,
  options: { companyId: string; associateId: string },
): Promise<Series[]> {
  const rows = await queryRows<{ series: Series }>(
    db,
    seriesSelect(sql`s.company_id = ${options.companyId}::uuid
      and s.associate_id = ${options.associateId}::uuid and s.activity_name is null`),
  );
  return rows.map((row) => normalised(row.series));
}
