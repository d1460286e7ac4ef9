import { randomInt } from 'node:crypto';
import { companies, companyStaff, users, type Database } from '@clube/db';
import type { addStaffBodySchema } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { enqueueMessages } from '../../lib/mail/enqueue-messages';
import { hashPassword } from '../../lib/password';
import { issueAccessLink, staffInvitationTtlMinutes } from '../account-links/issue-access-link';
import { absoluteUrl, staffAccessLinkUrl } from '../account-links/links';
import { renderStaffInvitationMessage } from './staff-invitation-message';
import { lockClubStaff, selectStaffMembers } from './staff-rows';

export type AddStaffOptions = z.output<typeof addStaffBodySchema> & {
  companyId: string;
  actorUserId: string;
  /**
   * Set when the server sends mail (SMTP configured): a new account given an e-mail is invited
   * by a link to it, under this address, instead of getting a one-time password.
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
 * An administrator adds a person to the club's staff by CPF. An existing staff account joins the
 * club as it is: its name, e-mail and password are the person's and stay untouched (the given
 * name and e-mail are ignored). A CPF without an account becomes one with the given name and
 * either an invitation (the server sends mail and an e-mail was given: a single-use link, valid
 * 7 days, to choose a password; the account has none until then) or a one-time password,
 * answered once and to be changed at the first sign-in. The invitation's link, its message and
 * the account are written in one transaction.
 */
export async function addStaff(db: Database, options: AddStaffOptions) {
  const { companyId, actorUserId, cpf, role } = options;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.cpf, cpf));
  const name = options.name?.trim() ?? '';
  const email = options.email?.trim() || null;
  if (!existing && !name) throw new AppError('StaffNameRequired');
  const invites = options.mail !== null && email !== null;
  const oneTimePassword = existing || invites ? null : generateOneTimePassword();
  const passwordHash = oneTimePassword === null ? null : await hashPassword(oneTimePassword);

  return db.transaction(async (tx) => {
    await lockClubStaff(tx, { companyId });
    // Read again under the lock: the account may have been created meanwhile.
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.cpf, cpf));
    let userId = account?.id;
    let created = false;
    if (!userId) {
      // Created meanwhile by someone else's request: this one was prepared for an account.
      if (!name || (!invites && !passwordHash)) throw new AppError('StaffNameRequired');
      const [user] = await tx
        .insert(users)
        // Invited: no password until the person chooses one through the link.
        .values({ cpf, name, email, passwordHash, mustChangePassword: !invites })
        .returning({ id: users.id });
      userId = user!.id;
      created = true;
    }
    const [member] = await tx
      .select({ userId: companyStaff.userId })
      .from(companyStaff)
      .where(and(eq(companyStaff.companyId, companyId), eq(companyStaff.userId, userId)));
    if (member) throw new AppError('StaffAlreadyMember');
    await tx.insert(companyStaff).values({ companyId, userId, role });
    const invitation =
      created && invites && options.mail
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
      data: { role, newAccount: created, ...(invitation ? { invited: true } : {}) },
    });
    const [added] = await selectStaffMembers(tx, { companyId, userId });
    // A new account's password was made for this answer; an existing one's is never touched.
    return {
      member: added!,
      oneTimePassword: created ? oneTimePassword : null,
      invitation,
    };
  });
}

/**
 * The invitation of a new staff account, in the caller's transaction: its link and the message
 * carrying it, queued in the club's outbox (so Mensagens shows whether it was delivered).
 */
async function inviteStaff(
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
