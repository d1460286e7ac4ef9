/**
 * The audit trail: every action a club must be able to account for leaves an entry naming who
 * (staff or member), the club, what it concerns and the changed fields; the trail is read page by
 * page, filtered, only ever of the caller's club, and exported as a spreadsheet-safe CSV.
 */
import { type AuditEntry, type AuditList } from '@clube/shared';
import { expect } from 'vitest';
import { type BuiltApp } from '../../helper';

export type Headers = Record<string, string>;

export const minutes = (count: number) => count * 60_000;

/** The helpers bound to a test file's app and database. */
export function auditScene(context: BuiltApp) {
  async function trail(headers: Headers, query: Record<string, string | number>) {
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/backoffice/audit',
      headers,
      query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AuditList>();
  }

  /** Every entry of the club's trail, following the cursor page by page. */
  async function wholeTrail(headers: Headers, query: Record<string, string>, take = 100) {
    const entries: AuditEntry[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditList = await trail(headers, {
        ...query,
        take,
        ...(cursor ? { cursor } : {}),
      });
      entries.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return entries;
  }

  const inject = (method: string, url: string, headers: Headers, payload?: object) =>
    context.app.inject({ method: method as 'GET', url, headers, ...(payload ? { payload } : {}) });
  return { trail, wholeTrail, inject };
}
