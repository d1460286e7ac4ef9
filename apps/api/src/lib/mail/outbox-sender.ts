import type { Database } from '@clube/db';
import { sql, type SQL } from 'drizzle-orm';
import { maxAttempts } from '../jobs/queue';
import {
  createJobRunner,
  forEachLimited,
  type JobRunner,
  type JobRunnerOptions,
  type Queue,
} from '../jobs/runner';
import { PushDeliveryError, type PushTransport } from '../push/transport';
import { MailDeliveryError, type MailTransport, type OutgoingMail } from './transport';

export { maxAttempts };

/** What replaces the body of a sensitive message (an access link) once it left the server. */
export const redactedBody =
  'Conteúdo removido após o envio: a mensagem continha um link de acesso.';

type ClaimedMessage = {
  id: string;
  company_id: string | null;
  user_id: string | null;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: OutgoingMail['attachments'];
  sensitive: boolean;
  attempts: number;
};

/**
 * `settle` (an update of `outbox_messages` that ends messages' attempts, only on pending ones) and,
 * in the same statement, the progress of the bulk invitations they belong to: one more done (sent
 * or kept) or failed on the batch's row, which the invitation's screen reads instead of counting
 * its messages.
 */
const withBatchProgress = (settle: SQL) => sql`
  with settled as (${settle} returning batch_id, status)
  update invitation_batches b set done = b.done + c.done, failed = b.failed + c.failed
  from (
    select batch_id, (count(*) filter (where status in ('sent', 'kept')))::int as done,
      (count(*) filter (where status = 'failed'))::int as failed
    from settled where batch_id is not null and status <> 'pending'
    group by batch_id
  ) c
  where b.id = c.batch_id`;

/** A sensitive message's bodies are cleared once delivered or given up (`when`, over `m`). */
const redactWhen = (when: SQL) => sql`
  text_body = case when ${when} then ${redactedBody} else text_body end,
  html_body = case when ${when} then ${redactedBody} else html_body end`;

/**
 * Messages kept (no mail server) per claim. Keeping is one update for all that were claimed, with
 * no mail server to wait for: a bulk invitation's 50 000 messages are kept in 250 claims and
 * settles instead of the 5 000 that the runner's batch for sends (10) would take.
 */
export const keptPerClaim = 200;

/**
 * The outbox's e-mails as a queue of the job runner: each pending message of `outbox_messages`
 * is one piece of work, so the rows Mensagens lists are the queue itself. Without a mail server
 * (`keep`) messages are marked `kept` and shown in Mensagens; a staff account's link belongs to
 * no club, so nobody could read it there: its body is not kept.
 */
export function mailQueue(transport: MailTransport): Queue<ClaimedMessage> {
  return {
    noun: 'message',
    batchSize: transport.kind === 'keep' ? keptPerClaim : undefined,
    table: {
      table: 'outbox_messages',
      leaseColumn: 'sending_until',
      returning: sql`t.company_id, t.user_id, t.recipient, t.subject, t.text_body, t.html_body,
        t.attachments, t.sensitive`,
      wrapSettle: withBatchProgress,
    },
    async work(rows, context) {
      if (transport.kind === 'keep') {
        await context.done(
          rows,
          'kept',
          sql`sent_at = now(), ${redactWhen(sql`sensitive and company_id is null`)}`,
        );
        const forStaff = rows.filter((row) => row.company_id === null).length;
        if (forStaff > 0) {
          context.log.warn(
            { messages: forStaff },
            'messages to staff accounts were not sent: SMTP_URL is not configured (staff passwords can be reset with the CLI: reset-staff-password)',
          );
        }
        return;
      }
      await forEachLimited(rows, context.concurrency, async (row) => {
        try {
          await transport.send({
            id: row.id,
            to: row.recipient,
            subject: row.subject,
            text: row.text_body,
            html: row.html_body,
            attachments: row.attachments,
          });
        } catch (error) {
          const failure =
            error instanceof MailDeliveryError
              ? error
              : new MailDeliveryError(String(error), false);
          await context.fail(row, {
            error: failure,
            permanent: failure.permanent,
            set: (giveUp) => redactWhen(sql`${giveUp} and sensitive`),
          });
          return;
        }
        await context.done([row], 'sent', sql`sent_at = now(), ${redactWhen(sql`sensitive`)}`);
      });
    },
  };
}

type ClaimedPush = {
  id: string;
  message_id: string;
  subscription_id: string;
  title: string;
  body: string;
  url: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  attempts: number;
};

/**
 * The pushes to the members' devices (`push_deliveries`) as a queue, each claimed with its
 * device's subscription. 404/410: the subscription is gone and removed, with its other pushes.
 */
export function pushQueue(push: PushTransport): Queue<ClaimedPush> {
  return {
    noun: 'push',
    table: {
      table: 'push_deliveries',
      leaseColumn: 'sending_until',
      from: sql`, push_subscriptions s`,
      where: sql`s.id = t.subscription_id`,
      returning: sql`t.message_id, t.subscription_id, t.title, t.body, t.url, s.endpoint,
        s.p256dh, s.auth`,
    },
    async work(rows, context) {
      await forEachLimited(rows, context.concurrency, async (row) => {
        try {
          await push.send(
            { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
            { title: row.title, body: row.body, url: row.url, tag: row.message_id },
          );
        } catch (error) {
          const failure =
            error instanceof PushDeliveryError
              ? error
              : new PushDeliveryError(String(error), false);
          if (failure.gone) {
            await context.db.execute(
              sql`delete from push_subscriptions where id = ${row.subscription_id}`,
            );
            context.log.info(
              { subscriptionId: row.subscription_id, messageId: row.message_id },
              'push subscription gone: removed',
            );
            return;
          }
          await context.fail(row, { error: failure, permanent: failure.permanent });
          return;
        }
        await context.done([row], 'sent', sql`sent_at = now()`);
      });
    },
  };
}

export type OutboxSenderOptions = Omit<JobRunnerOptions, 'queues'> & {
  transport: MailTransport;
  /** Web Push to the members' devices (`push_deliveries`); absent: pushes wait, unsent. */
  push?: PushTransport;
};

/** A runner of the outbox's two queues only (e-mails, then pushes): what tests and tools drive. */
export function createOutboxSender(db: Database, options: OutboxSenderOptions): JobRunner {
  const { transport, push, ...runner } = options;
  const queues = [mailQueue(transport), ...(push ? [pushQueue(push)] : [])];
  return createJobRunner(db, { ...runner, queues: queues as Queue<never>[] });
}
