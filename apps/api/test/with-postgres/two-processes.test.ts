import { randomBytes } from 'node:crypto';
import { appointments, auditEvents } from '@clube/db';
import { clubInstant } from '@clube/shared';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loginLimits } from '../../src/services/auth/login';
import {
  createAssociate,
  createClubWithStaff,
  createPlace,
  createTitle,
  staffPassword,
} from '../factories';
import {
  requestJson,
  tallyResponses,
  type JsonResponse,
  type ServerProcess,
} from '../server-process';
import { openClub, useServerPair, type ServerPair, type ServerPairOptions } from './server-pair';

/**
 * Two API processes behind an imaginary load balancer, one PostgreSQL: whatever must hold across
 * processes (no double booking, exact quotas, login limits, uploaded images) is kept by the
 * database or Redis, never by the memory or the disk of one process. Collected only when
 * DATABASE_URL is set (vitest.config.ts).
 */

type Pair = Omit<ServerPair, 'stop'>;

/** Both processes start at once on the empty database, so they also race to migrate it. */
const bothAtOnce: ServerPairOptions = { start: 'together', processPoolSize: 10, testPoolSize: 5 };

/** A club open every day with one place (60-minute slots) and a logged-in staff. */
async function seedClub(pair: Pair, placeValues: Parameters<typeof createPlace>[2] = {}) {
  const { db, company, staff, token, date } = await openClub(pair);
  const place = await createPlace(db, company.id, placeValues);
  const bodyFor = (time: string, who: { id: string; cardId: string }) => {
    const startsAt = clubInstant(date, time, company.timezone);
    return {
      placeId: place.id,
      associateId: who.id,
      cardId: who.cardId,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + place.bookRange * 60_000).toISOString(),
    };
  };
  return { company, staff, place, token, bodyFor };
}

/** Runs `count` requests at once, alternating between the two processes. */
function splitAcross(
  servers: ServerProcess[],
  count: number,
  send: (url: string, index: number) => Promise<JsonResponse>,
) {
  return Promise.all(
    Array.from({ length: count }, (_, index) => send(servers[index % servers.length]!.url, index)),
  );
}

describe('two API processes against one PostgreSQL', () => {
  const pair = useServerPair(bothAtOnce);

  it('both started on one empty database, migrating it once', async () => {
    const health = await Promise.all(
      pair.servers.map((server) => requestJson(`${server.url}/api/health`)),
    );
    expect(health.map((response) => response.body)).toEqual([
      { status: 'ok', database: 'postgres' },
      { status: 'ok', database: 'postgres' },
    ]);
  });

  it('let exactly one of 200 bookings of one slot through, 199 TimeAlreadyTaken', async () => {
    const db = pair.database.db;
    const scene = await seedClub(pair);
    const people: Array<{ id: string; cardId: string }> = [];
    for (let batch = 0; batch < 10; batch += 1) {
      people.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, () => createAssociate(db, scene.company.id)),
        )),
      );
    }
    const responses = await splitAcross(pair.servers, 200, (url, index) =>
      requestJson(`${url}/api/backoffice/appointment`, {
        token: scene.token,
        body: scene.bodyFor('12:00', people[index]!),
      }),
    );
    expect(tallyResponses(responses)).toEqual({ '201': 1, TimeAlreadyTaken: 199 });
    const rows = await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(eq(appointments.placeId, scene.place.id));
    expect(rows).toHaveLength(1);
    const audits = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.companyId, scene.company.id), eq(auditEvents.entityType, 'appointment')),
      );
    expect(audits.map((event) => event.entityId)).toEqual([rows[0]!.id]);
  }, 180_000);

  it('hold a title with limit 3 to exactly 3 of 10 bookings on different slots', async () => {
    const db = pair.database.db;
    const scene = await seedClub(pair, { associateReservationLimit: 3 });
    const title = await createTitle(db, scene.company.id);
    const family = await Promise.all(
      Array.from({ length: 10 }, () =>
        createAssociate(db, scene.company.id, { associateTitleId: title.id }),
      ),
    );
    const responses = await splitAcross(pair.servers, 10, (url, index) =>
      requestJson(`${url}/api/backoffice/appointment`, {
        token: scene.token,
        body: scene.bodyFor(`${String(8 + index).padStart(2, '0')}:00`, family[index]!),
      }),
    );
    expect(tallyResponses(responses)).toEqual({ '201': 3, ReservationsLimitReached: 7 });
    const rows = await db
      .select()
      .from(appointments)
      .where(eq(appointments.associateTitleId, title.id));
    expect(rows).toHaveLength(3);
  }, 120_000);

  it('count failed logins of one cpf on both processes together (database counters)', async () => {
    await expectLoginLimitAcross(pair);
  }, 120_000);

  it('serve a photo uploaded through one process from the other, and delete it on either', async () => {
    const [first, second] = pair.servers;
    const scene = await seedClub(pair);
    const form = new FormData();
    form.append('placeId', scene.place.id);
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#264653' },
    })
      .png()
      .toBuffer();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'quadra.png');
    const uploaded = await fetch(`${first.url}/api/backoffice/placeImage`, {
      method: 'POST',
      headers: { authorization: `Bearer ${scene.token}` },
      body: form,
      signal: AbortSignal.timeout(60_000),
    });
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as { id: string; imageUrl: string; thumbnailUrl: string };

    for (const url of [image.imageUrl, image.thumbnailUrl]) {
      const served = await Promise.all(
        [first, second].map(async (server) => {
          const response = await fetch(`${server.url}${url}`);
          return {
            status: response.status,
            contentType: response.headers.get('content-type'),
            cacheControl: response.headers.get('cache-control'),
            bytes: Buffer.from(await response.arrayBuffer()),
          };
        }),
      );
      expect(served.map(({ bytes: _bytes, ...headers }) => headers)).toEqual([
        {
          status: 200,
          contentType: 'image/webp',
          cacheControl: 'public, max-age=31536000, immutable',
        },
        {
          status: 200,
          contentType: 'image/webp',
          cacheControl: 'public, max-age=31536000, immutable',
        },
      ]);
      expect(served[1]!.bytes.equals(served[0]!.bytes)).toBe(true);
      expect((await sharp(served[1]!.bytes).metadata()).format).toBe('webp');
    }

    const deleted = await requestJson(`${second.url}/api/backoffice/placeImage/${image.id}`, {
      method: 'DELETE',
      token: scene.token,
    });
    expect(deleted.status).toBe(200);
    for (const server of [first, second]) {
      expect((await fetch(`${server.url}${image.imageUrl}`)).status).toBe(404);
    }
  }, 120_000);
});

describe.runIf(process.env.REDIS_URL)('two API processes sharing Redis counters', () => {
  const pair = useServerPair({
    ...bothAtOnce,
    env: {
      REDIS_URL: process.env.REDIS_URL!,
      REDIS_PREFIX: `clube-test-${randomBytes(4).toString('hex')}:`,
    },
  });

  it('count failed logins of one cpf on both processes together (Redis counters)', async () => {
    await expectLoginLimitAcross(pair);
  }, 120_000);
});

/**
 * 12 wrong passwords at once, split across both processes: exactly the allowed number are checked
 * (401), the rest are refused (429); then even the right password is refused on either process.
 */
async function expectLoginLimitAcross(pair: Pair) {
  const { staff } = await createClubWithStaff(pair.database.db);
  const attempts = 12;
  const responses = await splitAcross(pair.servers, attempts, (url) =>
    requestJson(`${url}/api/auth/login`, { body: { cpf: staff.cpf, password: 'senha-errada' } }),
  );
  expect(tallyResponses(responses)).toEqual({
    'Invalid user or password': loginLimits.perCpfAndAddress,
    TooManyRequests: attempts - loginLimits.perCpfAndAddress,
  });
  for (const server of pair.servers) {
    const response = await requestJson(`${server.url}/api/auth/login`, {
      body: { cpf: staff.cpf, password: staffPassword },
    });
    expect(response.status).toBe(429);
  }
}
