import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/** Where the run's mail server (mail-catcher.mjs) writes each message it received. */
const mailDir = process.env.E2E_MAIL_DIR ?? '';

/** Messages parsed once each: other specs' bookings mail the demo members too. */
const parsed = new Map<string, Promise<ParsedMail>>();

async function receivedMessages(): Promise<ParsedMail[]> {
  const files = readdirSync(mailDir)
    .filter((file) => file.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map((file) => {
      let message = parsed.get(file);
      if (!message) {
        message = simpleParser(readFileSync(join(mailDir, file)));
        parsed.set(file, message);
      }
      return message;
    }),
  );
}

const isAddressedTo = (message: ParsedMail, address: string) => {
  const to = Array.isArray(message.to) ? message.to : message.to ? [message.to] : [];
  return to.some((group) => group.value.some((mailbox) => mailbox.address === address));
};

/**
 * The message the mail server received for `address` whose subject matches, waiting for it: the
 * API's outbox sends after the request that queued it was answered.
 */
export async function waitForMail(address: string, subject: RegExp): Promise<ParsedMail> {
  expect(mailDir, 'E2E_MAIL_DIR is set by playwright.config.ts').not.toBe('');
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await receivedMessages()).find(
          (message) => isAddressedTo(message, address) && subject.test(message.subject ?? ''),
        );
        return found?.subject ?? null;
      },
      { message: `a message to ${address} with the subject ${subject}`, timeout: 30_000 },
    )
    .toMatch(subject);
  return found!;
}

/** An `.ics` as one line per property (RFC 5545 folds lines longer than 75 octets). */
export const unfoldCalendar = (calendar: string) => calendar.replace(/\r?\n[ \t]/g, '');
