import { outboxMessages, type Database } from '@clube/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessages, type NewMessage } from '../src/lib/mail/enqueue-messages';
import {
  createOutboxSender,
  keptPerClaim,
  maxAttempts,
  redactedBody,
  type OutboxSenderOptions,
} from '../src/lib/mail/outbox-sender';
import { createMailTransport } from '../src/lib/mail/transport';
import { createAssociate, createClubWithStaff } from './factories';
import { build } from './helper';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';

const context = build();
let smtp: SmtpTestServer;
const transports: Array<{ close: () => void }> = [];

beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterEach(async () => {
  transports.splice(0).forEach((transport) => transport.close());
  smtp.received.length = 0;
  smtp.replyWith(() => 'accept');
  await context.db.delete(outboxMessages);
});
afterAll(() => smtp.close());

const silent = { info() {}, warn() {}, error() {} };

function smtpSender(db: Database, options: Partial<OutboxSenderOptions> = {}) {
  const transport = createMailTransport({ smtpUrl: smtp.url, from: 'Clube <reservas@clube.test>' });
  if (transport.kind === 'smtp') transports.push(transport);
  return createOutboxSender(db, { transport, log: silent, pollMs: 20, ...options });
}

async function message(db: Database, values: Partial<NewMessage> = {}): Promise<NewMessage> {
  const { company } = await createClubWithStaff(db);
  const associate = await createAssociate(db, company.id, { email: 'socio@exemplo.com' });
  return {
    companyId: company.id,
    associateId: associate.id,
    kind: 'test',
    recipient: 'socio@exemplo.com',
    subject: 'Reserva confirmada',
    textBody: 'Sua reserva está confirmada.',
    htmlBody: '<p>Sua reserva está confirmada.</p>',
    ...values,
  };
}

async function rowOf(db: Database, recipient: string) {
  const [row] = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient));
  return row!;
}

describe('the outbox', () => {
  it('sends a message only if the transaction that queued it committed, once, with its parts', async () => {
    const { db } = context;
    const committed = await message(db, {
      recipient: 'confirmada@exemplo.com',
      attachments: [
        { filename: 'reserva.ics', contentType: 'text/calendar', content: 'BEGIN:VCALENDAR' },
      ],
    });
    const rolledBack = await message(db, { recipient: 'desfeita@exemplo.com' });
    await db.transaction(async (tx) => {
      await enqueueMessages(tx, [committed]);
    });
    await expect(
      db.transaction(async (tx) => {
        await enqueueMessages(tx, [rolledBack]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    const sender = smtpSender(db);
    expect(await sender.runOnce()).toBe(1);
    expect(await sender.runOnce()).toBe(0);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.to).toMatchObject({ text: 'confirmada@exemplo.com' });
    expect(mail!.subject).toBe('Reserva confirmada');
    expect(mail!.text?.trim()).toBe('Sua reserva está confirmada.');
    expect(mail!.html).toContain('<p>Sua reserva está confirmada.</p>');
    expect(mail!.attachments.map((part) => part.filename)).toEqual(['reserva.ics']);
    const row = await rowOf(db, 'confirmada@exemplo.com');
    expect(mail!.messageId).toBe(`<${row.id}@clube.test>`);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sendingUntil: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('tries a temporary refusal again later, recording the attempt and the error', async () => {
    const { db } = context;
    await enqueueMessages(db, [await message(db, { recipient: 'adiada@exemplo.com' })]);
    smtp.replyWith(() => ({ code: 451, message: 'Mailbox busy, try later' }));
    const sender = smtpSender(db);
    await sender.runOnce();

    let row = await rowOf(db, 'adiada@exemplo.com');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sendingUntil: null });
    expect(row.lastError).toContain('Mailbox busy');
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is claimed.
    expect(await sender.runOnce()).toBe(0);

    smtp.replyWith(() => 'accept');
    await db
      .update(outboxMessages)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outboxMessages.id, row.id));
    expect(await sender.runOnce()).toBe(1);
    row = await rowOf(db, 'adiada@exemplo.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(smtp.received).toHaveLength(1);
  });

  it('logs a failed attempt through a logger whose methods read their object, as pino’s do', async () => {
    const { db } = context;
    await enqueueMessages(db, [await message(db, { recipient: 'registrada@exemplo.com' })]);
    smtp.replyWith(() => ({ code: 451, message: 'Mailbox busy, try later' }));
    class Recorder {
      readonly lines: string[] = [];
      info(_object: object, message: string) {
        this.lines.push(`info ${message}`);
      }
      warn(_object: object, message: string) {
        this.lines.push(`warn ${message}`);
      }
      error(_object: object, message: string) {
        this.lines.push(`error ${message}`);
      }
    }
    const log = new Recorder();
    await expect(smtpSender(db, { log }).runOnce()).resolves.toBe(1);
    expect(log.lines).toEqual(['warn message will be tried again']);
  });

  it('gives up at once on a permanent refusal, and on the last temporary one', async () => {
    const { db } = context;
    await enqueueMessages(db, [
      await message(db, { recipient: 'inexistente@exemplo.com', sensitive: true }),
    ]);
    smtp.replyWith(() => ({ code: 550, message: 'No such user here' }));
    const sender = smtpSender(db);
    await sender.runOnce();
    const refused = await rowOf(db, 'inexistente@exemplo.com');
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused.lastError).toContain('No such user');
    // A failed link is no use to anybody: its body is not kept.
    expect(refused.textBody).toBe(redactedBody);

    await enqueueMessages(db, [await message(db, { recipient: 'cheia@exemplo.com' })]);
    // Its last attempt comes next.
    await db
      .update(outboxMessages)
      .set({ attempts: maxAttempts - 1 })
      .where(eq(outboxMessages.recipient, 'cheia@exemplo.com'));
    smtp.replyWith(() => ({ code: 452, message: 'Mailbox full' }));
    await sender.runOnce();
    expect(await rowOf(db, 'cheia@exemplo.com')).toMatchObject({
      status: 'failed',
      attempts: maxAttempts,
    });
    expect(await sender.runOnce()).toBe(0);
    expect(smtp.received).toHaveLength(0);
  });

  it('clears the body of a sensitive message once the mail server accepted it', async () => {
    const { db } = context;
    await enqueueMessages(db, [
      await message(db, {
        recipient: 'link@exemplo.com',
        sensitive: true,
        textBody: 'Abra https://clube.test/portal/acesso#token=segredo',
      }),
    ]);
    await smtpSender(db).runOnce();
    expect(smtp.received[0]!.text).toContain('token=segredo');
    const row = await rowOf(db, 'link@exemplo.com');
    expect(row.textBody).toBe(redactedBody);
    expect(row.htmlBody).toBe(redactedBody);
  });

  it('claims a message whose sender stopped answering once its lease is over, not before', async () => {
    const { db } = context;
    await enqueueMessages(db, [await message(db, { recipient: 'presa@exemplo.com' })]);
    const first = smtp.dataCount();
    smtp.replyWith((index) => (index === first ? 'hang' : 'accept'));
    const stuck = smtpSender(db, { leaseSeconds: 2 });
    const stuckRun = stuck.runOnce().catch(() => -1);
    await waitUntil(() => smtp.dataCount() === first + 1);
    const other = smtpSender(db, { leaseSeconds: 2 });
    expect(await other.runOnce()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await other.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(await rowOf(db, 'presa@exemplo.com')).toMatchObject({ status: 'sent', attempts: 2 });

    // The stuck attempt fails at last: it no longer holds the message, so it writes nothing.
    transports.forEach((transport) => transport.close());
    await Promise.race([stuckRun, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    expect(await rowOf(db, 'presa@exemplo.com')).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    });
  });

  it('sends each message once when two senders work the outbox at the same time', async () => {
    const { db } = context;
    const base = await message(db);
    const messages = Array.from({ length: 40 }, (_, index) => ({
      ...base,
      recipient: `socio${index}@exemplo.com`,
    }));
    await enqueueMessages(db, messages);
    const first = smtpSender(db, { batchSize: 5, concurrency: 2 });
    const second = smtpSender(db, { batchSize: 5, concurrency: 2 });
    first.start();
    second.start();
    await smtp.waitForMessages(40);
    await Promise.all([first.stop(), second.stop()]);
    const recipients = smtp.received.map((mail) => (mail.to as { text: string }).text);
    expect(new Set(recipients).size).toBe(40);
    expect(recipients).toHaveLength(40);
    const counts = await db
      .select({ status: outboxMessages.status, attempts: outboxMessages.attempts })
      .from(outboxMessages);
    expect(counts.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('gives other work its time after each full batch, told how long the batch took', async () => {
    const { db } = context;
    const recipients = ['pausa1', 'pausa2', 'pausa3', 'pausa4', 'pausa5'].map(
      (name) => `${name}@exemplo.com`,
    );
    await enqueueMessages(
      db,
      await Promise.all(recipients.map((recipient) => message(db, { recipient }))),
    );
    const rests: number[] = [];
    const sender = smtpSender(db, {
      batchSize: 2,
      afterFullBatch: async (elapsedMs) => {
        rests.push(elapsedMs);
      },
    });
    sender.start();
    const sent = async () => {
      const rows = await Promise.all(recipients.map((recipient) => rowOf(db, recipient)));
      return rows.filter((row) => row?.status === 'sent').length;
    };
    for (let look = 0; look < 200 && (await sent()) < recipients.length; look += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await sender.stop();
    expect(await sent()).toBe(recipients.length);
    // 2 + 2 + 1: a rest after each of the two full batches, then the short one ends the run.
    expect(rests.length).toBeGreaterThanOrEqual(2);
    expect(rests.every((ms) => ms > 0)).toBe(true);
  });

  it('keeps messages for Mensagens when no mail server is configured', async () => {
    const { db } = context;
    await enqueueMessages(db, [await message(db, { recipient: 'guardada@exemplo.com' })]);
    const sender = createOutboxSender(db, {
      transport: createMailTransport({ smtpUrl: undefined, from: 'x@clube.test' }),
      log: silent,
    });
    expect(await sender.runOnce()).toBe(1);
    const row = await rowOf(db, 'guardada@exemplo.com');
    expect(row).toMatchObject({ status: 'kept', textBody: 'Sua reserva está confirmada.' });
    expect(smtp.received).toHaveLength(0);
  });

  it('keeps up to keptPerClaim messages per claim when no mail server is configured', async () => {
    const { db } = context;
    const base = await message(db);
    const count = keptPerClaim + 5;
    await enqueueMessages(
      db,
      Array.from({ length: count }, (_, index) => ({
        ...base,
        recipient: `guardada${index}@exemplo.com`,
      })),
    );
    const sender = createOutboxSender(db, {
      transport: createMailTransport({ smtpUrl: undefined, from: 'x@clube.test' }),
      log: silent,
    });
    // One claim and one settle for a full batch, then the rest.
    expect(await sender.runOnce()).toBe(keptPerClaim);
    expect(await sender.runOnce()).toBe(5);
    const rows = await db.select({ status: outboxMessages.status }).from(outboxMessages);
    expect(rows.filter((row) => row.status === 'kept')).toHaveLength(count);
  });

  it('queues a message with a dedupe key once', async () => {
    const { db } = context;
    const once = await message(db, {
      recipient: 'unica@exemplo.com',
      dedupeKey: 'invite:x:2026-01-01',
    });
    expect(await enqueueMessages(db, [once])).toBe(1);
    expect(await enqueueMessages(db, [once])).toBe(0);
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
