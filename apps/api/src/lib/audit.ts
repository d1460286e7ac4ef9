import { auditEvents, queryRows, type Database } from '@clube/db';
import { sql, type SQL } from 'drizzle-orm';

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
 * data-modifying CTE whose event names the new row: one round trip for the busiest writes. Call it
 * inside the write's transaction. Answers the new row's id.
 */
export async function insertAudited(
  db: Database,
  insert: { getSQL(): SQL },
  event: Omit<AuditEvent, 'entityId'>,
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`with created as (${insert.getSQL()}),
      audited as (
        insert into ${auditEvents} (company_id, actor_user_id, actor_associate_id, action, entity_type, entity_id, data)
        select ${event.companyId}, ${event.actorUserId}, ${event.actorAssociateId ?? null}, ${event.action}, ${event.entityType},
          created.id::text, ${event.data ? JSON.stringify(event.data) : null}::jsonb
        from created
        returning entity_id)
      select audited.entity_id as id from audited`,
  );
  return row!.id;
}
