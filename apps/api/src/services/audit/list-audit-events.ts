import { queryRows, type Database } from '@clube/db';
import {
  addDaysToDate,
  clubInstant,
  type AuditEntry,
  type auditFilterQuerySchema,
  type auditListQuerySchema,
} from '@clube/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';

export type AuditFilters = z.output<typeof auditFilterQuerySchema>;
type Cursor = z.output<typeof auditListQuerySchema>['cursor'];

export type ListAuditEventsOptions = z.output<typeof auditListQuerySchema>;

type AuditRow = {
  id: string;
  micros: string;
  createdAt: string;
  clubTime: string;
  action: string;
  entityType: string;
  entityId: string | null;
  data: Record<string, unknown> | null;
  actorUserId: string | null;
  actorUserName: string | null;
  actorAssociateId: string | null;
  actorAssociateName: string | null;
  placeId: string | null;
  placeName: string | null;
  associateId: string | null;
  associateName: string | null;
};

/** An entry of the trail with its time as the club's clock reads it (the export's column). */
export type AuditEntryInClubTime = AuditEntry & { clubTime: string; timezone: string };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (match) => `\\${match}`);

/**
 * The club's events that pass the filters, newest first, from `cursor` on: at most `take`, and
 * the cursor of the next page. Every condition starts with the club, so the keyset indexes on
 * (club, created_at, id) — and on (club, place…) and (club, associate…) for the histories — give
 * each page without reading the ones before it.
 */
async function readAuditPage(
  db: Database,
  options: { filters: AuditFilters; cursor: Cursor; take: number },
): Promise<{
  items: AuditEntryInClubTime[];
  nextCursor: string | null;
  associate: { id: string; name: string } | null;
}> {
  const { filters, cursor, take } = options;
  // The club's clock, and the name of the associate the trail is filtered by, in one read.
  const [club] = await queryRows<{ timezone: string; associateName: string | null }>(
    db,
    sql`select c.timezone, ${
      filters.associateId
        ? sql`(select a.name from associates a
            where a.id = ${filters.associateId}::uuid and a.company_id = c.id)`
        : sql`null`
    } as "associateName"
      from companies c
      where c.id = ${filters.companyId}::uuid`,
  );
  if (!club) throw new AppError('CompanyNotFound');

  const conditions: SQL[] = [sql`e.company_id = ${filters.companyId}`];
  if (filters.placeId) conditions.push(sql`e.place_id = ${filters.placeId}`);
  if (filters.associateId) conditions.push(sql`e.associate_id = ${filters.associateId}`);
  if (filters.action) conditions.push(sql`e.action = ${filters.action}`);
  if (filters.person) {
    // Accents and capitals aside, as the associates search: "joao" finds "João".
    const pattern = `%${escapeLike(filters.person)}%`;
    conditions.push(
      sql`(search_normalize(actor_user.name) like search_normalize(${pattern})
        or search_normalize(actor_member.name) like search_normalize(${pattern}))`,
    );
  }
  if (filters.from) {
    const start = clubInstant(filters.from, '00:00', club.timezone);
    conditions.push(sql`e.created_at >= ${start.toISOString()}::timestamptz`);
  }
  if (filters.to) {
    const end = clubInstant(addDaysToDate(filters.to, 1), '00:00', club.timezone);
    conditions.push(sql`e.created_at < ${end.toISOString()}::timestamptz`);
  }
  if (cursor) {
    conditions.push(
      sql`(e.created_at, e.id) < ('epoch'::timestamptz + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::bigint)`,
    );
  }

  const rows = await queryRows<AuditRow>(
    db,
    sql`select e.id::text as "id",
        (extract(epoch from e.created_at) * 1000000)::bigint::text as "micros",
        to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
        to_char(e.created_at at time zone ${club.timezone}, 'DD/MM/YYYY HH24:MI') as "clubTime",
        e.action, e.entity_type as "entityType", e.entity_id as "entityId", e.data,
        e.actor_user_id as "actorUserId", actor_user.name as "actorUserName",
        e.actor_associate_id as "actorAssociateId", actor_member.name as "actorAssociateName",
        e.place_id as "placeId", place.name as "placeName",
        e.associate_id as "associateId", member.name as "associateName"
      from audit_events e
      left join users actor_user on actor_user.id = e.actor_user_id
      left join associates actor_member on actor_member.id = e.actor_associate_id
      left join places place on place.id = e.place_id
      left join associates member on member.id = e.associate_id
      where ${sql.join(conditions, sql` and `)}
      order by e.created_at desc, e.id desc
      limit ${take + 1}`,
  );
  const page = rows.slice(0, take);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({ ...toAuditEntry(row), timezone: club.timezone })),
    nextCursor: rows.length > take && last ? `${last.micros}.${last.id}` : null,
    associate:
      filters.associateId && club.associateName !== null
        ? { id: filters.associateId, name: club.associateName }
        : null,
  };
}

function toAuditEntry(row: AuditRow): AuditEntry & { clubTime: string } {
  const { before, after, ...rest } = row.data ?? {};
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value);
  return {
    id: row.id,
    createdAt: row.createdAt,
    clubTime: row.clubTime,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    actor: row.actorUserId
      ? { kind: 'staff', id: row.actorUserId, name: row.actorUserName }
      : row.actorAssociateId
        ? { kind: 'member', id: row.actorAssociateId, name: row.actorAssociateName }
        : { kind: 'system', id: null, name: null },
    place: row.placeId && row.placeName ? { id: row.placeId, name: row.placeName } : null,
    associate:
      row.associateId && row.associateName
        ? { id: row.associateId, name: row.associateName }
        : null,
    before: isRecord(before) ? before : null,
    after: isRecord(after) ? after : null,
    details: Object.keys(rest).length > 0 ? rest : null,
  };
}

/** One page of the club's audit trail (the caller is staff of the club). */
export async function listAuditEvents(db: Database, options: ListAuditEventsOptions) {
  const { cursor, take, ...filters } = options;
  const page = await readAuditPage(db, { filters, cursor, take });
  return {
    items: page.items.map(({ clubTime: _clubTime, timezone: _timezone, ...entry }) => entry),
    nextCursor: page.nextCursor,
    associate: page.associate,
  };
}

/** How many entries the export reads at a time. */
const exportPageSize = 500;

/**
 * Every entry that passes the filters, newest first, read page by page as the export is written:
 * memory holds one page, whatever the period.
 */
export async function* readAuditTrail(
  db: Database,
  options: AuditFilters,
): AsyncGenerator<AuditEntryInClubTime> {
  let cursor: Cursor;
  for (;;) {
    const page = await readAuditPage(db, { filters: options, cursor, take: exportPageSize });
    yield* page.items;
    if (!page.nextCursor) return;
    const [micros, id] = page.nextCursor.split('.') as [string, string];
    cursor = { micros, id };
  }
}
