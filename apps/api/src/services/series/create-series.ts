/**
 * Saving a series (docs/domain.md, "Series"): under the place's and the title's locks (taken once,
 * as a single booking takes them), its dates are read and decided again (readSeries); every date
 * staff chose must still be free, else nothing is written and the refusal holds the new preview
 * (SeriesDatesChanged). Then the series, its bookings (one insert), their audit events and the
 * member's message are written in one statement: whole or not at all. The exclusion constraint
 * still guards the insert. A fixed number of statements whatever the series' length.
 */
import { randomUUID } from 'node:crypto';
import { queryRows, withConnection, type Database } from '@clube/db';
import { clubDateOf, type ClubEvent } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { placeLockKey, titleLockKey } from '../../lib/place-lock';
import type { Staff } from '../../types';
import type { MessageLog } from '../messages/member-messages';
import { queuedMessagesJson, queuedMessagesSql } from '../../lib/mail/enqueue-messages';
import type { MessageReader } from '../messages/read-bookings';
import { lockTitle, unlockBooking, type BookingLocks } from '../appointments/write-booking';
import { readSeries, type SeriesRequest } from './preview-series';
import { seriesConfirmationMessages } from './series-messages';
import { seriesRrule } from './series-rule';

export type CreateSeriesOptions = {
  staff: Staff;
  request: SeriesRequest;
  /** The dates to book: free dates of the preview. */
  dates: string[];
  now?: Date;
  confirmation: { publicUrl: string; log: MessageLog };
};

type Locked = {
  titleId: string | null;
  place: { name: string; clubName: string; logoUrl: string | null } | null;
  member: MessageReader | null;
};

/** The series as written. */
export async function createSeries(db: Database, options: CreateSeriesOptions) {
  const { staff, request } = options;
  const now = options.now ?? new Date();
  const chosen = new Set(options.dates);
  if (chosen.size === 0) throw new AppError('SeriesDatesInvalid');
  return withConnection(db, async (connection, held) => {
    // The place's lock, then the member's title's (the order every booking takes), and whom the
    // message names, in one statement.
    const [locked] = await queryRows<Locked>(
      connection,
      sql`select pg_advisory_lock(${placeLockKey(request.placeId)}),
        pg_advisory_lock(${titleLockKey(sql`coalesce((select associate_title_id from associates
          where id = ${request.associateId}::uuid), ${request.associateId}::uuid)`)}),
        (select associate_title_id from associates where id = ${request.associateId}::uuid)
          as "titleId",
        (select json_build_object('name', places.name, 'clubName', companies.name,
            'logoUrl', companies.logo_url)
          from places join companies on companies.id = places.company_id
          where places.id = ${request.placeId}::uuid) as place,
        (select json_build_object('id', id, 'name', name, 'email', email) from associates
          where id = ${request.associateId}::uuid) as member`,
    );
    const locks: BookingLocks = {
      placeId: request.placeId,
      titleIds: [locked?.titleId ?? request.associateId],
    };
    const events: ClubEvent[] = [];
    try {
      const { preview, context } = await readSeries(connection, {
        request,
        companyIds: staff.companyIds,
        now,
      });
      if (!locks.titleIds.includes(context.title.id))
        await lockTitle(connection, { locks, titleId: context.title.id });
      const ruleDates = new Set(preview.dates.map((date) => date.date));
      if ([...chosen].some((date) => !ruleDates.has(date)))
        throw new AppError('SeriesDatesInvalid');
      const booking = preview.dates.filter((date) => chosen.has(date.date));
      if (booking.some((date) => !date.available))
        throw new AppError('SeriesDatesChanged', { details: { preview } });
      const id = randomUUID();
      const messages = seriesConfirmationMessages(
        {
          id,
          companyId: context.place.companyId,
          placeName: locked!.place!.name,
          clubName: locked!.place!.clubName,
          logoUrl: locked!.place!.logoUrl,
          timezone: context.timezone,
          activityName: request.activityName ?? null,
          weekdays: request.weekdays,
          ruleDates: preview.dates.map((date) => ({
            startsAt: new Date(date.startsAt),
            endsAt: new Date(date.endsAt),
            booked: chosen.has(date.date),
          })),
          member: locked!.member!,
        },
        options.confirmation,
      );
      const pgArray = (values: string[]) => `{${values.join(',')}}`;
      const [written] = await queryRows<{ booked: number }>(
        connection,
        sql`with series as (
            insert into booking_series (id, company_id, place_id, associate_id, associate_title_id,
              activity_name, weekdays, start_time, length_minutes, starts_on, ends_on, rrule,
              created_by)
            values (${id}::uuid, ${context.place.companyId}::uuid, ${context.place.id}::uuid,
              ${request.associateId}::uuid, ${context.title.id}::uuid,
              ${request.activityName ?? null}::text, ${pgArray(request.weekdays.map(String))}::int[],
              ${request.startTime}, ${request.lengthMinutes}::int, ${request.startsOn}::date,
              ${request.endsOn}::date, ${seriesRrule(request)}, ${staff.userId}::uuid)
            returning id),
          booked as (
            insert into appointments (company_id, place_id, associate_id, associate_title_id,
              starts_at, ends_at, created_by, series_id)
            select ${context.place.companyId}::uuid, ${context.place.id}::uuid,
              ${request.associateId}::uuid, ${context.title.id}::uuid, d.s, d.e,
              ${staff.userId}::uuid, series.id
            from unnest(${pgArray(booking.map((date) => date.startsAt))}::timestamptz[],
              ${pgArray(booking.map((date) => date.endsAt))}::timestamptz[]) as d(s, e)
            cross join series
            returning id, starts_at, ends_at),
          audited as (
            insert into audit_events (company_id, actor_user_id, action, entity_type, entity_id,
              data, place_id, associate_id)
            select ${context.place.companyId}::uuid, ${staff.userId}::uuid, 'appointment.create',
              'appointment', booked.id::text,
              jsonb_build_object('startsAt', booked.starts_at, 'endsAt', booked.ends_at,
                'seriesId', ${id}::text),
              ${context.place.id}::uuid, ${request.associateId}::uuid
            from booked
            union all
            select ${context.place.companyId}::uuid, ${staff.userId}::uuid, 'series.create',
              'series', series.id::text, ${JSON.stringify({
                ...request,
                rrule: seriesRrule(request),
                booked: booking.length,
                skipped: preview.dates.length - booking.length,
              })}::jsonb, ${context.place.id}::uuid, ${request.associateId}::uuid
            from series),
          ${queuedMessagesSql({
            messages: sql`${queuedMessagesJson(messages)}`,
            when: sql`exists (select 1 from series)`,
          })}
          select (select count(*) from booked)::int as booked`,
      );
      const dates = new Set(
        booking.map((date) => clubDateOf(new Date(date.startsAt), context.timezone)),
      );
      for (const date of dates)
        events.push({
          companyId: context.place.companyId,
          kind: 'appointment.created',
          placeId: context.place.id,
          date,
        });
      return { id, booked: written?.booked ?? 0 };
    } finally {
      await unlockBooking(connection, { held, locks, events });
    }
  });
}
