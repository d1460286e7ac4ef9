import { associates } from '@clube/db';
import type { AssociateList } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { bearerFor, createClubWithStaff, createTitle, uniqueCpf } from '../../factories';
import { build } from '../../helper';
import { countRoundTrips } from '../../round-trip-counter';

/** The associates list's keyset pages, its exact count and its portal-access filter. */
const context = build();

let cards = 900_000;
/** A club with members of the given names (inserted at once), and its staff's headers. */
async function clubWith(
  names: string[],
  { withPassword = (_index: number): boolean => false } = {},
) {
  const { company, staff } = await createClubWithStaff(context.db);
  const title = await createTitle(context.db, company.id);
  await context.db.insert(associates).values(
    names.map((name, index) => ({
      passwordHash: withPassword(index) ? 'argon2-hash' : null,
      companyId: company.id,
      cpf: uniqueCpf(),
      name,
      cardId: String((cards += 1)),
      associateTitleId: title.id,
      isHolder: true,
      birthDate: '1990-05-10',
    })),
  );
  return { companyId: company.id, headers: await bearerFor(context.app, staff.cpf) };
}

async function list(
  club: { companyId: string; headers: Record<string, string> },
  query: Record<string, string | number> = {},
) {
  const search = new URLSearchParams({ companyId: club.companyId, ...query } as never);
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/backoffice/associate/findAllPaginated?${search}`,
    headers: club.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AssociateList>();
}

describe('the count of the associates list', () => {
  it('is exact past a thousand, for the whole list, a broad term and a deep page', async () => {
    const many = 1_205;
    const club = await clubWith([
      ...Array.from({ length: many }, (_, index) => `Maria Silva ${index}`),
      'Pedro Souza',
      'Paula Souza',
    ]);
    const all = await list(club, { take: 10 });
    expect(all.total).toBe(many + 2);
    expect(all.items).toHaveLength(10);
    expect((await list(club, { take: 10, search: 'silva' })).total).toBe(many);
    const narrow = await list(club, { take: 10, search: 'souza' });
    expect(narrow).toMatchObject({ total: 2, nextCursor: null });
    const second = await list(club, { take: 10, after: all.nextCursor! });
    expect(second.total).toBe(many + 2);
  }, 60_000);
});

describe('portal access in the associates list', () => {
  it('says who has a portal password and filters by it, with the count', async () => {
    const club = await clubWith(['Ana Lima', 'Bruno Lima', 'Carla Lima'], {
      withPassword: (index) => index === 1,
    });
    const all = await list(club);
    expect(all.items.map((item) => [item.user.name, item.portalAccess])).toEqual([
      ['Ana Lima', false],
      ['Bruno Lima', true],
      ['Carla Lima', false],
    ]);
    const active = await list(club, { portalAccess: 'true' });
    expect(active).toMatchObject({ total: 1, items: [{ user: { name: 'Bruno Lima' } }] });
    const waiting = await list(club, { portalAccess: 'false', search: 'lima' });
    expect(waiting.total).toBe(2);
    expect(waiting.items.map((item) => item.portalAccess)).toEqual([false, false]);
  });
});

describe('keyset pages of the associates list', () => {
  // Equal names (and names equal but for accents and case) tie on the order's first keys: only
  // the id tells them apart, and no page may repeat or skip one of them.
  const names = [
    ...Array.from({ length: 13 }, () => 'Ana Souza'),
    ...Array.from({ length: 6 }, () => 'Ána Souza'),
    ...Array.from({ length: 4 }, () => 'ANA SOUZA'),
    'Beatriz Lima',
    'Alice Prado',
  ];

  it('walks forward and back in a stable order, without duplicates or gaps', async () => {
    const club = await clubWith(names);
    const whole = await list(club, { take: 100 });
    expect(whole.items).toHaveLength(names.length);
    expect(whole).toMatchObject({ nextCursor: null, previousCursor: null, total: names.length });

    const forward: AssociateList[] = [await list(club, { take: 7 })];
    expect(forward[0]!.previousCursor).toBeNull();
    while (forward.at(-1)!.nextCursor) {
      forward.push(await list(club, { take: 7, after: forward.at(-1)!.nextCursor! }));
    }
    expect(forward.map((page) => page.items.length)).toEqual([7, 7, 7, 4]);
    const walked = forward.flatMap((page) => page.items.map((item) => item.id));
    expect(walked).toEqual(whole.items.map((item) => item.id));
    for (const page of forward) expect(page.total).toBe(names.length);

    // Back from the last page: the same pages, in reverse.
    const backward: AssociateList[] = [forward.at(-1)!];
    while (backward.at(-1)!.previousCursor) {
      backward.push(await list(club, { take: 7, before: backward.at(-1)!.previousCursor! }));
    }
    expect(backward.map((page) => page.items.map((item) => item.id))).toEqual(
      [...forward].reverse().map((page) => page.items.map((item) => item.id)),
    );
  }, 60_000);

  it('answers a full first page when fewer than a page lie before the cursor', async () => {
    const club = await clubWith(names);
    const first = await list(club, { take: 10 });
    const shifted = await list(club, { take: 10, skip: 3 });
    // Only three rows before the fourth: "Anterior" shows the first page, whole.
    const back = await list(club, { take: 10, before: shifted.previousCursor! });
    expect(back.items.map((item) => item.id)).toEqual(first.items.map((item) => item.id));
    expect(back.previousCursor).toBeNull();
    expect(back.nextCursor).toBe(first.nextCursor);
  }, 60_000);

  it('pages a search too', async () => {
    const club = await clubWith(names);
    const first = await list(club, { take: 10, search: 'ana souza' });
    expect(first.total).toBe(23);
    const second = await list(club, { take: 10, search: 'ana souza', after: first.nextCursor! });
    const third = await list(club, { take: 10, search: 'ana souza', after: second.nextCursor! });
    const ids = [first, second, third].flatMap((page) => page.items.map((item) => item.id));
    expect(new Set(ids).size).toBe(23);
    expect(third.nextCursor).toBeNull();
    // Back from the last page: the page before it, in the same order.
    const back = await list(club, { take: 10, search: 'ana souza', before: third.previousCursor! });
    expect(back.items.map((item) => item.id)).toEqual(second.items.map((item) => item.id));
    expect(back.total).toBe(23);
  }, 60_000);

  it('costs a deep page the round trips of the first', async () => {
    const club = await clubWith(names);
    const first = await list(club, { take: 5, search: 'souza' });
    const counter = countRoundTrips();
    try {
      const firstTrips = await counter.count(() => list(club, { take: 5, search: 'souza' }));
      const deepTrips = await counter.count(() =>
        list(club, { take: 5, search: 'souza', after: first.nextCursor! }),
      );
      expect(deepTrips).toBe(firstTrips);
      // The session check, then the page and its capped count in one statement.
      expect(firstTrips).toBe(2);
    } finally {
      counter.restore();
    }
  }, 60_000);

  it('refuses a cursor it did not make, with a clear message', async () => {
    const club = await clubWith(['Ana Souza']);
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/backoffice/associate/findAllPaginated?companyId=${club.companyId}&after=nao-e-um-cursor`,
      headers: club.headers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'ValidationError',
      details: [expect.objectContaining({ message: 'Cursor inválido' })],
    });
  });
});
