import { associates, companies, queryRows, type Database } from '@clube/db';
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

/**
 * How a bulk invitation sizes its statements. A statement holds its connection while it runs, so
 * each is kept near `targetMs`: the next batch's size follows how long the last one took, within
 * [min, max] members. Other requests take their turn between two batches. On the embedded
 * database (one connection for every request) the target is `embeddedTargetMs`: a request that
 * arrives during a batch waits for all of it.
 */
export const invitationBatching = {
  first: 200,
  min: 50,
  max: 5_000,
  targetMs: 40,
  embeddedTargetMs: 20,
} as const;

/** The next batch's size: the last one's, scaled to take about `targetMs`. */
export function nextBatchSize(
  size: number,
  elapsedMs: number,
  targetMs: number = invitationBatching.targetMs,
): number {
  const { min, max } = invitationBatching;
  const scaled = Math.round((size * targetMs) / Math.max(elapsedMs, 1));
  // At most doubled at a time: one fast batch (a warm cache) does not make the next one huge.
  return Math.min(max, size * 2, Math.max(min, scaled));
}

/** The invitation rendered once for a club, with placeholders for each member's parts. */
export type InvitationTemplate = { subject: string; text: string; html: string };

/** The club's invitation, rendered once with placeholders (the database fills them in). */
export async function renderTemplate(
  db: Database,
  options: { companyId: string; publicUrl: string },
): Promise<InvitationTemplate> {
  const [club] = await db
    .select({ name: companies.name, logoUrl: companies.logoUrl })
    .from(companies)
    .where(eq(companies.id, options.companyId));
  if (!club) throw new AppError('CompanyNotFound');
  return renderInvitationMessage({
    clubName: club.name,
    logoUrl: absoluteUrl(options.publicUrl, club.logoUrl),
    firstName: placeholders.firstName,
    link: placeholders.link,
    expiresInDays: invitationLinkTtlDays,
  });
}

/**
 * The bulk invitation's row of progress (`invitation_batches`, read by getInvitationSummary),
 * written by each batch's statement, which may read `queued` and `targets`. Its total is known
 * from the first batch: every member invitable at that moment (counted in the same statement, so
 * the banner never shows "0 de 200" before "de 2 000"). A later batch raises it if members were
 * added meanwhile, and the last batch (fewer members than its limit) sets it to the invitations
 * actually queued, so a member who got a password or an invitation meanwhile leaves nothing
 * pending.
 */
function batchTotal(options: {
  companyId: string;
  batchId: string;
  afterCardId?: string | null;
  limit?: number;
  invitedBefore?: number;
}): SQL {
  const invitedSoFar = sql`(${options.invitedBefore ?? 0}::int + (select count(*)::int from queued))`;
  const isLast = options.limit
    ? sql`(select count(*) from targets) < ${options.limit}::int`
    : sql`true`;
  if (!options.afterCardId) {
    return sql`, counted as (
        insert into invitation_batches (id, company_id, total)
        select ${options.batchId}::uuid, ${options.companyId}::uuid,
          case when ${isLast} then n else greatest(n, (
            select count(*)::int from associates a join companies c on c.id = a.company_id
            where a.company_id = ${options.companyId} and ${invitable}
              and not exists (select 1 from outbox_messages m where m.dedupe_key = ${dedupeKeyOf(clubDay)})
          )) end
        from (select count(*)::int as n from queued) q where n > 0
        on conflict (id) do nothing
      )`;
  }
  return sql`, counted as (
      update invitation_batches set total = case when ${isLast} then ${invitedSoFar}
        else greatest(total, ${invitedSoFar}) end
      where id = ${options.batchId}::uuid
    )`;
}

type QueueOptions = {
  companyId: string;
  publicUrl: string;
  template: InvitationTemplate;
  /** One member only; otherwise the club's invitable members, `limit` at most. */
  associateId?: string;
  batchId?: string;
  /** Keyset: only members whose card number sorts after this one (the last batch's last). */
  afterCardId?: string | null;
  limit?: number;
  /** Members the bulk invitation's earlier batches invited (its total is corrected at the end). */
  invitedBefore?: number;
  /**
   * A data-modifying statement run with the batch (it may read `queued` and `targets`): a bulk
   * invitation queues its job, and the job saves its progress, there, so they commit together
   * with the batch.
   */
  alongside?: SQL;
};

export type QueuedBatch = {
  /** Invitations queued (a member invited meanwhile by another request is skipped). */
  queued: number;
  /** Whether `alongside` changed a row (a job whose claim was lost changes none). */
  progressed: boolean;
  /** Members the statement looked at, and the card number of the last: the next batch's key. */
  considered: number;
  lastCardId: string | null;
};

/**
 * Queues the invitations of invitable members not invited today, each with a new first-access
 * link (which revokes the member's earlier ones), in one statement for the whole batch: the
 * template is rendered once with placeholders, and the database fills in each member's first
 * name and link. The token is 256 random bits from `gen_random_uuid` (the server's strong random
 * source), kept only as its sha256, exactly as `issueAccessLink` keeps one. Members are taken in
 * card number order (the club's unique index), `limit` at a time.
 */
export async function queueInvitations(db: Database, options: QueueOptions): Promise<QueuedBatch> {
  const message = options.template;
  const linkBase = memberAccessLinkUrl(options.publicUrl, '');
  // The link first: a name that happens to contain the link's placeholder stays a name.
  const fill = (template: string, base: string, firstName: SQL) =>
    sql`replace(replace(${template}::text, ${placeholders.link}::text, ${base}::text || t.token), ${placeholders.firstName}::text, ${firstName})`;
  const [row] = await queryRows<{
    queued: number;
    progressed: boolean;
    considered: number;
    last_card_id: string | null;
  }>(
    db,
    sql`with targets as materialized (
        select a.id, a.card_id, btrim(a.email) as email,
          (regexp_split_to_array(btrim(a.name), '\\s+'))[1] as first_name,
          translate(encode(uuid_send(gen_random_uuid()) || uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_') as token,
          ${dedupeKeyOf(clubDay)} as dedupe_key
        from associates a join companies c on c.id = a.company_id
        where a.company_id = ${options.companyId} and ${invitable}
          ${options.associateId ? sql`and a.id = ${options.associateId}` : sql``}
          ${options.afterCardId ? sql`and a.card_id > ${options.afterCardId}` : sql``}
          and not exists (select 1 from outbox_messages m where m.dedupe_key = ${dedupeKeyOf(clubDay)})
        order by a.card_id
        ${options.limit ? sql`limit ${options.limit}` : sql``}
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
      ${options.batchId ? batchTotal({ ...options, batchId: options.batchId }) : sql``}
      ${options.alongside ? sql`, alongside as (${options.alongside} returning 1)` : sql``}
      select (select count(*)::int from queued) as queued,
        ${options.alongside ? sql`(select count(*)::int from alongside) > 0` : sql`true`} as progressed,
        (select count(*)::int from targets) as considered,
        (select max(card_id) from targets) as last_card_id`,
  );
  return {
    queued: row?.queued ?? 0,
    progressed: row?.progressed ?? false,
    considered: row?.considered ?? 0,
    lastCardId: row?.last_card_id ?? null,
  };
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
    const { queued } = await queueInvitations(tx, {
      companyId: associate.companyId,
      publicUrl: options.publicUrl,
      template: await renderTemplate(tx, {
        companyId: associate.companyId,
        publicUrl: options.publicUrl,
      }),
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
