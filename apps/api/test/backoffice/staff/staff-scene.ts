/** Requests and audit reads shared by the club staff tests. */
import { auditEvents } from '@clube/db';
import { and, eq } from 'drizzle-orm';
import { type BuiltApp } from '../../helper';

export const staffUrl = (companyId: string, userId?: string) =>
  `/api/backoffice/company/${companyId}/staff${userId ? `/${userId}` : ''}`;

/** The helpers bound to a test file's app and database. */
export function staffScene(context: BuiltApp) {
  async function addPerson(
    headers: Record<string, string>,
    companyId: string,
    body: Record<string, unknown>,
  ) {
    return context.app.inject({ method: 'POST', url: staffUrl(companyId), headers, payload: body });
  }

  async function auditOf(companyId: string, action: string) {
    return context.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, action)));
  }
  return { addPerson, auditOf };
}
