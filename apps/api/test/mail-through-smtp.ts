import { outboxMessages } from '@clube/db';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { JobRunner } from '../src/lib/jobs/runner';
import { createOutboxSender } from '../src/lib/mail/outbox-sender';
import { createMailTransport } from '../src/lib/mail/transport';
import type { BuiltApp } from './helper';
import { startSmtpTestServer, type SmtpTestServer } from './smtp-test-server';

/**
 * The app's mail through a real SMTP server, for the tests of one file: the server and the
 * outbox's sender start before them and close after them, and each test starts with an empty
 * outbox and inbox, so it reads only its own mails. `sender.runOnce()` sends what is queued.
 */
export function useMailThroughSmtp(context: BuiltApp) {
  let smtp: SmtpTestServer | undefined;
  let sender: JobRunner | undefined;
  let transport: ReturnType<typeof createMailTransport> | undefined;
  beforeAll(async () => {
    smtp = await startSmtpTestServer();
    transport = createMailTransport({ smtpUrl: smtp.url, from: 'Clube <reservas@clube.test>' });
    sender = createOutboxSender(context.db, {
      transport,
      log: { info() {}, warn() {}, error() {} },
    });
  });
  beforeEach(async () => {
    await context.db.delete(outboxMessages);
    smtp!.received.length = 0;
  });
  afterAll(async () => {
    if (transport?.kind === 'smtp') transport.close();
    await smtp?.close();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the SMTP server starts in beforeAll');
    return value;
  };
  return {
    get smtp() {
      return started(smtp);
    },
    get sender() {
      return started(sender);
    },
  };
}
