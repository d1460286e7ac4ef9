import { associateTitles, associates, companies, type Database } from '@clube/db';
import type { PortalMe } from '@clube/shared';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { findActiveSuspension } from '../title-suspensions/find-active-suspension';
import { clubMonthOf } from '../associates/club-month';
import { titleMonthQuotas } from '../associates/title-month-quotas';
import type { Member } from '../../types';
import { portalClubColumns, portalMemberColumns } from './find-portal-session';
import { listBookings } from './list-bookings';

export type GetMemberOptions = { member: Member; now?: Date };

/**
 * What the portal's home shows: the member, their title (with its members, whom a holder may
 * book for: names and cards only), the club, the title's use of each monthly quota in the
 * club-local current month, and the title's next bookings.
 */
export async function getMember(db: Database, options: GetMemberOptions): Promise<PortalMe> {
  const { member } = options;
  const now = options.now ?? new Date();
  const [row] = await db
    .select({
      member: {
        ...portalMemberColumns,
        blocked: associates.blocked,
        blockedReason: associates.blockedReason,
      },
      title: {
        id: associateTitles.id,
        name: associateTitles.name,
        blocked: associateTitles.blocked,
        blockedReason: associateTitles.blockedReason,
      },
      club: portalClubColumns,
    })
    .from(associates)
    .innerJoin(associateTitles, eq(associateTitles.id, associates.associateTitleId))
    .innerJoin(companies, eq(companies.id, associates.companyId))
    .where(eq(associates.id, member.associateId));
  if (!row) throw new AppError('Unauthorized');

  const members = await db
    .select(portalMemberColumns)
    .from(associates)
    .where(
      and(
        eq(associates.companyId, member.companyId),
        eq(associates.associateTitleId, row.title.id),
      ),
    )
    .orderBy(asc(associates.name), asc(associates.id));

  // The month is the club's, like the quota rule's.
  const month = clubMonthOf(row.club.timezone, now);
  const quotaRows = await titleMonthQuotas(db, {
    companyId: member.companyId,
    associateTitleId: row.title.id,
    month,
    limitedOnly: true,
  });

  const suspension = await findActiveSuspension(db, { associateTitleId: row.title.id, now });

  return {
    member: row.member,
    title: { ...row.title, suspendedUntil: suspension?.endsAt.toISOString() ?? null, members },
    club: row.club,
    quotas: quotaRows.map((quota) => ({ ...quota, month: month.month })),
    nextBookings: await listBookings(db, {
      member: { ...member, associateTitleId: row.title.id },
      scope: 'upcoming',
      now,
      limit: 10,
    }),
  };
}
