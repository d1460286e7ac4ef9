import { appointments, placeParts, queryRows } from '@clube/db';
import { addDaysToDate, clubInstant, clubToday, occupyingStatuses } from '@clube/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAssociate, createClubWithStaff, createPlace } from '../factories';
import { requestJson } from '../server-process';
import { openClub, useServerPair } from './server-pair';

/**
 * Linked places across two API processes on one PostgreSQL (docs/domain.md, "Linked places"):
 * the full field and its two halves booked at the same hours from both processes at once; every
 * hour ends with the whole alone or the two halves, each once, never the whole with a half.
 * Collected only when DATABASE_URL is set (vitest.config.ts).
 */

describe('linked places across two API processes', () => {
  // One after the other: the first migrates, the second finds it done.
  const pair = useServerPair({ start: 'in turn', processPoolSize: 8, testPoolSize: 4 });

  it('books every hour for the whole or for its parts, never both', async () => {
    const [a, b] = pair.urls;
    const { db, company, token, date } = await openClub(pair);
    const whole = await createPlace(db, company.id, { name: 'Campo inteiro' });
    const halves = await Promise.all(
      ['Meio campo A', 'Meio campo B'].map((name) =>
        createPlace(db, company.id, { name, categoryId: whole.categoryId }),
      ),
    );
    await db.insert(placeParts).values(
      halves.map((half) => ({
        companyId: company.id,
        wholePlaceId: whole.id,
        partPlaceId: half.id,
      })),
    );
    const hours = Array.from(
      { length: 12 },
      (_, index) => `${String(8 + index).padStart(2, '0')}:00`,
    );
    const targets = [whole, halves[0]!, halves[1]!, whole, halves[0]!, halves[1]!];
    // Each request for another member, so that only the places decide.
    const members = await Promise.all(
      hours.flatMap(() => targets.map(() => createAssociate(db, company.id))),
    );

    const responses = await Promise.all(
      hours.flatMap((time, hour) => {
        const startsAt = clubInstant(date, time, company.timezone);
        const endsAt = new Date(startsAt.getTime() + 3_600_000);
        return targets.map((place, index) => {
          const member = members[hour * targets.length + index]!;
          return requestJson(`${index % 2 === 0 ? a : b}/api/backoffice/appointment`, {
            token,
            body: {
              placeId: place.id,
              associateId: member.id,
              cardId: member.cardId,
              startsAt: startsAt.toISOString(),
              endsAt: endsAt.toISOString(),
            },
          });
        });
      }),
    );
    // Every loser is told the slot is taken; nothing else fails.
    expect([...new Set(responses.map((response) => response.status))].sort()).toEqual([201, 409]);
    expect(
      new Set(responses.filter((response) => response.status !== 201).map((r) => r.body.error)),
    ).toEqual(new Set(['TimeAlreadyTaken']));

    const placeIds = [whole.id, ...halves.map((half) => half.id)];
    const names = new Map([
      [whole.id, 'whole'],
      [halves[0]!.id, 'A'],
      [halves[1]!.id, 'B'],
    ]);
    const held = await db
      .select({ placeId: appointments.placeId, startsAt: appointments.startsAt })
      .from(appointments)
      .where(
        and(
          inArray(appointments.placeId, placeIds),
          inArray(appointments.status, [...occupyingStatuses]),
        ),
      );
    expect(held).toHaveLength(responses.filter((response) => response.status === 201).length);
    for (const time of hours) {
      const startsAt = clubInstant(date, time, company.timezone).getTime();
      const winners = held
        .filter((row) => row.startsAt.getTime() === startsAt)
        .map((row) => names.get(row.placeId))
        .sort();
      expect([['whole'], ['A', 'B']]).toContainEqual(winners);
    }
    // And the database agrees: no booking of the whole overlaps one of a part.
    const overlapping = await queryRows(
      db,
      sql`select 1 from appointments w
      join place_parts pp on pp.whole_place_id = w.place_id
      join appointments p on p.place_id = pp.part_place_id
        and p.starts_at < w.ends_at and p.ends_at > w.starts_at
        and p.status = 'SCHEDULED'
      where w.status = 'SCHEDULED' and w.company_id = ${company.id}`,
    );
    expect(overlapping).toEqual([]);
    expect(
      await db.select().from(placeParts).where(eq(placeParts.wholePlaceId, whole.id)),
    ).toHaveLength(2);
  }, 180_000);

  it('makes a booking of a part wait for a racing booking of the whole, and refuses it', async () => {
    const db = pair.database.db;
    const { company } = await createClubWithStaff(db);
    const whole = await createPlace(db, company.id, { name: 'Quadra dupla' });
    const part = await createPlace(db, company.id, { name: 'Quadra simples' });
    await db
      .insert(placeParts)
      .values({ companyId: company.id, wholePlaceId: whole.id, partPlaceId: part.id });
    const date = addDaysToDate(clubToday(company.timezone), 2);
    for (const [first, second, time] of [
      [whole, part, '09:00'],
      [part, whole, '11:00'],
    ] as const) {
      const startsAt = clubInstant(date, time, company.timezone);
      const endsAt = new Date(startsAt.getTime() + 3_600_000);
      const rowOf = async (place: { id: string }) => {
        const member = await createAssociate(db, company.id);
        return {
          companyId: company.id,
          placeId: place.id,
          associateId: member.id,
          associateTitleId: member.associateTitleId,
          startsAt,
          endsAt,
        };
      };
      const [firstRow, secondRow] = [await rowOf(first), await rowOf(second)];
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const firstWritten = new Promise<void>((resolve) => (written = resolve));
      // The first booking written, not committed yet, in another session.
      const firstBooking = db.transaction(async (tx) => {
        await tx.insert(appointments).values(firstRow);
        written();
        await held;
      });
      await firstWritten;
      const secondBooking = db
        .insert(appointments)
        .values(secondRow)
        .then(
          () => 'booked',
          (error: { code?: string; cause?: { code?: string } }) => error.cause?.code ?? error.code,
        );
      // The second waits for the first's commit rather than reading around it.
      const early = await Promise.race([
        secondBooking,
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 500)),
      ]);
      expect(early).toBe('waiting');
      release();
      await firstBooking;
      expect(await secondBooking).toBe('23P01');
    }
  }, 60_000);
});
