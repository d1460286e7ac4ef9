import { describe, expect, it } from 'vitest';
import { createAppointment, createAssociate, createPlace } from '../../factories';
import { build } from '../../helper';
import { at, both, readReport, weekdayClub } from './reports-scene';

const context = build();

describe('GET /api/backoffice/reports: titles at their quota', () => {
  it("counts a place's monthly limit within one club month, not across two nor by UTC", async () => {
    const club = await weekdayClub(context, '08:00', '12:00');
    const db = context.db;
    const court = await createPlace(db, club.company.id, {
      name: 'Quadra A',
      associateReservationLimit: 2,
    });
    const associate = await createAssociate(db, club.company.id);
    const book = (date: string, time: string) =>
      createAppointment(db, {
        place: court,
        associate,
        startsAt: at(date, time),
        endsAt: new Date(at(date, time).getTime() + 30 * 60_000),
      });
    const week = { period: 'custom', from: '2026-06-29', to: '2026-07-05' };
    // June 30 at 23:30 in the club is July 1 in UTC; July 1 at 10:00: one booking in each club
    // month, below the limit of two in both.
    await book('2026-06-30', '23:30');
    await book('2026-07-01', '10:00');
    expect((await readReport(context, club, week)).members.titlesAtQuota).toEqual(both(0, 0));
    // A second July booking reaches July's limit.
    await book('2026-07-02', '10:00');
    expect((await readReport(context, club, week)).members.titlesAtQuota).toEqual(both(1, 0));
  });
});
