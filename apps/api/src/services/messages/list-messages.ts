import { associates, outboxMessages, type Database } from '@clube/db';
import type { MessageList, messageListQuerySchema } from '@clube/shared';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { Staff } from '../../types';

export type ListMessagesOptions = z.output<typeof messageListQuerySchema> & {
  staff: Staff;
  companyId: string;
};

/** How many of the message's pushes (one per device) ended with `status`. */
const pushesWith = (status: 'sent' | 'pending' | 'failed') =>
  sql<number>`(select count(*)::int from push_deliveries d
    where d.message_id = ${outboxMessages.id} and d.status = ${status})`;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/**
 * Every word of the search in the recipient's address, the member's name or the subject,
 * ignoring case and accents (the database's `search_normalize`, as the associates' search).
 */
function searchCondition(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return undefined;
  const haystack = sql`search_normalize(concat_ws(' ', ${outboxMessages.recipient}, ${associates.name}, ${outboxMessages.subject}))`;
  return and(
    ...words.map(
      (word) => sql`${haystack} like '%' || search_normalize(${escapeLike(word)}) || '%'`,
    ),
  );
}

/**
 * A page of the club's messages, newest first (Mensagens; an associate's page with
 * `associateId`): to whom, what, whether the mail server took it, and its pushes to the member's
 * devices by outcome, with the exact number of matches. Pages by offset: staff read the newest
 * and narrow by state or search, and the total with numbered pages says how far the list goes.
 * Two statements per page whatever its depth: the page (through the club's index on created_at)
 * and the count. Staff accounts' messages belong to no club and never appear here.
 */
export async function listMessages(
  db: Database,
  options: ListMessagesOptions,
): Promise<MessageList> {
  if (!options.staff.companyIds.has(options.companyId)) throw new AppError('CompanyNotFound');
  const where = and(
    eq(outboxMessages.companyId, options.companyId),
    options.associateId ? eq(outboxMessages.associateId, options.associateId) : undefined,
    options.status ? eq(outboxMessages.status, options.status) : undefined,
    searchCondition(options.search),
  );
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
    .where(where)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(options.take)
    .offset((options.page - 1) * options.take);
  const [counted] = await db
    .select({ total: count() })
    .from(outboxMessages)
    .leftJoin(associates, eq(associates.id, outboxMessages.associateId))
    .where(where);
  return {
    items: rows.map(({ pushSent, pushPending, pushFailed, ...row }) => ({
      ...row,
      pushes: { sent: pushSent, pending: pushPending, failed: pushFailed },
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    })),
    total: counted?.total ?? 0,
    page: options.page,
    take: options.take,
  };
}
