import { queryRows, type Database } from '@clube/db';
import { sql, type SQL } from 'drizzle-orm';
import { PushDeliveryError, type PushTransport } from '../push/transport';
import { MailDeliveryError, type MailTransport, type OutgoingMail } from './transport';

/** Seconds to wait before the attempt after attempt N (1-based); the last one is repeated. */
export const retryDelaysSeconds = [30, 120, 600, 1800, 3600, 3 * 3600, 6 * 3600] as const;
/** Attempts before a message that keeps failing temporarily is given up as failed. */
export const maxAttempts = 8;

/** What replaces the body of a sensitive message (an access link) once it left the server. */
export const redactedBody =
  'Conteúdo removido após o envio: a mensagem continha um link de acesso.';

type Logger = {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export type OutboxSenderOptions = {
  transport: MailTransport;
  /** Web Push to the members' devices (`push_deliveries`); absent: pushes wait, unsent. */
  push?: PushTransport;
  log: Logger;
  /** Messages claimed at once: a batch is a few short statements, never a long transaction. */
  batchSize?: number;
  /** Messages of a batch sent at the same time. */
  concurrency?: number;
  /** Seconds a claim lasts: a sender that died mid-send leaves the message to others after it. */
  leaseSeconds?: number;
  /** Milliseconds between looks at the outbox when nothing woke the sender. */
  pollMs?: number;
  /**
   * Awaited after a full batch (more may be due), with how long it took: by default the event
   * loop's next turn; on the embedded database a rest as long as the batch (`restAsLongAs`).
   */
  afterFullBatch?: (elapsedMs: number) => Promise<void>;
};

export type OutboxSender = {
  /** Works the outbox until `stop`. */
  start: () => void;
  /** Ends the loop after the batch in hand. */
  stop: () => Promise<void>;
  /** Looks at the outbox now (a message was just committed by this process). */
  wake: () => void;
  /** Claims and sends one batch of e-mails and one of pushes; answers how many it claimed. */
  runOnce: () => Promise<number>;
};

type ClaimedRow = {
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
 * Takes up to `limit` due messages nobody holds, and holds them for `leaseSeconds`. `SKIP LOCKED`
 * lets senders of other processes claim other messages at the same moment instead of waiting;
 * the lease (not the row lock, which ends with this statement) keeps them away from these.
 */
async function claim(db: Database, limit: number, leaseSeconds: number): Promise<ClaimedRow[]> {
  return queryRows<ClaimedRow>(
    db,
    sql`update outbox_messages m
        set sending_until = now() + make_interval(secs => ${leaseSeconds}), attempts = m.attempts + 1
        from (
          select id from outbox_messages
          where status = 'pending' and next_attempt_at <= now()
            and (sending_until is null or sending_until <= now())
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        ) due
        where m.id = due.id
        returning m.id, m.company_id, m.user_id, m.recipient, m.subject, m.text_body, m.html_body,
          m.attachments, m.sensitive, m.attempts`,
  );
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

/** As `claim`, for pushes to the members' devices, with the device's subscription. */
async function claimPushes(
  db: Database,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedPush[]> {
  return queryRows<ClaimedPush>(
    db,
    sql`update push_deliveries d
        set sending_until = now() + make_interval(secs => ${leaseSeconds}), attempts = d.attempts + 1
        from (
          select id from push_deliveries
          where status = 'pending' and next_attempt_at <= now()
            and (sending_until is null or sending_until <= now())
          order by next_attempt_at
          limit ${limit}
          for update skip locked
        ) due, push_subscriptions s
        where d.id = due.id and s.id = d.subscription_id
        returning d.id, d.message_id, d.subscription_id, d.title, d.body, d.url, s.endpoint,
          s.p256dh, s.auth, d.attempts`,
  );
}

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

/** Seconds before the attempt after attempt `attempts` (1-based). */
const retryDelayAfter = (attempts: number) =>
  retryDelaysSeconds[Math.min(attempts, retryDelaysSeconds.length) - 1] ?? retryDelaysSeconds[0];

/** Runs `work` on every item, at most `concurrency` at once. */
async function forEachLimited<T>(
  items: T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(workers);
}

/**
 * The sender of one API process. Any number of processes may run one on the same database: each
 * claims its own messages (see `claim`). Delivery is at least once: a message is marked sent only
 * after the mail server accepted it, so a crash in between sends it again once its lease is over
 * (with the same Message-ID); a crash before the server accepted it only delays it.
 */
export function createOutboxSender(db: Database, options: OutboxSenderOptions): OutboxSender {
  const {
    transport,
    log,
    batchSize = 10,
    concurrency = 2,
    leaseSeconds = 300,
    pollMs = 5_000,
    afterFullBatch = () => new Promise<void>((resolve) => setImmediate(resolve)),
  } = options;
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  async function deliver(row: ClaimedRow): Promise<void> {
    if (transport.kind === 'keep') return;
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
        error instanceof MailDeliveryError ? error : new MailDeliveryError(String(error), false);
      const giveUp = failure.permanent || row.attempts >= maxAttempts;
      const delay = retryDelayAfter(row.attempts);
      // Only the holder of this attempt writes its outcome (a sender whose lease ran out and whose
      // message was claimed again must not overwrite the newer attempt).
      await db.execute(
        withBatchProgress(sql`
        update outbox_messages set
          status = ${giveUp ? 'failed' : 'pending'},
          sending_until = null,
          last_error = ${failure.message},
          next_attempt_at = now() + make_interval(secs => ${delay}),
          text_body = case when ${giveUp} and sensitive then ${redactedBody} else text_body end,
          html_body = case when ${giveUp} and sensitive then ${redactedBody} else html_body end
        where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`),
      );
      const outcome = {
        messageId: row.id,
        attempts: row.attempts,
        permanent: failure.permanent,
        err: failure,
      };
      // Called on the logger itself: pino's methods read their object.
      if (giveUp) log.error(outcome, 'message given up');
      else log.warn(outcome, 'message will be tried again');
      return;
    }
    await db.execute(
      withBatchProgress(sql`
      update outbox_messages set
        status = 'sent', sent_at = now(), sending_until = null, last_error = null,
        text_body = case when sensitive then ${redactedBody} else text_body end,
        html_body = case when sensitive then ${redactedBody} else html_body end
      where id = ${row.id} and attempts = ${row.attempts} and status = 'pending'`),
    );
  }

  /**
   * One push to one device. Sent: marked so (if the attempt is still this sender's). 404/410:
   * the device's subscription is gone and removed, with its other pushes. Otherwise as a mail.
   */
  async function deliverPush(pushTransport: PushTransport, row: ClaimedPush): Promise<void> {
    try {
      await pushTransport.send(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        { title: row.title, body: row.body, url: row.url, tag: row.message_id },
      );
    } catch (error) {
      const failure =
        error instanceof PushDeliveryError ? error : new PushDeliveryError(String(error), false);
      if (failure.gone) {
        await db.execute(sql`delete from push_subscriptions where id = ${row.subscription_id}`);
        log.info(
          { subscriptionId: row.subscription_id, messageId: row.message_id },
          'push subscription gone: removed',
        );
        return;
      }
      const giveUp = failure.permanent || row.attempts >= maxAttempts;
      await db.execute(sql`
        update push_deliveries set
          status = ${giveUp ? 'failed' : 'pending'},
          sending_until = null,
          last_error = ${failure.message},
          next_attempt_at = now() + make_interval(secs => ${retryDelayAfter(row.attempts)})
        where id = ${row.id} and attempts = ${row.attempts}`);
      const outcome = { pushId: row.id, attempts: row.attempts, err: failure };
      if (giveUp) log.error(outcome, 'push given up');
      else log.warn(outcome, 'push will be tried again');
      return;
    }
    await db.execute(sql`
      update push_deliveries set
        status = 'sent', sent_at = now(), sending_until = null, last_error = null
      where id = ${row.id} and attempts = ${row.attempts}`);
  }

  async function runPushes(pushTransport: PushTransport): Promise<number> {
    const rows = await claimPushes(db, batchSize, leaseSeconds);
    await forEachLimited(rows, concurrency, (row) => deliverPush(pushTransport, row));
    return rows.length;
  }

  /** Claims and sends one batch of e-mails and one of pushes; answers how many it claimed. */
  async function runOnce(): Promise<number> {
    const mails = await runMails();
    return mails + (options.push ? await runPushes(options.push) : 0);
  }

  async function runMails(): Promise<number> {
    const rows = await claim(db, batchSize, leaseSeconds);
    if (rows.length === 0) return 0;
    if (transport.kind === 'keep') {
      // Nothing to send through: the messages are shown in Mensagens. A staff account's link
      // belongs to no club, so nobody could read it there: its body is not kept.
      const ids = rows.map((row) => row.id);
      await db.execute(
        withBatchProgress(sql`
        update outbox_messages set
          status = 'kept', sent_at = now(), sending_until = null,
          text_body = case when sensitive and company_id is null then ${redactedBody} else text_body end,
          html_body = case when sensitive and company_id is null then ${redactedBody} else html_body end
        where status = 'pending' and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`),
      );
      const forStaff = rows.filter((row) => row.company_id === null).length;
      if (forStaff > 0) {
        log.warn(
          { messages: forStaff },
          'messages to staff accounts were not sent: SMTP_URL is not configured (staff passwords can be reset with the CLI: reset-staff-password)',
        );
      }
      return rows.length;
    }
    await forEachLimited(rows, concurrency, deliver);
    return rows.length;
  }

  function pause(): Promise<void> {
    if (woken) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const timer = setTimeout(done, pollMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wakeUp = undefined;
        resolve();
      }
      wakeUp = done;
    });
  }

  async function work(): Promise<void> {
    while (running) {
      let claimed = 0;
      const started = performance.now();
      try {
        claimed = await runOnce();
      } catch (error) {
        log.error({ err: error }, 'the outbox could not be worked');
      }
      if (!running) break;
      // A full batch means more may be due: the next one after other work had its turn.
      if (claimed >= batchSize) await afterFullBatch(performance.now() - started);
      else await pause();
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      loop = work();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    runOnce,
  };
}
