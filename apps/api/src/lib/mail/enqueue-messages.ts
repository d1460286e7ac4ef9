import { randomUUID } from 'node:crypto';
import { queryRows, type outboxMessages, type Database } from '@clube/db';
import { sql, type SQL } from 'drizzle-orm';

/**
 * A message to queue; see the `outbox_messages` table. `push`: also pushed to every device where
 * the member (`associateId`) allowed the portal's notifications (`push_subscriptions`).
 */
export type NewMessage = Pick<
  typeof outboxMessages.$inferInsert,
  | 'id'
  | 'companyId'
  | 'associateId'
  | 'userId'
  | 'kind'
  | 'recipient'
  | 'subject'
  | 'textBody'
  | 'htmlBody'
  | 'attachments'
  | 'sensitive'
  | 'dedupeKey'
  | 'status'
> & {
  push?: { title: string; body: string; url: string };
};

/** The messages as the statement reads them (a jsonb array for queuedMessagesSql). */
export function queuedMessagesJson(messages: NewMessage[]): string {
  return JSON.stringify(
    messages.map(({ push, ...message }) => ({
      id: message.id ?? randomUUID(),
      company_id: message.companyId ?? null,
      associate_id: message.associateId ?? null,
      user_id: message.userId ?? null,
      kind: message.kind,
      recipient: message.recipient,
      subject: message.subject,
      text_body: message.textBody,
      html_body: message.htmlBody,
      attachments: message.attachments ?? [],
      sensitive: message.sensitive ?? false,
      dedupe_key: message.dedupeKey ?? null,
      status: message.status ?? 'pending',
      push_title: push?.title ?? null,
      push_body: push?.body ?? null,
      push_url: push?.url ?? null,
    })),
  );
}

/**
 * Two common table expressions of a data-modifying `with` (`queued_messages`, answering the ids
 * queued, and `queued_pushes`): the messages of `messages` (SQL of a jsonb array written by
 * queuedMessagesJson, a value or a placeholder) queued when `when` holds (SQL, e.g. that the
 * change's row was written), each with its pushes to the member's devices, as enqueueMessages
 * queues them: a message whose `dedupe_key` was queued before is skipped, and so are its pushes.
 */
export function queuedMessagesSql(options: { messages: SQL; when: SQL }): SQL {
  const rows = sql`jsonb_to_recordset(${options.messages}::jsonb) as m(id uuid, company_id uuid,
    associate_id uuid, user_id uuid, kind text, recipient text, subject text, text_body text,
    html_body text, attachments jsonb, sensitive boolean, dedupe_key text, status text,
    push_title text, push_body text, push_url text)`;
  return sql`queued_messages as (
      insert into outbox_messages (id, company_id, associate_id, user_id, kind, recipient, subject,
        text_body, html_body, attachments, sensitive, dedupe_key, status)
      select m.id, m.company_id, m.associate_id, m.user_id, m.kind, m.recipient, m.subject,
        m.text_body, m.html_body, m.attachments, m.sensitive, m.dedupe_key, m.status
      from ${rows}
      where ${options.when}
      on conflict (dedupe_key) do nothing
      returning id),
    queued_pushes as (
      insert into push_deliveries (message_id, subscription_id, title, body, url)
      select m.id, s.id, m.push_title, m.push_body, m.push_url
      from ${rows}
      join queued_messages q on q.id = m.id
      join push_subscriptions s on s.associate_id = m.associate_id and s.company_id = m.company_id
      where m.push_title is not null
      on conflict (message_id, subscription_id) do nothing)`;
}

/**
 * Queues messages in the caller's transaction (so they exist exactly when the change that causes
 * them does), and their pushes to the members' devices, in one statement (queuedMessagesSql, the
 * one writer of the queue's tables). A message whose `dedupeKey` was queued before is skipped,
 * and so are its pushes. Answers how many messages were queued.
 */
export async function enqueueMessages(db: Database, messages: NewMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with ${queuedMessagesSql({
      messages: sql`${queuedMessagesJson(messages)}`,
      when: sql`true`,
    })}
      select id from queued_messages`,
  );
  return rows.length;
}
