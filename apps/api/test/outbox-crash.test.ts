import { outboxMessages } from '@clube/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMessages } from '../src/lib/mail/enqueue-messages';
import { createAssociate, createClubWithStaff } from './factories';
import { temporaryDirectories } from './helper';
import { startServer, withEmbeddedDatabase } from './server-process';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';

/**
 * A real API process killed (-9) while its sender is in the middle of handing a message to the
 * mail server: the message is neither lost nor sent twice.
 */

const temporaryDataDir = temporaryDirectories('outbox-crash');
let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(() => smtp.close());

async function waitUntil(condition: () => boolean, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('kill -9 while a message is being sent', () => {
  it('delays the message, then sends it exactly once', async () => {
    const dataDir = temporaryDataDir();
    // Committed while no sender runs: the crash between the commit and the send.
    const messageId = await withEmbeddedDatabase(dataDir, async (db) => {
      const { company } = await createClubWithStaff(db);
      const associate = await createAssociate(db, company.id, { email: 'socio@exemplo.com' });
      await enqueueMessages(db, [
        {
          companyId: company.id,
          associateId: associate.id,
          kind: 'test',
          recipient: 'socio@exemplo.com',
          subject: 'Reserva cancelada pelo clube',
          textBody: 'Sua reserva foi cancelada.',
          htmlBody: '<p>Sua reserva foi cancelada.</p>',
        },
      ]);
      const [row] = await db.select({ id: outboxMessages.id }).from(outboxMessages);
      return row!.id;
    });

    smtp.replyWith((index) => (index === 0 ? 'hang' : 'accept'));
    const env = { DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: 'Clube <reservas@clube.test>' };
    const first = await startServer(env);
    await waitUntil(() => smtp.dataCount() === 1, 'the first process to send');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(smtp.received).toHaveLength(0);

    await withEmbeddedDatabase(dataDir, async (db) => {
      const [row] = await db.select().from(outboxMessages);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.sendingUntil!.getTime()).toBeGreaterThan(Date.now());
      // Time passes: the dead process's lease on the message runs out.
      await db.update(outboxMessages).set({ sendingUntil: sql`now() - interval '1 second'` });
    });

    const second = await startServer(env);
    try {
      const [mail] = await smtp.waitForMessages(1);
      expect(mail!.messageId).toBe(`<${messageId}@clube.test>`);
      expect(mail!.subject).toBe('Reserva cancelada pelo clube');
      // Give a duplicate every chance to show up.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(smtp.received).toHaveLength(1);
    } finally {
      await second.stop();
    }
    await withEmbeddedDatabase(dataDir, async (db) => {
      const [row] = await db.select().from(outboxMessages);
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    });
  }, 240_000);
});
