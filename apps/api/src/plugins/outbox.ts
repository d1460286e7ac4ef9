import fp from 'fastify-plugin';
import { createAfterResponse } from '../lib/after-response';
import { createOutboxSender } from '../lib/mail/outbox-sender';
import { createMailTransport } from '../lib/mail/transport';

/**
 * Work done after a request was answered (`app.afterResponse`), and the outbox's sender (`app.outbox`): created with the app, working only once `start` is called
 * (the server does; tests drive it themselves), stopped when the app closes.
 */
export const outboxPlugin = fp(
  async (app, options: { start: boolean }) => {
    const transport = createMailTransport({
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
    });
    const sender = createOutboxSender(app.db, { transport, log: app.log });
    app.decorate('outbox', sender);
    const afterResponse = createAfterResponse(app.log);
    app.decorate('afterResponse', afterResponse);
    if (options.start) app.addHook('onReady', async () => sender.start());
    app.addHook('onClose', async () => {
      await afterResponse.idle();
      await sender.stop();
      if (transport.kind === 'smtp') transport.close();
    });
  },
  { name: 'outbox', dependencies: ['database'] },
);
