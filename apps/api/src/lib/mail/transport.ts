import nodemailer from 'nodemailer';

/** One message as the outbox hands it to a transport. */
export type OutgoingMail = {
  /** The outbox row's id: the Message-ID, so a message sent twice after a crash reads as one. */
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
};

/** Why a send failed: `temporary` is tried again later, `permanent` never. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

/**
 * Where the outbox delivers. `keep`: no mail server is configured; messages stay in the database
 * (status `kept`) for the back office's Mensagens.
 */
export type MailTransport =
  | { kind: 'smtp'; send: (mail: OutgoingMail) => Promise<void>; close: () => void }
  | { kind: 'keep' };

/** Seconds any one SMTP step may take: well inside the outbox's lease (outbox-sender.ts). */
const smtpTimeoutMs = 30_000;

/** A 5xx reply is the server's final word (unknown mailbox, refused content); the rest may pass. */
function classify(error: unknown): MailDeliveryError {
  const { responseCode, message } = (error ?? {}) as { responseCode?: number; message?: string };
  const text = (message ?? String(error)).slice(0, 500);
  return new MailDeliveryError(
    text,
    typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600,
  );
}

/** SMTP through nodemailer (a small pool of connections), or none. */
export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
}): MailTransport {
  if (!options.smtpUrl) return { kind: 'keep' };
  const url = new URL(options.smtpUrl);
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    auth: url.username
      ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
      : undefined,
    pool: true,
    maxConnections: 2,
    connectionTimeout: smtpTimeoutMs,
    greetingTimeout: smtpTimeoutMs,
    socketTimeout: smtpTimeoutMs,
  });
  const domain = (/@([^>\s]+)>?$/.exec(options.from)?.[1] ?? 'localhost').toLowerCase();
  return {
    kind: 'smtp',
    async send(mail) {
      try {
        await transporter.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: `<${mail.id}@${domain}>`,
          attachments: mail.attachments.map((attachment) => ({
            filename: attachment.filename,
            contentType: attachment.contentType,
            content: attachment.content,
          })),
        });
      } catch (error) {
        throw classify(error);
      }
    },
    close: () => transporter.close(),
  };
}
