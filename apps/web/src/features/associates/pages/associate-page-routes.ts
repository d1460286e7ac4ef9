/** Every request the associate page makes, answered as its tests need. */
import type { Associate, AssociateAppointmentsSummary, MessageList, Series } from '@clube/shared';
import { route, type RouteAnswer } from '@/testing/mock-api';

/** A summary with nothing in it: no booking, no quota reached, no suspension. */
export const emptySummary: AssociateAppointmentsSummary = {
  upcoming: [],
  recent: [],
  month: '2026-06',
  quota: [],
  attendance: { bookings: 0, checkIns: 0, noShows: 0, lateCancellations: 0 },
  suspension: null,
};

/**
 * The page of `associate`: the member, their bookings' summary, the audit trail, the series and
 * the messages (empty unless given), to pass to `mockApi`.
 */
export function associatePageRoutes(
  associate: Associate,
  answers: {
    summary?: RouteAnswer<AssociateAppointmentsSummary>;
    series?: RouteAnswer<{ items: Series[] }>;
    messages?: RouteAnswer<MessageList>;
  } = {},
) {
  return [
    route.get(`/backoffice/associate/id/${associate.id}`, associate),
    route.get(
      `/backoffice/associate/id/${associate.id}/appointments-summary`,
      answers.summary ?? emptySummary,
    ),
    route.get('/backoffice/audit', { items: [], nextCursor: null, associate: null }),
    route.get('/backoffice/series', answers.series ?? { items: [] }),
    route.get(
      '/backoffice/message/company/:companyId',
      answers.messages ?? { items: [], total: 0, page: 1, take: 50 },
    ),
  ];
}
