import { associates, companies, outboxMessages } from '@clube/db';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import { createPortalScene } from './factories';
import { build } from './helper';
import { useMailThroughSmtp } from './mail-through-smtp';
import type { SmtpTestServer } from './smtp-test-server';

/**
 * The messages a member hears from their club, through a real SMTP server: booking confirmed
 * (with its calendar file), the reminder, the suspension for no-shows, the club's cancellation;
 * the member's choices in Conta; and the portal's Avisos.
 */
export const publicUrl = 'https://reservas.clube.test';

/** Builds the app, registers the SMTP server's and the sender's hooks, and answers the helpers. */
export function memberMessagesScene() {
  const context = build({ publicUrl });
  const mailing = useMailThroughSmtp(context);

  type Headers = Record<string, string>;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT',
    url: string,
    headers: Headers,
    payload?: object,
  ) => context.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  /** A family (Helena, the holder, and Davi) with addresses, and a neighbour, signed in. */
  async function scene() {
    const s = await createPortalScene(context.app, { name: 'Quadra de Tênis' });
    await context.db
      .update(companies)
      .set({ name: 'Clube Náutico' })
      .where(eq(companies.id, s.company.id));
    await context.db
      .update(associates)
      .set({ email: 'helena@familia.test' })
      .where(eq(associates.id, s.holder.id));
    await context.db
      .update(associates)
      .set({ email: 'davi@familia.test' })
      .where(eq(associates.id, s.dependent.id));
    return s;
  }

  /** Sends everything queued and answers what the SMTP server received, by address. */
  async function deliver(expected: number): Promise<Map<string, ParsedMail>> {
    while ((await mailing.sender.runOnce()) > 0);
    const mails = await mailing.smtp.waitForMessages(expected);
    expect(mails).toHaveLength(expected);
    return new Map(
      mails.map((mail) => [mail.to && !Array.isArray(mail.to) ? mail.to.text : '', mail]),
    );
  }

  const rowsOf = (associateId: string) =>
    context.db.select().from(outboxMessages).where(eq(outboxMessages.associateId, associateId));

  /** The SMTP server and the sender started in beforeAll, read at the time of use. */
  const smtpView = {
    get received() {
      return mailing.smtp.received;
    },
    replyWith: (...args: Parameters<SmtpTestServer['replyWith']>) =>
      mailing.smtp.replyWith(...args),
  };
  const senderView = { runOnce: () => mailing.sender.runOnce() };

  return { context, smtp: smtpView, sender: senderView, call, scene, deliver, rowsOf };
}
