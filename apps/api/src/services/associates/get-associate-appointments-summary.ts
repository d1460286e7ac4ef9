import { appointments, bookingSeries, companies, places, type Database } from '@clube/db';
import type { AppointmentOfAssociate, AssociateAppointmentsSummary } from '@clube/shared';
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { findActiveSuspension } from '../title-suspensions/find-active-suspension';
import { clubMonthOf } from './club-month';
import { titleMonthQuotas } from './title-month-quotas';

const listLimit = 10;

const appointmentColumns = {
  id: appointments.id,
  placeId: appointments.placeId,
  placeName: places.name,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
  exceptionReason: appointments.exceptionReason,
  seriesId: appointments.seriesId,
  seriesActivityName: bookingSeries.activityName,
};

const toWire = ({
  seriesId,
  seriesActivityName,
  ...row
}: {
  startsAt: Date;
  endsAt: Date;
  seriesId: string | null;
  seriesActivityName: string | null;
} & Omit<AppointmentOfAssociate, 'startsAt' | 'endsAt' | 'series'>): AppointmentOfAssociate => ({
  ...row,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  series: seriesId ? { id: seriesId, activityName: seriesActivityName } : null,
});

/**
 * What the associate's page shows about bookings: the next SCHEDULED ones, the latest past ones
 * (cancelled included), this club-local month's quota use of the associate's title per place, the
 * associate's attendance and the title's suspension in force.
 * The associate must already be known to belong to the caller's club.
 */
export async function getAssociateAppointmentsSummary(
  db: Database,
  options: {
    associate: { id: string; companyId: string; associateTitleId: string };
    now?: Date;
  },
): Promise<AssociateAppointmentsSummary> {
  const { associate } = options;
  const now = options.now ?? new Date();
  const [company] = await db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, associate.companyId));
  const month = clubMonthOf(company!.timezone, now);
  const [upcoming, recent, quota, [attendance], suspension] = await Promise.all([
    db
      .select(appointmentColumns)
      .from(appointments)
      .innerJoin(places, eq(places.id, appointments.placeId))
      .leftJoin(bookingSeries, eq(bookingSeries.id, appointments.seriesId))
      .where(
        and(
          eq(appointments.associateId, associate.id),
          eq(appointments.status, 'SCHEDULED'),
          gte(appointments.startsAt, now),
        ),
      )
      .orderBy(asc(appointments.startsAt))
      .limit(listLimit),
    db
      .select(appointmentColumns)
      .from(appointments)
      .innerJoin(places, eq(places.id, appointments.placeId))
      .leftJoin(bookingSeries, eq(bookingSeries.id, appointments.seriesId))
      .where(and(eq(appointments.associateId, associate.id), lt(appointments.startsAt, now)))
      .orderBy(desc(appointments.startsAt))
      .limit(listLimit),
    titleMonthQuotas(db, {
      companyId: associate.companyId,
      associateTitleId: associate.associateTitleId,
      month,
      limitedOnly: false,
    }),
    // "Late" is one fixed rule for every place: cancelled less than 24 hours before the start,
    // by a member of the title (the portal). A club's cancellation (staff, a block) is the
    // club's decision, not the member's lateness.
    db
      .select({
        bookings: sql<number>`count(*)::int`,
        checkIns: sql<number>`(count(*) filter (where ${appointments.status} = 'CHECKED_IN'))::int`,
        noShows: sql<number>`(count(*) filter (where ${appointments.status} = 'NO_SHOW'))::int`,
        lateCancellations: sql<number>`(count(*) filter (
          where ${appointments.status} = 'CANCELLED'
            and ${appointments.cancelledByAssociateId} is not null
            and ${appointments.cancelledAt} > ${appointments.startsAt} - interval '24 hours'
        ))::int`,
      })
      .from(appointments)
      .where(eq(appointments.associateId, associate.id)),
    findActiveSuspension(db, { associateTitleId: associate.associateTitleId, now }),
  ]);
  return {
    upcoming: upcoming.map(toWire),
    recent: recent.map(toWire),
    month: month.month,
    attendance: attendance ?? { bookings: 0, checkIns: 0, noShows: 0, lateCancellations: 0 },
    suspension: suspension
      ? {
          id: suspension.id,
          associateTitleId: suspension.associateTitleId,
          startsAt: suspension.startsAt.toISOString(),
          endsAt: suspension.endsAt.toISOString(),
          reason: suspension.reason,
          cause: suspension.cause,
        }
      : null,
    quota,
  };
}
