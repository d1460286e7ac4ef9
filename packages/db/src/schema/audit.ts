import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { associates } from './members';
import { users } from './people';
import { companies } from './places';

/** Who (staff user or member) did what to which row, when. Never updated or deleted by the app. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set instead of actorUserId when a member acted through the portal. */
    actorAssociateId: uuid('actor_associate_id').references(() => associates.id, {
      onDelete: 'set null',
    }),
    /** e.g. place.create, appointment.cancel, associate.block */
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data'),
    /**
     * The place and the associate the event concerns, when it concerns one (their history and the
     * trail's filters). No foreign key: the trail outlives what it names.
     */
    placeId: uuid('place_id'),
    associateId: uuid('associate_id'),
    createdAt: createdAt(),
  },
  (table) => [
    // The trail is read newest first in pages keyed on (created_at, id).
    index('audit_events_company_keyset_idx').on(
      table.companyId,
      table.createdAt.desc(),
      table.id.desc(),
    ),
    index('audit_events_place_keyset_idx')
      .on(table.companyId, table.placeId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.placeId} is not null`),
    index('audit_events_associate_keyset_idx')
      .on(table.companyId, table.associateId, table.createdAt.desc(), table.id.desc())
      .where(sql`${table.associateId} is not null`),
    index('audit_events_entity_idx').on(table.entityType, table.entityId),
  ],
);
