import { appointments, places } from '@clube/db';
import { clubInstant } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getAssociateAppointmentsSummary } from '../src/services/associates/get-associate-appointments-summary';
import { getMember } from '../src/services/portal/get-member';
import {
  createAppointment,
  createAssociate,
  createClubWithStaff,
  createPlace,
  createTitle,
} from './factories';
import { build } from './helper';

const context = build();
const timezone = 'America/Sao_Paulo';
/** 2026-03-15 12:00 in the club: the month is March 2026, club-local. */
const now = clubInstant('2026-03-15', '12:00', timezone);

/**
 * One title's bookings in and around March 2026 at a limited place, an unlimited one and an
 * archived one; another title of the same club books too.
 */
async function scene() {
  const db = context.db;
  const { company } = await createClubWithStaff(db, { timezone });
  const limited = await createPlace(db, company.id, {
    name: 'A Quadra',
    associateReservationLimit: 4,
  });
  const unlimited = await createPlace(db, company.id, { name: 'B Sem limite' });
  const archived = await createPlace(db, company.id, {
    name: 'C Arquivada',
    associateReservationLimit: 2,
  });
  const title = await createTitle(db, company.id);
  const holder = await createAssociate(db, company.id, { associateTitleId: title.id });
  const dependent = await createAssociate(db, company.id, {
    associateTitleId: title.id,
    isHolder: false,
  });
  const neighbour = await createAssociate(db, company.id);
  const book = async (
    place: { id: string; companyId: string },
    who: { id: string; associateTitleId: string },
    date: string,
    time: string,
    status: 'SCHEDULED' | 'CHECKED_IN' | 'NO_SHOW' | 'CANCELLED' = 'SCHEDULED',
  ) => {
    const startsAt = clubInstant(date, time, timezone);
    const booking = await createAppointment(db, {
      place,
      associate: who,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
    });
    const at = new Date(startsAt.getTime() + 600_000);
    const marks = {
      SCHEDULED: {},
      CHECKED_IN: { checkedInAt: at },
      NO_SHOW: { noShowAt: at },
      CANCELLED: { cancelledAt: at },
    }[status];
    await db
      .update(appointments)
      .set({ status, ...marks })
      .where(eq(appointments.id, booking.id));
  };
  // Counted at the limited place: the first club-local minute of March, a check-in and a
  // no-show of the dependent (the title's), a booking on the last evening of March.
  await book(limited, holder, '2026-03-01', '00:00');
  await book(limited, dependent, '2026-03-05', '10:00', 'CHECKED_IN');
  await book(limited, dependent, '2026-03-06', '10:00', 'NO_SHOW');
  await book(limited, holder, '2026-03-31', '23:00');
  // Not counted: cancelled, the last minute of February and April (club-local), another title.
  await book(limited, holder, '2026-03-10', '10:00', 'CANCELLED');
  await book(limited, holder, '2026-02-28', '23:00');
  await book(limited, holder, '2026-04-01', '00:00');
  await book(limited, neighbour, '2026-03-12', '10:00');
  await book(unlimited, holder, '2026-03-20', '10:00');
  await book(archived, holder, '2026-03-20', '10:00');
  await db.update(places).set({ archivedAt: now }).where(eq(places.id, archived.id));
  return { company, limited, unlimited, holder };
}

describe("a title's use of the monthly quotas", () => {
  it('the portal home counts the club-local month at places with a limit only', async () => {
    const { company, limited, holder } = await scene();
    const me = await getMember(context.db, {
      member: {
        associateId: holder.id,
        companyId: company.id,
        associateTitleId: holder.associateTitleId,
        isHolder: true,
      },
      now,
    });
    expect(me.quotas).toEqual([
      { placeId: limited.id, placeName: 'A Quadra', limit: 4, used: 4, month: '2026-03' },
    ]);
  });

  it("the associate's page counts the same month at every active place, the unlimited too", async () => {
    const { limited, unlimited, holder } = await scene();
    const summary = await getAssociateAppointmentsSummary(context.db, { associate: holder, now });
    expect(summary.month).toBe('2026-03');
    expect(summary.quota).toEqual([
      { placeId: limited.id, placeName: 'A Quadra', limit: 4, used: 4 },
      { placeId: unlimited.id, placeName: 'B Sem limite', limit: 0, used: 1 },
    ]);
  });
});
