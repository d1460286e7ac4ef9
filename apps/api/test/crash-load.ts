import { appointments, auditEvents, type Database } from '@clube/db';
import { addDaysToDate, clubInstant, clubToday } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  createAssociate,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
  staffPassword,
} from './factories';
import { loginThrough, requestJson, startServer, type ServerProcess } from './server-process';

/**
 * kill -9 in the middle of a booking load, then a restart: the scenario shared by the embedded
 * database (PGlite in DATA_DIR) and PostgreSQL. `withDatabase` opens the database the server
 * uses; on PGlite only while no server holds it.
 */
export type CrashTarget = {
  env: Record<string, string>;
  withDatabase: <T>(use: (db: Database) => Promise<T>) => Promise<T>;
  /** Checks made right after the kill, before the restart (e.g. the lock left behind). */
  afterKill?: (killed: ServerProcess) => void;
};

type Booking = { placeId: string; startsAt: string; endsAt: string };
type Outcome =
  | { slot: string; kind: 'created'; id: string }
  | { slot: string; kind: 'refused'; status: number; error: string }
  | { slot: string; kind: 'no-answer' };

const slotKey = (placeId: string, startsAt: string | Date) =>
  `${placeId}@${new Date(startsAt).toISOString()}`;

const workers = 6;
const killAfterCreated = 12;
const loadDeadlineMs = 90_000;

export async function runCrashScenario(target: CrashTarget) {
  const scene = await target.withDatabase(async (db) => {
    const { company, staff } = await createClubWithStaff(db);
    await createOperatingHours(db, company.id);
    const firstPlace = await createPlace(db, company.id);
    const secondPlace = await createPlace(db, company.id, { categoryId: firstPlace.categoryId });
    const associate = await createAssociate(db, company.id);
    const today = clubToday(company.timezone);
    const bookings: Booking[] = [];
    for (let day = 1; day <= 10; day += 1) {
      for (let hour = 8; hour < 20; hour += 1) {
        for (const place of [firstPlace, secondPlace]) {
          const startsAt = clubInstant(
            addDaysToDate(today, day),
            `${String(hour).padStart(2, '0')}:00`,
            company.timezone,
          );
          bookings.push({
            placeId: place.id,
            startsAt: startsAt.toISOString(),
            endsAt: new Date(startsAt.getTime() + 60 * 60_000).toISOString(),
          });
        }
      }
    }
    // Kept out of the load: booked after the restart.
    const spare = bookings.pop()!;
    return { company, staff, associate, bookings, spare };
  });
  // Every third slot is asked for twice in a row: one of the two is refused (409), and a refused
  // booking must leave nothing behind either.
  const requests = scene.bookings.flatMap((booking, index) =>
    index % 3 === 2 ? [booking, booking] : [booking],
  );
  const bodyOf = (booking: Booking) => ({
    ...booking,
    associateId: scene.associate.id,
    cardId: scene.associate.cardId,
  });

  const server = await startServer(target.env);
  const token = await loginThrough(server.url, scene.staff.cpf, staffPassword);

  const outcomes: Outcome[] = [];
  let next = 0;
  let killed = false;
  const deadline = Date.now() + loadDeadlineMs;
  const kill = () => {
    if (killed) return;
    killed = true;
    server.child.kill('SIGKILL');
  };
  const work = async () => {
    while (!killed && next < requests.length && Date.now() < deadline) {
      const booking = requests[next++]!;
      const slot = slotKey(booking.placeId, booking.startsAt);
      try {
        const response = await requestJson(`${server.url}/api/backoffice/appointment`, {
          token,
          body: bodyOf(booking),
        });
        outcomes.push(
          response.status === 201
            ? { slot, kind: 'created', id: String(response.body.id) }
            : {
                slot,
                kind: 'refused',
                status: response.status,
                error: String(response.body.error),
              },
        );
      } catch {
        outcomes.push({ slot, kind: 'no-answer' });
      }
      if (outcomes.filter((outcome) => outcome.kind === 'created').length >= killAfterCreated) {
        kill();
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, work));
  kill();
  const exit = await server.exited;
  expect(exit.signal).toBe('SIGKILL');
  target.afterKill?.(server);

  const created = outcomes.flatMap((outcome) => (outcome.kind === 'created' ? [outcome] : []));
  const refused = outcomes.flatMap((outcome) => (outcome.kind === 'refused' ? [outcome] : []));
  const unanswered = new Set(
    outcomes.flatMap((outcome) => (outcome.kind === 'no-answer' ? [outcome.slot] : [])),
  );
  expect(created.length).toBeGreaterThanOrEqual(killAfterCreated);
  // The kill landed in the middle of the load: some requests were cut off unanswered.
  expect(outcomes.some((outcome) => outcome.kind === 'no-answer')).toBe(true);
  // Only double bookings are refused; nothing else went wrong before the kill.
  expect(refused.map((outcome) => `${outcome.status} ${outcome.error}`)).toEqual(
    refused.map(() => '409 TimeAlreadyTaken'),
  );

  // The restarted server opens the database cleanly and takes bookings again.
  const restarted = await startServer(target.env);
  let afterRestartId: string;
  try {
    expect((await requestJson(`${restarted.url}/api/health`)).status).toBe(200);
    const again = await loginThrough(restarted.url, scene.staff.cpf, staffPassword);
    const response = await requestJson(`${restarted.url}/api/backoffice/appointment`, {
      token: again,
      body: bodyOf(scene.spare),
    });
    expect(response.status).toBe(201);
    afterRestartId = String(response.body.id);
  } finally {
    expect((await restarted.stop()).code).toBe(0);
  }

  await target.withDatabase(async (db) => {
    const rows = await db
      .select({
        id: appointments.id,
        placeId: appointments.placeId,
        startsAt: appointments.startsAt,
      })
      .from(appointments)
      .where(eq(appointments.companyId, scene.company.id));
    const audited = await db
      .select({ entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.companyId, scene.company.id),
          eq(auditEvents.action, 'appointment.create'),
        ),
      );
    const rowIds = new Set(rows.map((row) => row.id));
    // Every booking answered 201 is there, and so is the one booked after the restart.
    for (const outcome of created) expect(rowIds.has(outcome.id), outcome.slot).toBe(true);
    expect(rowIds.has(afterRestartId)).toBe(true);
    // Nothing is half there: each appointment has its audit event and each event its appointment.
    expect(new Set(audited.map((event) => event.entityId))).toEqual(rowIds);
    // A row nobody was told about can only come from a request cut off by the kill.
    const createdIds = new Set([...created.map((outcome) => outcome.id), afterRestartId]);
    for (const row of rows) {
      if (createdIds.has(row.id)) continue;
      expect(unanswered.has(slotKey(row.placeId, row.startsAt)), row.id).toBe(true);
    }
  });
}
