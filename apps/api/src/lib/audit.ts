import { auditEvents, companyStaff, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';

export type AuditEvent = {
  companyId: string | null;
  actorUserId: string | null;
  /** The member who acted through the members' portal (then actorUserId is null). */
  actorAssociateId?: string | null;
  /** `<entity>.<verb>`, e.g. `place.create`, `appointment.cancel`. */
  action: string;
  entityType: string;
  entityId: string | null;
  /**
   * What the event says: for a change, `before` and `after` hold the changed fields' old and new
   * values (the trail shows them side by side); other keys are details.
   */
  data?: Record<string, unknown>;
  /** The place the event concerns (its history, the trail's place filter). */
  placeId?: string | null;
  /** The associate the event concerns (their history, the trail's associate filter). */
  associateId?: string | null;
};

/** Records who did what. Call it inside the transaction of the change it describes. */
export async function recordAudit(db: Database, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({ ...event, data: event.data ?? null });
}

/**
 * Records an event about a staff account (a sign-in, a password change) once in each club the
 * account is staff of, so that every club's trail shows it: the account itself belongs to no club.
 */
export async function recordStaffAccountEvent(
  db: Database,
  event: { userId: string; actorUserId: string | null; action: string },
): Promise<void> {
  await db.execute(
    sql`insert into ${auditEvents} (company_id, actor_user_id, action, entity_type, entity_id)
      select ${companyStaff.companyId}, ${event.actorUserId}, ${event.action}, 'user', ${event.userId}
      from ${companyStaff} where ${companyStaff.userId} = ${event.userId}`,
  );
}

/**
 * The fields of `after` whose value differs from `before`, old and new side by side: the
 * `before`/`after` of a change's audit event.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const changed = Object.keys(after).filter(
    (key) => after[key] !== undefined && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
  );
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key]])),
  };
}
