import { associates, companies, queryRows, type Database } from '@clube/db';
import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { escapeHtml } from '../../lib/mail/layout';
import { absoluteUrl, memberAccessLinkUrl } from '../account-links/links';
import { renderInvitationMessage } from './invitation-message';

/**
 * Days an invitation's link stays valid: a bulk invitation is sent over hours and read over days,
 * far beyond the half hour of a link the member asked for themself.
 */
export const invitationLinkTtlDays = 7;

/** The members an invitation may go to: an e-mail, no portal password yet. */
const invitable = sql`a.password_hash is null and btrim(coalesce(a.email, '')) <> ''`;

/** One invitation per member and club-local day (the outbox's `dedupe_key` is unique). */
const dedupeKeyOf = (day: SQL) => sql`'invitation:' || a.id || ':' || ${day}`;

/** The club-local day (YYYY-MM-DD) of club `c`. */
const clubDay = sql`to_char(now() at time zone c.timezone, 'YYYY-MM-DD')`;

/** What the template's placeholders become for each member (replaced by the database). */
const placeholders = { link: '{{link}}', firstName: '{{primeiro-nome}}' } as const;

/** `value` escaped for HTML by the database, as `escapeHtml` does. */
const escapedInSql = (value: SQL) =>
  sql`replace(replace(replace(replace(replace(${value}, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

type QueueOptions = {
  companyId: string;
  actorUserId: string;
  publicUrl: string;
  /** One member only; otherwise every invitable member of the club. */
  associateId?: string;
  batchId?: string;
};

/**
 * Queues the invitations of a club's invitable members not invited today, each with a new
 * first-access link (which revokes the member's earlier ones), in one statement however many
 * members there are: the template is rendered once with placeholders, and the database fills in
 * each member's first name and link. The token is 256 random bits from `gen_random_uuid` (the
 * server's strong random source), kept only as its sha256, exactly as `issueAccessLink` keeps one.
 * Answers how many were queued.
 */
async function queueInvitations(db: Database, options: QueueOptions): Promise<number> {
  const [club] = await db
    .select({ name: companies.name, logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, options.companyId));
  if (!club) throw new AppError('CompanyNotFound');
  const message = renderInvitationMessage({
    clubName: club.name,
    logoUrl: absoluteUrl(options.publicUrl, club.logoUrl),
    firstName: placeholders.firstName,
    link: placeholders.link,
    expiresInDays: invitationLinkTtlDays,
  });
  const linkBase = memberAccessLinkUrl(options.publicUrl, '');
  // The link first: a name that happens to contain the link's placeholder stays a name.
  const fill = (template: string, base: string, firstName: SQL) =>
    sql`replace(replace(${template}::text, ${placeholders.link}::text, ${base}::text || t.token), ${placeholders.firstName}::text, ${firstName})`;
  const [row] = await queryRows<{ queued: number }>(
    db,
    sql`with targets as materialized (
        select a.id, btrim(a.email) as email,
          (regexp_split_to_array(btrim(a.name), '\\s+'))[1] as first_name,
          translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_') as token,
          ${dedupeKeyOf(clubDay)} as dedupe_key
        from associates a join companies c on c.id = a.company_id
        where a.company_id = ${options.companyId} and ${invitable}
          ${options.associateId ? sql`and a.id = ${options.associateId}` : sql``}
          and not exists (select 1 from outbox_messages m where m.dedupe_key = ${dedupeKeyOf(clubDay)})
      ),
      queued as (
        insert into outbox_messages (company_id, associate_id, batch_id, kind, recipient, subject, text_body, html_body, sensitive, dedupe_key)
        select ${options.companyId}::uuid, t.id, ${options.batchId ?? null}::uuid, 'invitation', t.email, ${message.subject}::text,
          ${fill(message.text, linkBase, sql`t.first_name`)},
          ${fill(message.html, escapeHtml(linkBase), escapedInSql(sql`t.first_name`))},
          true, t.dedupe_key
        from targets t
        on conflict (dedupe_key) do nothing
        returning associate_id
      ),
      revoked as (
        update account_links set revoked_at = now()
        where associate_id in (select associate_id from queued) and used_at is null and revoked_at is null
      ),
      issued as (
        insert into account_links (associate_id, purpose, token_hash, expires_at)
        select t.id, 'invitation', encode(sha256(convert_to(t.token, 'UTF8')), 'hex'),
          now() + make_interval(days => ${invitationLinkTtlDays})
        from targets t join queued q on q.associate_id = t.id
      )
      select count(*)::int as queued from queued`,
  );
  return row?.queued ?? 0;
}

export type InviteAssociateOptions = {
  companyIds: ReadonlySet<string>;
  actorUserId: string;
  publicUrl: string;
  id: string;
};

/**
 * The invitation to one member, from their page. Refused, with the reason, for a member without
 * an e-mail, with a portal password already, or invited today.
 */
export async function inviteAssociate(db: Database, options: InviteAssociateOptions) {
  const [associate] = await db
    .select({
      companyId: associates.companyId,
      hasEmail: sql<boolean>`btrim(coalesce(${associates.email}, '')) <> ''`,
      hasPassword: sql<boolean>`${associates.passwordHash} is not null`,
    })
    .from(associates)
    .where(eq(associates.id, options.id));
  if (!associate || !options.companyIds.has(associate.companyId)) {
    throw new AppError('AssociateNotFound');
  }
  if (!associate.hasEmail) throw new AppError('AssociateWithoutEmail');
  if (associate.hasPassword) throw new AppError('AssociateHasPortalPassword');
  await db.transaction(async (tx) => {
    const queued = await queueInvitations(tx, {
      companyId: associate.companyId,
      actorUserId: options.actorUserId,
      publicUrl: options.publicUrl,
      associateId: options.id,
    });
    if (queued === 0) throw new AppError('InvitationAlreadySentToday');
    await recordAudit(tx, {
      companyId: associate.companyId,
      actorUserId: options.actorUserId,
      action: 'associate.invite',
      entityType: 'associate',
      entityId: options.id,
      associateId: options.id,
    });
  });
}

export type InviteAllAssociatesOptions = {
  companyId: string;
  actorUserId: string;
  publicUrl: string;
};

/**
 * Invites every member of the club who has an e-mail and no portal password and was not invited
 * today, as one batch whose progress `getInvitationSummary` follows. The messages are queued in
 * one transaction of a few statements; the outbox's sender sends them in the background. Answers
 * the batch's id, or null when nobody was left to invite.
 */
export async function inviteAllAssociates(
  db: Database,
  options: InviteAllAssociatesOptions,
): Promise<string | null> {
  const batchId = randomUUID();
  return db.transaction(async (tx) => {
    const queued = await queueInvitations(tx, { ...options, batchId });
    if (queued === 0) return null;
    await recordAudit(tx, {
      companyId: options.companyId,
      actorUserId: options.actorUserId,
      action: 'associate.invite-all',
      entityType: 'company',
      entityId: options.companyId,
      data: { invited: queued },
    });
    return batchId;
  });
}

/** How many members an invitation would go to now. */
export async function countInvitable(
  db: Database,
  options: { companyId: string },
): Promise<number> {
  const { companyId } = options;
  const [row] = await queryRows<{ eligible: number }>(
    db,
    sql`select count(*)::int as eligible
        from associates a join companies c on c.id = a.company_id
        where a.company_id = ${companyId} and ${invitable}
          and not exists (select 1 from outbox_messages m where m.dedupe_key = ${dedupeKeyOf(clubDay)})`,
  );
  return row?.eligible ?? 0;
}
