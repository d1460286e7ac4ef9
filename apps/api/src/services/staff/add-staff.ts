import { randomInt } from 'node:crypto';
import { companies, companyStaff, staffInvitations, users, type Database } from '@clube/db';
import type { addStaffBodySchema } from '@clube/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { enqueueMessages } from '../../lib/mail/enqueue-messages';
import { hashPassword } from '../../lib/password';
import { issueAccessLink, staffInvitationTtlMinutes } from '../account-links/issue-access-link';
import { absoluteUrl, staffAccessLinkUrl } from '../account-links/links';
import { renderStaffInvitationMessage } from './staff-invitation-message';
import { invitationOf, lockClubStaff, selectStaffMembers, staffMemberOf } from './staff-rows';

export type AddStaffOptions = z.output<typeof addStaffBodySchema> & {
  companyId: string;
  actorUserId: string;
  /**
   * Set when the server sends mail (SMTP configured): a person given an e-mail is invited by a
   * link to it, under this address, instead of by a one-time password.
   */
  mail: { publicUrl: string } | null;
};

/** Letters and digits nobody misreads when copying from a screen (no 0/O, 1/l/I). */
const oneTimeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A one-time password: 12 characters of 31, about 59 bits. */
export function generateOneTimePassword(): string {
  let password = '';
  for (let index = 0; index < 12; index += 1) {
    password += oneTimeAlphabet[randomInt(oneTimeAlphabet.length)];
  }
  return password;
}

/**
 * An administrator adds a person to the club's staff by CPF: an invitation, pending until the
 * person accepts it (docs/decisions/024-staff-accounts-belong-to-the-person.md). Whether the CPF
 * already has an account or not, the club gets the same answer and sees only what it typed: a
 * link mailed to the e-mail given (the server sends mail and an e-mail was given; valid 7 days),
 * or a one-time password, answered once, for the club to hand over. An existing account is
 * untouched — its name, e-mail and password stay, and no club inherits them. A CPF without an
 * account gets one with no password and no e-mail: both come only with the person's acceptance.
 * The invitation, its link and its message are written in one transaction.
 */
export async function addStaff(db: Database, options: AddStaffOptions) {
  const { companyId, actorUserId, cpf, role } = options;
  const name = options.name.trim();
  const email = options.email?.trim() || null;
  if (!name) throw new AppError('StaffNameRequired');
  const invites = options.mail !== null && email !== null;
  const oneTimePassword = invites ? null : generateOneTimePassword();
  const oneTimePasswordHash = oneTimePassword === null ? null : await hashPassword(oneTimePassword);

  return db.transaction(async (tx) => {
    await lockClubStaff(tx, { companyId });
    // Concurrent adds of one new CPF: one inserts, the other finds it.
    await tx.insert(users).values({ cpf, name }).onConflictDoNothing({ target: users.cpf });
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.cpf, cpf));
    const userId = account!.id;
    const [member] = await tx
      .select({ userId: companyStaff.userId })
      .from(companyStaff)
      .where(staffMemberOf(companyId, userId));
    const [invited] = await tx
      .select({ userId: staffInvitations.userId })
      .from(staffInvitations)
      .where(invitationOf(companyId, userId));
    if (member || invited) throw new AppError('StaffAlreadyMember');
    await tx
      .insert(staffInvitations)
      .values({ companyId, userId, role, name, email, oneTimePasswordHash });
    const invitation =
      invites && options.mail
        ? await inviteStaff(tx, {
            userId,
            companyId,
            name,
            email: email!,
            role,
            publicUrl: options.mail.publicUrl,
          })
        : null;
    await recordAudit(tx, {
      companyId,
      actorUserId,
      action: 'staff.add',
      entityType: 'user',
      entityId: userId,
      data: { role, ...(invitation ? { invited: true } : { oneTimePassword: true }) },
    });
    const [added] = await selectStaffMembers(tx, { companyId, userId });
    return { member: added!, oneTimePassword, invitation };
  });
}

/**
 * The invitation's link and the message carrying it, in the caller's transaction, queued in the
 * club's outbox (so Mensagens shows whether it was delivered). Also a fresh link asked for with
 * Esqueci minha senha while the invitation is pending.
 */
export async function inviteStaff(
  tx: Database,
  options: {
    userId: string;
    companyId: string;
    name: string;
    email: string;
    role: AddStaffOptions['role'];
    publicUrl: string;
  },
) {
  const [club] = await tx
    .select({ name: companies.name, logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, options.companyId));
  const token = await issueAccessLink(tx, {
    owner: { userId: options.userId },
    companyId: options.companyId,
    purpose: 'staff-invitation',
  });
  const message = renderStaffInvitationMessage({
    personName: options.name,
    clubName: club!.name,
    logoUrl: absoluteUrl(options.publicUrl, club!.logoUrl),
    role: options.role,
    link: staffAccessLinkUrl(options.publicUrl, token),
    expiresInDays: staffInvitationTtlMinutes / (24 * 60),
  });
  await enqueueMessages(tx, [
    {
      companyId: options.companyId,
      userId: options.userId,
      kind: 'staff-invitation',
      recipient: options.email,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      sensitive: true,
    },
  ]);
  return {
    email: options.email,
    expiresAt: new Date(Date.now() + staffInvitationTtlMinutes * 60_000).toISOString(),
  };
}
