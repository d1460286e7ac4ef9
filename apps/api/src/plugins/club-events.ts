import type { DatabaseHandle } from '@clube/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  ClubEventHub,
  clubEventsChannel,
  lostAnnouncements,
  type LostAnnouncement,
} from '../lib/club-events';

/**
 * One LISTEN per API process on the club events channel, fanned out by `app.clubEvents` to the
 * open event streams; announcements lost after their write committed are logged. Streams still
 * open when the server closes are ended first, or the close would wait for them forever.
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
    // A write that committed but could not announce itself: open day sheets show it only at
    // their next refetch, which is worth a line in the log (the events name places and dates).
    const logLost = ({ error, events }: LostAnnouncement) =>
      app.log.warn(
        { err: error, events: events.slice(0, 3), eventCount: events.length },
        'club change committed but not announced: open day sheets catch up on their next refetch',
      );
    lostAnnouncements.on('lost', logLost);
    app.addHook('preClose', async () => {
      for (const end of [...openStreams]) end(true);
    });
    app.addHook('onClose', async () => {
      lostAnnouncements.off('lost', logLost);
      await unlisten();
    });
  },
  { name: 'club-events', dependencies: ['database'] },
);
