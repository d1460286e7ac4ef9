import { outboxMessages, type Database } from '@clube/db';

/** A message to queue; see the `outbox_messages` table. */
export type NewMessage = typeof outboxMessages.$inferInsert;

/**
 * Queues messages in the caller's transaction (so they exist exactly when the change that causes
 * them does), in one statement. A message whose `dedupeKey` was queued before is skipped. Answers
 * how many were queued.
 */
export async function enqueueMessages(db: Database, messages: NewMessage[]): Promise<number> {
  if (messages.length === 0) return 0;
  const rows = await db
    .insert(outboxMessages)
    .values(messages)
    .onConflictDoNothing({ target: outboxMessages.dedupeKey })
    .returning({ id: outboxMessages.id });
  return rows.length;
}
