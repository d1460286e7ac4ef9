import { randomUUID } from 'node:crypto';
import { outboxMessages, queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';

/**
 * A message to queue; see the `outbox_messages` table. `push`: also pushed to every device where
 * the member (`associateId`) allowed the portal's notifications (`push_subscriptions`).
 */
export type NewMessage = typeof outboxMessages.$inferInsert & {
  push?: { title: string; body: string; url: string };
};

/**
 * Queues messages in the caller's transaction (so they exist exactly when the change that causes
 * them does), and their pushes to the members' devices, in one statement. A message whose
 * `dedupeKey` was queued before is skipped, and so are its pushes. Answers how many messages were
 * queued.
 */
export async function enqueueMessages(db: Database, messages: NewMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const withIds = messages.map(({ push, ...message }) => ({
    row: { ...message, id: message.id ?? randomUUID() },
    push,
  }));
  const insert = db
    .insert(outboxMessages)
    .values(withIds.map(({ row }) => row))
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id });
  const pushes = withIds.flatMap(({ row, push }) =>
    push && row.associateId && row.companyId
      ? [{ message_id: row.id, associate_id: row.associateId, company_id: row.companyId, ...push }]
      : [],
  );
  if (pushes.length === 0) return (await insert).length;
  // The pushes join the messages the insert returned: a message skipped by its dedupe key
  // queues no push. (Drizzle writes the embedded insert in parentheses.)
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with queued as ${insert},
      pushed as (
        insert into push_deliveries (message_id, subscription_id, title, body, url)
        select v.message_id, s.id, v.title, v.body, v.url
        from jsonb_to_recordset(${JSON.stringify(pushes)}::jsonb)
          as v(message_id uuid, associate_id uuid, company_id uuid, title text, body text, url text)
        join queued q on q.id = v.message_id
        join push_subscriptions s on s.associate_id = v.associate_id and s.company_id = v.company_id
        on conflict (message_id, subscription_id) do nothing)
      select id from queued`,
  );
  return rows.length;
}
