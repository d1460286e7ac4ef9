import type { DatabaseHandle } from '@clube/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ClubEventHub, clubEventsChannel } from '../lib/club-events';

/**
 * One LISTEN per API process on the club events channel, fanned out by `app.clubEvents` to the
 * open event streams. Streams still open when the server closes are ended first, or the close
 * would wait for them forever.
 */
export const clubEventsPlugin = fp(
  async (app: FastifyInstance, options: { database: DatabaseHandle }) => {
    const hub = new ClubEventHub();
    const openStreams = new Set<(closing?: boolean) => void>();
    app.decorate('clubEvents', hub);
    app.decorate('clubEventStreams', openStreams);
    const unlisten = await options.database.listen(clubEventsChannel, (payload) =>
      hub.dispatch(payload),
    );
    app.addHook('preClose', async () => {
      for (const end of [...openStreams]) end(true);
    });
    app.addHook('onClose', async () => {
      await unlisten();
    });
  },
  { name: 'club-events', dependencies: ['database'] },
);
