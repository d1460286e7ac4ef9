import { auditEvents, queryRows, type Database } from '@clube/db';
import type { ClubEvent } from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import { clubChangeAnnouncement } from './club-events';

export type AuditEvent = {
  companyId: string | null;
  actorUserId: string | null;
  /** The member who acted through the members' portal (then actorUserId is null). */
  actorAssociateId?: string | null;
  /** `<entity>.<verb>`, e.g. `place.create`, `appointment.cancel`. */
  action: string;
  entityType: string;
  entityId: string | null;
  data?: Record<string, unknown>;
};

/** Records who did what. Call it inside the transaction of the change it describes. */
export async function recordAudit(db: Database, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({ ...event, data: event.data ?? null });
}

/**
 * Runs an insert (`… returning id`) and records its audit event in the same statement, a
 * data-modifying CTE whose event names the new row, and announces `notify` (club events, as
 * notifyClubChange does) in it too: one round trip for the busiest writes. Like notifyClubChange,
 * call it inside the write's transaction: the announcement goes out on commit. Answers the new
 * row's id.
 */
export async function insertAudited(
  db: Database,
  insert: { getSQL(): SQL },
  event: Omit<AuditEvent, 'entityId'>,
  options: { notify?: ClubEvent | ClubEvent[] } = {},
): Promise<string> {
  const announcement = clubChangeAnnouncement(options.notify ?? []);
  // Materialized, so the announcement runs whole; read by the answer, so it runs at all.
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`with created as (${insert.getSQL()}),
      audited as (
        insert into ${auditEvents} (company_id, actor_user_id, actor_associate_id, action, entity_type, entity_id, data)
        select ${event.companyId}, ${event.actorUserId}, ${event.actorAssociateId ?? null}, ${event.action}, ${event.entityType},
          created.id::text, ${event.data ? JSON.stringify(event.data) : null}::jsonb
        from created
        returning entity_id)${announcement ? sql`, announced as materialized (${announcement})` : sql``}
      select audited.entity_id as id${announcement ? sql`, (select count(*) from announced) as announced` : sql``}
      from audited`,
  );
  return row!.id;
}
