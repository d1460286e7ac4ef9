import { associates, outboxMessages, type Database } from '@clube/db';
import { noticeListLimit, type NoticeList, type NotificationPreferences } from '@clube/shared';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { Member } from '../../types';

/** The member's own notices of this club: never an access link (those are for the e-mail only). */
const noticesOf = (member: Member) =>
  and(
    eq(outboxMessages.associateId, member.associateId),
    eq(outboxMessages.companyId, member.companyId),
    eq(outboxMessages.sensitive, false),
  );

/**
 * Avisos: what the club told the member (e-mailed or not), newest first, and how many they have
 * not read yet.
 */
export async function listNotices(db: Database, options: { member: Member }): Promise<NoticeList> {
  const where = noticesOf(options.member);
  const [rows, [unread]] = await Promise.all([
    db
      .select({
        id: outboxMessages.id,
        kind: outboxMessages.kind,
        subject: outboxMessages.subject,
        textBody: outboxMessages.textBody,
        createdAt: outboxMessages.createdAt,
        readAt: outboxMessages.readAt,
      })
      .from(outboxMessages)
      .where(where)
      .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
      .limit(noticeListLimit),
    db
      .select({ count: count() })
      .from(outboxMessages)
      .where(and(where, isNull(outboxMessages.readAt))),
  ]);
  return {
    items: rows.map(({ readAt, createdAt, ...row }) => ({
      ...row,
      createdAt: createdAt.toISOString(),
      read: readAt !== null,
    })),
    unread: unread?.count ?? 0,
  };
}

/** The member opened Avisos: every notice of theirs is read. Answers the list. */
export async function markNoticesRead(
  db: Database,
  options: { member: Member; now?: Date },
): Promise<NoticeList> {
  await db
    .update(outboxMessages)
    .set({ readAt: options.now ?? new Date() })
    .where(and(noticesOf(options.member), isNull(outboxMessages.readAt)));
  return listNotices(db, options);
}

/** Which messages the member wants by e-mail (Conta). */
export async function getNotificationPreferences(
  db: Database,
  options: { member: Member },
): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ ownBookings: associates.notifyOwnBookings, reminders: associates.notifyReminders })
    .from(associates)
    .where(eq(associates.id, options.member.associateId));
  if (!row) throw new AppError('Unauthorized');
  return row;
}

/** Changes them; answers what is now stored. */
export async function setNotificationPreferences(
  db: Database,
  options: { member: Member; preferences: NotificationPreferences },
): Promise<NotificationPreferences> {
  const [row] = await db
    .update(associates)
    .set({
      notifyOwnBookings: options.preferences.ownBookings,
      notifyReminders: options.preferences.reminders,
    })
    .where(
      and(
        eq(associates.id, options.member.associateId),
        eq(associates.companyId, options.member.companyId),
      ),
    )
    .returning({
      ownBookings: associates.notifyOwnBookings,
      reminders: associates.notifyReminders,
    });
  if (!row) throw new AppError('Unauthorized');
  return row;
}
