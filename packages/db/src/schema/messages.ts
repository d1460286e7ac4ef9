import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, createdAt, updatedAt, instant } from './columns';
import { associates } from './members';
import { users } from './people';
import { companies } from './places';

/**
 * Messages to send (e-mail), written in the transaction of the change that causes them and worked
 * by the sender of any API process (docs/decisions/011-outbox-and-account-links.md). A message is
 * claimed by setting `sending_until` (a lease): a sender that dies mid-send leaves it to be
 * claimed again once the lease is over. `kept`: no mail transport is configured; the message is
 * shown in the back office's Mensagens instead. `sensitive` bodies (access links) are cleared
 * once delivered.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    associateId: uuid('associate_id').references(() => associates.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The bulk invitation that queued it (`invitation_batches`, its progress). */
    batchId: uuid('batch_id'),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attachments: jsonb('attachments')
      .$type<Array<{ filename: string; contentType: string; content: string }>>()
      .notNull()
      .default([]),
    sensitive: boolean('sensitive').notNull().default(false),
    /** At most one message per key, ever (e.g. one invitation per member and day). */
    dedupeKey: text('dedupe_key'),
    /** `notice`: only in the member's Avisos (no address, or the member chose no e-mail). */
    status: text('status', { enum: ['pending', 'sent', 'kept', 'failed', 'notice'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    sendingUntil: instant('sending_until'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    /** When the member opened it in the portal's Avisos. */
    readAt: instant('read_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('outbox_messages_dedupe_unique').on(table.dedupeKey),
    index('outbox_messages_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    index('outbox_messages_company_created_idx').on(table.companyId, table.createdAt),
    index('outbox_messages_associate_created_idx').on(table.associateId, table.createdAt),
    index('outbox_messages_batch_idx').on(table.batchId),
    check(
      'outbox_messages_status',
      sql`${table.status} in ('pending','sent','kept','failed','notice')`,
    ),
  ],
);

/**
 * A bulk invitation's progress, one row per batch: the first queueing statement sets `total` to
 * every member invitable then, the last one to what was really queued (queue-invitations.ts); the
 * outbox's sender adds to `done` (sent or kept) or `failed` in the statement that settles each
 * message. Pending is what remains. The screen reads this row, whatever the batch's size.
 */
export const invitationBatches = pgTable(
  'invitation_batches',
  {
    id: uuid('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('invitation_batches_company_created_idx').on(table.companyId, table.createdAt)],
);

/**
 * A device where a member allowed the portal's notifications (Web Push): the push service's
 * endpoint and the browser's keys the payload is encrypted for. One row per member and device;
 * removed when the member turns it off, or when the push service says it is gone (404/410).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    associateId: uuid('associate_id')
      .notNull()
      .references(() => associates.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key (base64url, 65 bytes). */
    p256dh: text('p256dh').notNull(),
    /** The browser's auth secret (base64url, 16 bytes). */
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('push_subscriptions_member_endpoint_unique').on(table.associateId, table.endpoint),
  ],
);

/**
 * One message pushed to one device, queued with the message (`outbox_messages`) in the
 * transaction of the change and worked by the same sender with the same lease, retries and
 * give-up rules (docs/decisions/017).
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** Where a tap on the notification opens the portal. */
    url: text('url').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    sendingUntil: instant('sending_until'),
    lastError: text('last_error'),
    sentAt: instant('sent_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('push_deliveries_message_subscription_unique').on(
      table.messageId,
      table.subscriptionId,
    ),
    index('push_deliveries_subscription_idx').on(table.subscriptionId),
    index('push_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.status} = 'pending'`),
    check('push_deliveries_status', sql`${table.status} in ('pending','sent','failed')`),
  ],
);
