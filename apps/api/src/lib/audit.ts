import { auditEvents, type Database } from '@clube/db';

export type AuditEvent = {
  companyId: string | null;
  actorUserId: string | null;
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
