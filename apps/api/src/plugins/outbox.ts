import fp from 'fastify-plugin';
import { createAfterResponse } from '../lib/after-response';
import { restAsLongAs } from '../lib/pace';
import { createOutboxSender } from '../lib/mail/outbox-sender';
import { createMailTransport } from '../lib/mail/transport';
import { createPushTransport } from '../lib/push/transport';
import type { VapidKeys } from '../config';
import { queueDueReminders } from '../services/messages/member-messages';

/** How often the API looks for bookings whose reminder is due (the club's `reminderHours`). */
export const reminderLookMs = 60_000;

/**
 * Work done after a request was answered (`app.afterResponse`), the outbox's sender
 * (`app.outbox`, e-mails and pushes) and the push transport (`app.push`): created with the app, working only once `start` is called
 * (the server does; tests drive it themselves), stopped when the app closes. A started app also
 * queues due booking reminders every `reminderLookMs` (each once, whatever the processes).
 */
export const outboxPlugin = fp(
  async (app, options: { start: boolean; vapidKeys: VapidKeys | undefined }) => {
    const transport = createMailTransport({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
    });
    const push = options.vapidKeys
      ? createPushTransport({ keys: options.vapidKeys, subject: app.config.vapidSubject })
      : undefined;
    if (!push && options.start) {
      app.log.warn(
        'Web Push is off: with DATABASE_URL, give every process the same VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
      );
    }
    const sender = createOutboxSender(app.db, {
      transport,
      push,
      log: app.log,
      // The embedded database's one connection runs in this thread: the sender leaves requests
      // at least half of it.
      ...(app.dbDriver === 'pglite' ? { afterFullBatch: restAsLongAs } : {}),
    });
    app.decorate('outbox', sender);
    app.decorate('push', push);
    const afterResponse = createAfterResponse(app.log);
    app.decorate('afterResponse', afterResponse);
    let reminders: NodeJS.Timeout | undefined;
    let looking: Promise<void> = Promise.resolve();
    const lookForReminders = () => {
      looking = queueDueReminders(app.db, { publicUrl: app.config.publicUrl }).then(
        (queued) => {
          if (queued > 0) sender.wake();
        },
        (error: unknown) => app.log.error({ err: error }, 'booking reminders could not be queued'),
      );
    };
    if (options.start) {
      app.addHook('onReady', async () => {
        sender.start();
        reminders = setInterval(lookForReminders, reminderLookMs);
        reminders.unref();
      });
    }
    app.addHook('onClose', async () => {
      clearInterval(reminders);
      await looking;
      await afterResponse.idle();
      await sender.stop();
      if (transport.kind === 'smtp') transport.close();
    });
  },
  { name: 'outbox', dependencies: ['database'] },
);
