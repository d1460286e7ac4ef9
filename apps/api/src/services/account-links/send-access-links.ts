import {
  associates,
  companies,
  companyStaff,
  staffInvitations,
  users,
  type Database,
} from '@clube/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit';
import { enqueueMessages, type NewMessage } from '../../lib/mail/enqueue-messages';
import type { RateLimiter } from '../../lib/rate-limiter';
import { loginLimits } from '../auth/login';
import { inviteStaff } from '../staff/add-staff';
import { renderAccessLinkMessage } from './access-link-message';
import { accessLinkTtlMinutes, issueAccessLink } from './issue-access-link';
import { absoluteUrl, memberAccessLinkUrl, staffAccessLinkUrl } from './links';

/**
 * Link requests allowed per window (`loginLimits.windowSeconds`), counted when the request
 * arrives: per CPF at one client address, per CPF from anywhere (far higher, so that requests
 * from elsewhere cannot keep the owner from a link at their own address), per address. Links
 * sent per e-mail address, counted as they are sent (several CPFs sharing an address cannot flood
 * it): per e-mail and requesting address, and per e-mail from anywhere, higher for the same
 * reason.
 */
export const accessLinkLimits = {
  perCpfAndAddress: 5,
  perCpf: 50,
  perAddress: 20,
  perEmailAndAddress: 5,
  perEmail: 20,
} as const;

export type SendAccessLinksOptions = {
  cpf: string;
  publicUrl: string;
  rateLimiter: RateLimiter;
  /** The address the request came from: links it asks for count against it. */
  address: string;
};

/** Whether one more link may go to `email` in this window, asked for from `address`. */
async function mayMail(rateLimiter: RateLimiter, email: string, address: string): Promise<boolean> {
  const mailbox = email.toLowerCase();
  const [fromAddress, fromAnywhere] = await Promise.all([
    rateLimiter.hit(`access-link:email-addr:${mailbox}:${address}`, loginLimits.windowSeconds),
    rateLimiter.hit(`access-link:email:${mailbox}`, loginLimits.windowSeconds),
  ]);
  return (
    fromAddress.count <= accessLinkLimits.perEmailAndAddress &&
    fromAnywhere.count <= accessLinkLimits.perEmail
  );
}

/** A link's message as the outbox keeps it: sensitive (its body is cleared once delivered). */
function accessLinkOutboxRow(
  message: ReturnType<typeof renderAccessLinkMessage>,
  recipient: string,
  owner: { companyId: string; associateId: string } | { userId: string },
): NewMessage {
  return {
    ...owner,
    kind: 'access-link',
    recipient,
    subject: message.subject,
    textBody: message.text,
    htmlBody: message.html,
    sensitive: true,
  };
}

/**
 * Primeiro acesso / Esqueci minha senha on the portal, worked after the request was answered: one
 * link per membership of the CPF whose club holds an e-mail for it (first access when it has no
 * password yet). Each membership's link, message and audit event are written together. Answers
 * how many messages were queued.
 */
export async function sendMemberAccessLinks(
  db: Database,
  options: SendAccessLinksOptions,
): Promise<number> {
  const memberships = await db
    .select({
      associateId: associates.id,
      companyId: associates.companyId,
      name: associates.name,
      email: associates.email,
      hasPassword: sql<boolean>`${associates.passwordHash} is not null`,
      clubName: companies.name,
      logoUrl: companies.logoUrl,
    })
    .from(associates)
    .innerJoin(companies, eq(companies.id, associates.companyId))
    .where(
      and(
        eq(associates.cpf, options.cpf),
        isNotNull(associates.email),
        sql`trim(${associates.email}) <> ''`,
      ),
    );
  let queued = 0;
  for (const membership of memberships) {
    const email = membership.email!.trim();
    if (!(await mayMail(options.rateLimiter, email, options.address))) continue;
    const purpose = membership.hasPassword ? 'reset' : 'first-access';
    await db.transaction(async (tx) => {
      const token = await issueAccessLink(tx, {
        owner: { associateId: membership.associateId },
        purpose,
      });
      const message = renderAccessLinkMessage({
        purpose,
        personName: membership.name,
        clubName: membership.clubName,
        logoUrl: absoluteUrl(options.publicUrl, membership.logoUrl),
        link: memberAccessLinkUrl(options.publicUrl, token),
        expiresInMinutes: accessLinkTtlMinutes,
      });
      await enqueueMessages(tx, [
        accessLinkOutboxRow(message, email, {
          companyId: membership.companyId,
          associateId: membership.associateId,
        }),
      ]);
      await recordAudit(tx, {
        companyId: membership.companyId,
        actorUserId: null,
        action: 'associate.access-link',
        entityType: 'associate',
        entityId: membership.associateId,
        data: { purpose },
      });
    });
    queued += 1;
  }
  return queued;
}

/**
 * Esqueci minha senha in the back office, worked after the request was answered: a link to the
 * staff account's own e-mail, if it has one and opens some club; and, for each club whose
 * invitation the person has not accepted yet, a fresh invitation link to the address that club
 * typed (the club's own proof, never the account's address). No club's record of the person (an
 * associate row) is read or written.
 */
export async function sendStaffAccessLink(
  db: Database,
  options: SendAccessLinksOptions,
): Promise<number> {
  const [user] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      opensAClub: sql<boolean>`exists (select 1 from ${companyStaff} where ${companyStaff.userId} = ${users.id})`,
    })
    .from(users)
    .where(eq(users.cpf, options.cpf));
  if (!user) return 0;
  let queued = 0;
  const email = user.email?.trim();
  if (user.opensAClub && email && (await mayMail(options.rateLimiter, email, options.address))) {
    const purpose = user.hasPassword ? 'reset' : 'first-access';
    await db.transaction(async (tx) => {
      const token = await issueAccessLink(tx, { owner: { userId: user.id }, purpose });
      const message = renderAccessLinkMessage({
        purpose,
        personName: user.name,
        link: staffAccessLinkUrl(options.publicUrl, token),
        expiresInMinutes: accessLinkTtlMinutes,
      });
      await enqueueMessages(tx, [accessLinkOutboxRow(message, email, { userId: user.id })]);
      await recordAudit(tx, {
        companyId: null,
        actorUserId: user.id,
        action: 'user.access-link',
        entityType: 'user',
        entityId: user.id,
        data: { purpose },
      });
    });
    queued += 1;
  }
  const invitations = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.userId, user.id), isNotNull(staffInvitations.email)));
  for (const invitation of invitations) {
    if (!(await mayMail(options.rateLimiter, invitation.email!, options.address))) continue;
    await db.transaction((tx) =>
      inviteStaff(tx, {
        userId: user.id,
        companyId: invitation.companyId,
        name: invitation.name,
        email: invitation.email!,
        role: invitation.role,
        publicUrl: options.publicUrl,
      }),
    );
    queued += 1;
  }
  return queued;
}
