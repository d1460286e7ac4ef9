import { associates, outboxMessages, type Database } from '@clube/db';
import { messageListLimit, type Message, type MessageListQuery } from '@clube/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Staff } from '../../types';

export type ListMessagesOptions = MessageListQuery & { staff: Staff; companyId: string };

/** How many of the message's pushes (one per device) ended with `status`. */
const pushesWith = (status: 'sent' | 'pending' | 'failed') =>
  sql<number>`(select count(*)::int from push_deliveries d
    where d.message_id = ${outboxMessages.id} and d.status = ${status})`;

/**
 * The club's latest messages (Mensagens; an associate's page with `associateId`): to whom, what,
 * and whether the mail server took it, and its pushes to the member's devices by outcome. Staff accounts' messages belong to no club and never
 * appear here.
 */
export async function listMessages(db: Database, options: ListMessagesOptions): Promise<Message[]> {
  if (!options.staff.companyIds.has(options.companyId)) throw new AppError('CompanyNotFound');
  const rows = await db
    .select({
      id: outboxMessages.id,
      kind: outboxMessages.kind,
      associateId: outboxMessages.associateId,
      associateName: associates.name,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      textBody: outboxMessages.textBody,
      status: outboxMessages.status,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
      pushSent: pushesWith('sent'),
      pushPending: pushesWith('pending'),
      pushFailed: pushesWith('failed'),
    })
    .from(outboxMessages)
    .leftJoin(associates, eq(associates.id, outboxMessages.associateId))
    .where(
      and(
        eq(outboxMessages.companyId, options.companyId),
        options.associateId ? eq(outboxMessages.associateId, options.associateId) : undefined,
        options.status ? eq(outboxMessages.status, options.status) : undefined,
      ),
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(messageListLimit);
  return rows.map(({ pushSent, pushPending, pushFailed, ...row }) => ({
    ...row,
    pushes: { sent: pushSent, pending: pushPending, failed: pushFailed },
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}
