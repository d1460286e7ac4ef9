/**
 * The waitlists' background work (lib/jobs): offering a freed slot, and ending an offer whose
 * minutes are over. Both are queued in the transaction that causes them; nothing else wakes.
 */
import { queryRows, type Database } from '@clube/db';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob, queueJobStatement } from '../../lib/jobs/jobs';
import { waitlistJobNames } from './job-names';
import { offerSlot } from './offer-slot';

const slotFreedName = waitlistJobNames.slotFreed;
const slotFreedPayload = z.object({
  placeId: z.uuid(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});

/** A range of a place freed (a cancellation, a block removed, a booking moved): offer its slots. */
export const waitlistSlotFreedJob = (options: { publicUrl: string }) =>
  defineJob({
    name: slotFreedName,
    payload: slotFreedPayload,
    async handle(payload, context) {
      await offerSlot(context.db, {
        placeId: payload.placeId,
        startsAt: new Date(payload.startsAt),
        endsAt: new Date(payload.endsAt),
        publicUrl: options.publicUrl,
      });
    },
  });

/** An offer's minutes are over: it ends (EXPIRED) and the slot goes to the next in line. */
export const waitlistExpiryJob = (options: { publicUrl: string }) =>
  defineJob({
    name: waitlistJobNames.offerExpiry,
    payload: z.object({ entryId: z.uuid() }),
    async handle(payload, context) {
      const [entry] = await queryRows<{
        placeId: string;
        startsAt: string;
        endsAt: string;
        status: string;
        due: boolean;
      }>(
        context.db,
        sql`select place_id as "placeId", to_json(starts_at) as "startsAt",
            to_json(ends_at) as "endsAt", status, offer_expires_at <= now() as due
          from waitlist_entries where id = ${payload.entryId}::uuid`,
      );
      if (!entry || entry.status !== 'OFFERED') return;
      // Claimed a moment early (another process's clock): tried again after the runner's delay.
      if (!entry.due) throw new Error('waitlist offer not over yet');
      await offerSlot(context.db, {
        placeId: entry.placeId,
        startsAt: new Date(entry.startsAt),
        endsAt: new Date(entry.endsAt),
        publicUrl: options.publicUrl,
      });
    },
  });

/**
 * A line ends when its slot starts: every entry still in line of a started slot is ENDED (the
 * portal and the day sheet stop showing it). Scheduled every minute (plugins/jobs.ts).
 */
export const endPassedWaitlistsJob = defineJob({
  name: waitlistJobNames.endPassed,
  payload: z.object({}),
  async handle(_payload, context) {
    await endPassedWaitlists(context.db);
  },
});

/** Ends the entries in line whose slots have started; answers how many. */
export async function endPassedWaitlists(
  db: Database,
  options: { now?: Date } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update waitlist_entries set status = 'ENDED', ended_at = ${now.toISOString()}::timestamptz
      where status in ('WAITING','OFFERED') and starts_at <= ${now.toISOString()}::timestamptz
      returning id`,
  );
  return rows.length;
}

/** Both jobs, for the runner's list (plugins/jobs.ts). */
export const waitlistJobs = (options: { publicUrl: string }) => [
  waitlistSlotFreedJob(options),
  waitlistExpiryJob(options),
];

/**
 * The hook a change that frees a place's range adds to its own statement (a data-modifying
 * CTE): queues the offer of the range's slots when `when` holds and somebody waits in it. SQL
 * values: the place's id and the range's instants.
 */
export function waitlistFreedSql(options: {
  placeId: SQL;
  startsAt: SQL;
  endsAt: SQL;
  when: SQL;
}): SQL {
  const { placeId, startsAt, endsAt } = options;
  return queueJobStatement(
    { name: slotFreedName },
    {
      payload: sql`jsonb_build_object('placeId', ${placeId}::text,
        'startsAt', to_json(${startsAt}::timestamptz), 'endsAt', to_json(${endsAt}::timestamptz))`,
      when: sql`${options.when} and exists (select 1 from waitlist_entries w
        where w.place_id = ${placeId}::uuid and w.status = 'WAITING'
          and w.starts_at < ${endsAt}::timestamptz and w.ends_at > ${startsAt}::timestamptz)`,
    },
  );
}

/** waitlistFreedSql as a statement of its own, in the caller's transaction. */
export async function queueWaitlistOffers(
  db: Database,
  options: { placeId: string; startsAt: Date; endsAt: Date },
): Promise<void> {
  await db.execute(
    waitlistFreedSql({
      placeId: sql`${options.placeId}`,
      startsAt: sql`${options.startsAt.toISOString()}`,
      endsAt: sql`${options.endsAt.toISOString()}`,
      when: sql`true`,
    }),
  );
}
