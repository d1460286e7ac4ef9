import { accountLinks, associates, companies, type Database } from '@clube/db';
import type { AccessLinkStatus } from '@clube/shared';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { throttle, type AddressLimit } from '../auth/login';
import { hashAccessToken } from './issue-access-link';
import { redeemLimits } from './redeem-access-link';

export type CheckAccessLinkOptions = {
  token: string;
  realm: 'staff' | 'associate';
  address: string;
  rateLimiter: RateLimiter;
};

/** Link checks per client address and window: as many as redemptions, counted apart. */
export const checkAddressLimit = (address: string): AddressLimit => ({
  key: `access-link-check:addr:${address}`,
  limit: redeemLimits.perAddress,
});

/**
 * Whether a password link still works, asked when its page opens, so that a dead link says so
 * before anything is typed. Spends nothing. A link that is unknown, used, revoked, expired or of
 * the other realm is refused alike (`AccessLinkInvalid`), as its redemption would be. A live link
 * answers the name of its club (a member's club, a staff invitation's club; none for a staff
 * account's own password link), so the page can name it.
 */
export async function checkAccessLink(
  db: Database,
  options: CheckAccessLinkOptions,
): Promise<AccessLinkStatus> {
  await throttle(options.rateLimiter, [checkAddressLimit(options.address)]);
  const owner =
    options.realm === 'staff'
      ? isNotNull(accountLinks.userId)
      : isNotNull(accountLinks.associateId);
  const [link] = await db
    .select({ clubName: companies.name, clubId: companies.id })
    .from(accountLinks)
    .leftJoin(associates, eq(associates.id, accountLinks.associateId))
    .leftJoin(
      companies,
      eq(companies.id, sql`coalesce(${accountLinks.companyId}, ${associates.companyId})`),
    )
    .where(
      and(
        eq(accountLinks.tokenHash, hashAccessToken(options.token)),
        owner,
        isNull(accountLinks.usedAt),
        isNull(accountLinks.revokedAt),
        gt(accountLinks.expiresAt, sql`now()`),
      ),
    );
  if (!link) throw new AppError('AccessLinkInvalid');
  return { clubName: link.clubName ?? null, clubId: link.clubId ?? null };
}
