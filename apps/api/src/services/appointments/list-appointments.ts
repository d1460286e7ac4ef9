import {
  appointments,
  associates,
  bookingSeries,
  companies,
  places,
  users,
  type Database,
} from '@clube/db';
import type { AppointmentListQuery } from '@clube/shared';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

const bookedBy = alias(users, 'booked_by');
const bookedByMember = alias(associates, 'booked_by_member');

/** A date-or-instant bound as SQL: a bare date is midnight in the appointment's club timezone. */
function boundOf(value: string): SQL {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return sql`(${value}::date::timestamp at time zone ${companies.timezone})`;
  return sql`${new Date(value).toISOString()}::timestamptz`;
}

export type ListAppointmentsOptions = AppointmentListQuery & {
  /** The caller's clubs: appointments of any other are never listed. */
  companyIds: ReadonlySet<string>;
  /** Extra conditions (e.g. one appointment by id). */
  where?: SQL[];
};

/** Appointments of the caller's clubs starting in [fromDate, toDate), by start. */
export async function listAppointments(db: Database, options: ListAppointmentsOptions) {
  const { companyIds, where = [], ...query } = options;
  if (companyIds.size === 0) return [];
  const conditions: (SQL | undefined)[] = [
    inArray(appointments.companyId, [...companyIds]),
    query.placeId ? eq(appointments.placeId, query.placeId) : undefined,
    query.associateId ? eq(appointments.associateId, query.associateId) : undefined,
    query.status ? eq(appointments.status, query.status) : undefined,
    query.fromDate ? sql`${appointments.startsAt} >= ${boundOf(query.fromDate)}` : undefined,
    query.toDate ? sql`${appointments.startsAt} < ${boundOf(query.toDate)}` : undefined,
    ...where,
  ];
  const rows = await db
    .select({
      appointment: appointments,
      placeName: places.name,
      associateName: associates.name,
      cardId: associates.cardId,
      bookedById: bookedBy.id,
      bookedByName: bookedBy.name,
      bookedByMemberName: bookedByMember.name,
      seriesActivityName: bookingSeries.activityName,
    })
    .from(appointments)
    .innerJoin(companies, eq(companies.id, appointments.companyId))
    .innerJoin(places, eq(places.id, appointments.placeId))
    .innerJoin(associates, eq(associates.id, appointments.associateId))
    .leftJoin(bookedBy, eq(bookedBy.id, appointments.createdBy))
    .leftJoin(bookedByMember, eq(bookedByMember.id, appointments.createdByAssociateId))
    .leftJoin(bookingSeries, eq(bookingSeries.id, appointments.seriesId))
    .where(and(...conditions))
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(2000);
  return rows.map((row) => {
    const viaPortal = row.appointment.createdByAssociateId !== null;
    const bookedByName = viaPortal ? row.bookedByMemberName : row.bookedByName;
    return {
      id: row.appointment.id,
      companyId: row.appointment.companyId,
      placeId: row.appointment.placeId,
      placeName: row.placeName,
      associateId: row.appointment.associateId,
      associateTitleId: row.appointment.associateTitleId,
      startsAt: row.appointment.startsAt.toISOString(),
      endsAt: row.appointment.endsAt.toISOString(),
      status: row.appointment.status,
      createdAt: row.appointment.createdAt.toISOString(),
      cancelledAt: row.appointment.cancelledAt?.toISOString() ?? null,
      cancellationReason: row.appointment.cancellationReason,
      checkedInAt: row.appointment.checkedInAt?.toISOString() ?? null,
      noShowAt: row.appointment.noShowAt?.toISOString() ?? null,
      exceptionReason: row.appointment.exceptionReason,
      associate: { id: row.appointment.associateId, name: row.associateName, cardId: row.cardId },
      createdBy:
        row.bookedById && row.bookedByName ? { id: row.bookedById, name: row.bookedByName } : null,
      // A portal booking names its member; anything else was booked in the back office.
      bookedVia: viaPortal ? ('portal' as const) : ('staff' as const),
      bookedBy: bookedByName ? { name: bookedByName } : null,
      series: row.appointment.seriesId
        ? { id: row.appointment.seriesId, activityName: row.seriesActivityName }
        : null,
    };
  });
}

/** One appointment of the caller's clubs, or undefined. */
export async function findAppointment(
  db: Database,
  options: { companyIds: ReadonlySet<string>; id: string },
) {
  const [item] = await listAppointments(db, {
    companyIds: options.companyIds,
    where: [eq(appointments.id, options.id)],
  });
  return item;
}
