/**
 * Cancelling a series (docs/domain.md, "Series"): one date (the one cancellation path of a single
 * booking), this date and the following, or the whole series. Many dates are cancelled, audited
 * and told to the member (one message listing them) in one statement; only dates still to come
 * and scheduled are touched.
 */
import { appointments, queryRows, withConnection, type Database } from '@clube/db';
import { clubDateOf, type ClubEvent } from '@clube/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { announceClubChange } from '../../lib/club-events';
import type { Staff } from '../../types';
import { cancelBooking, cancellationReasonOf } from '../appointments/cancel-appointment';
import { clubChangeMessages } from '../messages/queue-club-change-messages';
import { queuedMessagesJson, queuedMessagesSql } from '../../lib/mail/enqueue-messages';
import { readBookings } from '../messages/read-bookings';

export type CancelSeriesOptions = {
  staff: Staff;
  id: string;
  scope: 'one' | 'following' | 'all';
  appointmentId?: string;
  reason?: string;
  publicUrl: string;
  now?: Date;
};

/** Answers how many bookings were cancelled. */
export async function cancelSeries(db: Database, options: CancelSeriesOptions) {
  const { staff, id, scope } = options;
  const reason = cancellationReasonOf(options.reason);
  const now = options.now ?? new Date();
  const companyIds = [...staff.companyIds];
  if (companyIds.length === 0) throw new AppError('SeriesNotFound');
  return withConnection(db, async (connection) => {
    const [series] = await queryRows<{ companyId: string; from: string | null }>(
      connection,
      sql`select company_id as "companyId",
          (select to_json(starts_at) from appointments
            where id = ${options.appointmentId ?? null}::uuid and series_id = s.id) as "from"
        from booking_series s
        where s.id = ${id}::uuid and s.company_id = any(${`{${companyIds.join(',')}}`}::uuid[])`,
    );
    if (!series) throw new AppError('SeriesNotFound');
    // A date named must be one of this series', whatever the scope.
    if ((scope !== 'all' || options.appointmentId) && !series.from) {
      throw new AppError('AppointmentNotFound');
    }
    if (scope === 'one') {
      await cancelBooking(connection, {
        id: options.appointmentId!,
        scope: and(eq(appointments.seriesId, id), inArray(appointments.companyId, companyIds))!,
        actor: { userId: staff.userId },
        now,
        publicUrl: options.publicUrl,
        reason,
        isException: false,
      });
      return 1;
    }
    const from =
      scope === 'all' ? now : new Date(Math.max(now.getTime(), Date.parse(series.from!)));
    const due = await queryRows<{ id: string }>(
      connection,
      sql`select id from appointments where series_id = ${id}::uuid and status = 'SCHEDULED'
        and starts_at >= ${from.toISOString()}::timestamptz order by starts_at`,
    );
    const rows = await readBookings(connection, {
      ids: due.map((row) => row.id),
      companyId: series.companyId,
    });
    const messages = clubChangeMessages(rows, {
      companyId: series.companyId,
      publicUrl: options.publicUrl,
      changes: rows.map((row) => ({ appointmentId: row.id, kind: 'cancelled', reason })),
    });
    const ids = `{${rows.map((row) => row.id).join(',')}}`;
    const [done] = await queryRows<{ cancelled: number }>(
      connection,
      sql`with cancelled as (
          update appointments
          set status = 'CANCELLED', cancelled_at = ${now.toISOString()}::timestamptz,
            cancelled_by = ${staff.userId}::uuid, cancellation_reason = ${reason}
          where id = any(${ids}::uuid[]) and series_id = ${id}::uuid and status = 'SCHEDULED'
          returning id, starts_at, place_id, associate_id),
        audited as (
          insert into audit_events (company_id, actor_user_id, action, entity_type, entity_id,
            data, place_id, associate_id)
          select ${series.companyId}::uuid, ${staff.userId}::uuid, 'appointment.cancel',
            'appointment', cancelled.id::text,
            jsonb_build_object('startsAt', cancelled.starts_at, 'reason', ${reason}::text,
              'seriesId', ${id}::text, 'before', jsonb_build_object('status', 'SCHEDULED'),
              'after', jsonb_build_object('status', 'CANCELLED', 'cancellationReason',
                ${reason}::text)),
            cancelled.place_id, cancelled.associate_id
          from cancelled),
        series as (
          update booking_series
          set cancelled_at = case when ${scope} = 'all' then ${now.toISOString()}::timestamptz
              else cancelled_at end,
            ends_on = case when ${scope} = 'following'
              then greatest(starts_on, ${clubDateOf(from, rows[0]?.timezone ?? 'UTC')}::date - 1)
              else ends_on end
          where id = ${id}::uuid
          returning id, place_id, associate_id),
        series_audited as (
          insert into audit_events (company_id, actor_user_id, action, entity_type, entity_id,
            data, place_id, associate_id)
          select ${series.companyId}::uuid, ${staff.userId}::uuid, 'series.cancel', 'series',
            series.id::text, ${JSON.stringify({ scope, reason, from: from.toISOString() })}::jsonb,
            series.place_id, series.associate_id
          from series),
        ${queuedMessagesSql({
          messages: sql`${queuedMessagesJson(messages)}`,
          when: sql`exists (select 1 from cancelled)`,
        })}
        select (select count(*) from cancelled)::int as cancelled`,
    );
    const events: ClubEvent[] = [
      ...new Map(
        rows.map((row) => {
          const date = clubDateOf(row.startsAt, row.timezone);
          return [
            `${row.placeId}:${date}`,
            {
              companyId: row.companyId,
              kind: 'appointment.cancelled' as const,
              placeId: row.placeId,
              date,
            },
          ];
        }),
      ).values(),
    ];
    await announceClubChange(connection, events);
    return done?.cancelled ?? 0;
  });
}
