import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** What the server answers to one message's DATA: accept, refuse with a code, or never answer. */
export type SmtpReply = 'accept' | { code: number; message: string } | 'hang';

export type SmtpTestServer = {
  /** `smtp://127.0.0.1:<port>` for SMTP_URL. */
  url: string;
  /** The messages the server accepted (answered 250), parsed, in order. */
  received: ParsedMail[];
  /** How many messages' DATA reached the server, accepted or not. */
  dataCount: () => number;
  /** Decides the reply to each incoming message (default: accept). */
  replyWith: (decide: (index: number) => SmtpReply) => void;
  /** Resolves once `count` messages were accepted. */
  waitForMessages: (count: number, timeoutMs?: number) => Promise<ParsedMail[]>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package, which speaks the
 * protocol), so the tests send through nodemailer exactly as production does and read what
 * arrived.
 */
export async function startSmtpTestServer(): Promise<SmtpTestServer> {
  const received: ParsedMail[] = [];
  let decide: (index: number) => SmtpReply = () => 'accept';
  let incoming = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 200,
    onData(stream, _session, callback) {
      const index = incoming++;
      const reply = decide(index);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (reply === 'hang') return;
        if (reply !== 'accept') {
          callback(Object.assign(new Error(reply.message), { responseCode: reply.code }));
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      });
    },
  });
  // A client killed mid-message resets its connection: that is what the crash tests do.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    dataCount: () => incoming,
    replyWith(next) {
      decide = next;
    },
    async waitForMessages(count, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) {
          throw new Error(`expected ${count} messages, got ${received.length}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
