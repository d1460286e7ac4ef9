import { randomUUID } from 'node:crypto';
import { appointments, auditEvents, associates, refreshTokens } from '@clube/db';
import { formatCpf } from '@clube/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifyPassword } from '../../../src/lib/password';
import {
  bearerFor,
  createAssociate,
  createClubWithStaff,
  createPlace,
  createTitle,
  createClubWithBearer,
} from '../../factories';
import { build } from '../../helper';

const context = build();

const api = '/api/backoffice';
const request = (
  method: 'GET' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => context.app.inject({ method, url: `${api}${url}`, headers, payload: payload as never });

/** Two clubs, each with staff; the first has a few associates to search. */
async function setUp() {
  const db = context.db;
  const mine = await createClubWithStaff(db, { name: 'Meu Clube' });
  const theirs = await createClubWithStaff(db, { name: 'Outro Clube' });
  const headers = await bearerFor(context.app, mine.staff.cpf);
  const theirHeaders = await bearerFor(context.app, theirs.staff.cpf);
  const family = await createTitle(db, mine.company.id, { name: 'Título 0001' });
  const joao = await createAssociate(db, mine.company.id, {
    name: 'João Araújo',
    associateTitleId: family.id,
    isHolder: true,
    cardId: '700123',
  });
  const maria = await createAssociate(db, mine.company.id, {
    name: 'Maria Araújo',
    associateTitleId: family.id,
    isHolder: false,
    cardId: '700124',
  });
  const beto = await createAssociate(db, mine.company.id, { name: 'Beto Lima', cardId: '880001' });
  const foreign = await createAssociate(db, theirs.company.id, {
    name: 'João Estrangeiro',
    cardId: '700123',
  });
  return { mine, theirs, headers, theirHeaders, family, joao, maria, beto, foreign };
}

const namesOf = (body: { items: Array<{ user: { name: string } }> }) =>
  body.items.map((item) => item.user.name);

describe('GET /associate/findAllPaginated', () => {
  it('lists the club associates by name with the fields the table needs', async () => {
    const { mine, headers, joao, family } = await setUp();
    const response = await request(
      'GET',
      `/associate/findAllPaginated?companyId=${mine.company.id}`,
      headers,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.total).toBe(3);
    expect(namesOf(body)).toEqual(['Beto Lima', 'João Araújo', 'Maria Araújo']);
    expect(body.items[1]).toEqual({
      id: joao.id,
      user: { name: 'João Araújo', cpf: joao.user.cpf },
      birthDate: '1990-05-10',
      cardId: '700123',
      associateTitle: { id: family.id, name: 'Título 0001', blocked: false },
      isHolder: true,
      blocked: false,
      portalAccess: false,
      createdAt: expect.stringMatching(/Z$/),
      updatedAt: expect.stringMatching(/Z$/),
    });
  });

  it('pages with take and skip, stable by name then id, and past the end answers no items', async () => {
    const db = context.db;
    const { company, headers } = await createClubWithBearer(context.app);
    // Same names: the id breaks the tie so pages never repeat or skip anyone.
    for (let index = 0; index < 5; index += 1)
      await createAssociate(db, company.id, { name: 'Igual' });
    const url = (query: string) => `/associate/findAllPaginated?companyId=${company.id}&${query}`;
    const all = (await request('GET', url('take=5'), headers)).json();
    const first = (await request('GET', url('take=2&skip=0'), headers)).json();
    const second = (await request('GET', url('take=2&skip=2'), headers)).json();
    const third = (await request('GET', url('take=2&skip=4'), headers)).json();
    const ids = [...first.items, ...second.items, ...third.items].map((item) => item.id);
    expect(ids).toEqual(all.items.map((item: { id: string }) => item.id));
    expect(third.items).toHaveLength(1);
    const past = (await request('GET', url('take=2&skip=50'), headers)).json();
    expect(past).toEqual({
      items: [],
      total: 5,
      nextCursor: null,
      previousCursor: null,
    });
  });

  it('defaults take to 100 and refuses take 0, 101, negative skip and a missing club', async () => {
    const db = context.db;
    const { company, headers } = await createClubWithBearer(context.app);
    for (let index = 0; index < 101; index += 1)
      await createAssociate(db, company.id, {
        name: `Associado ${String(index).padStart(3, '0')}`,
      });
    const base = `/associate/findAllPaginated?companyId=${company.id}`;
    const page = (await request('GET', base, headers)).json();
    expect(page.items).toHaveLength(100);
    expect(page.total).toBe(101);
    for (const query of ['&take=0', '&take=101', '&skip=-1', '&take=abc']) {
      const response = await request('GET', `${base}${query}`, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: 'ValidationError',
        details: [expect.objectContaining({ in: 'querystring' })],
      });
    }
    const withoutClub = await request('GET', '/associate/findAllPaginated', headers);
    expect(withoutClub.statusCode).toBe(400);
  });

  it('filters by title, holder flag and user', async () => {
    const { mine, headers, family, joao, maria } = await setUp();
    const base = `/associate/findAllPaginated?companyId=${mine.company.id}`;
    const byTitle = (await request('GET', `${base}&associateTitleId=${family.id}`, headers)).json();
    expect(namesOf(byTitle)).toEqual(['João Araújo', 'Maria Araújo']);
    const holders = (
      await request('GET', `${base}&associateTitleId=${family.id}&isHolder=true`, headers)
    ).json();
    expect(namesOf(holders)).toEqual(['João Araújo']);
    const dependants = (await request('GET', `${base}&isHolder=false`, headers)).json();
    expect(namesOf(dependants)).toEqual(['Maria Araújo']);
    expect(joao.id).not.toBe(maria.id);
    const bad = await request('GET', `${base}&isHolder=talvez`, headers);
    expect(bad.statusCode).toBe(400);
  });

  it('searches the name by substring ignoring case and accents', async () => {
    const { mine, headers } = await setUp();
    const search = async (term: string) =>
      namesOf(
        (
          await request(
            'GET',
            `/associate/findAllPaginated?companyId=${mine.company.id}&search=${encodeURIComponent(term)}`,
            headers,
          )
        ).json(),
      );
    expect(await search('joao')).toEqual(['João Araújo']);
    expect(await search('JOÃO')).toEqual(['João Araújo']);
    expect(await search('araujo')).toEqual(['João Araújo', 'Maria Araújo']);
    expect(await search('ria ará')).toEqual(['Maria Araújo']);
    // LIKE wildcards in the term are plain characters.
    expect(await search('%')).toEqual([]);
    expect(await search('zzz')).toEqual([]);
  });

  it('finds every word of the search in any order: "joao pereira" finds "João Carlos Pereira"', async () => {
    const { mine, headers } = await setUp();
    await createAssociate(context.db, mine.company.id, { name: 'João Carlos Pereira' });
    const search = async (term: string) =>
      namesOf(
        (
          await request(
            'GET',
            `/associate/findAllPaginated?companyId=${mine.company.id}&search=${encodeURIComponent(term)}`,
            headers,
          )
        ).json(),
      );
    expect(await search('joao pereira')).toEqual(['João Carlos Pereira']);
    expect(await search('PEREIRA  joão')).toEqual(['João Carlos Pereira']);
    expect(await search('joao')).toEqual(['João Araújo', 'João Carlos Pereira']);
    expect(await search('joao lima')).toEqual([]);
    // Punctuation as a list prints names ("Pereira, João") or a pasted "Pereira," still finds them.
    expect(await search('Pereira,')).toEqual(['João Carlos Pereira']);
    expect(await search('Pereira, João.')).toEqual(['João Carlos Pereira']);
  });

  it("sorts in Portuguese order: João before José, Íris among the I's", async () => {
    const db = context.db;
    const club = await createClubWithBearer(context.app);
    const { headers } = club;
    for (const name of [
      'José Alves',
      'Ivo Souza',
      'João Alves',
      'Íris Nunes',
      'Jorge Reis',
      'Igor Dias',
    ])
      await createAssociate(db, club.company.id, { name });
    const listed = await request(
      'GET',
      `/associate/findAllPaginated?companyId=${club.company.id}`,
      headers,
    );
    expect(namesOf(listed.json())).toEqual([
      'Igor Dias',
      'Íris Nunes',
      'Ivo Souza',
      'João Alves',
      'Jorge Reis',
      'José Alves',
    ]);
  });

  it('counts every match of a search, on its pages and past its last page', async () => {
    const { mine, headers } = await setUp();
    const page = async (skip: number) =>
      (
        await request(
          'GET',
          `/associate/findAllPaginated?companyId=${mine.company.id}&search=araujo&take=1&skip=${skip}`,
          headers,
        )
      ).json();
    expect(await page(0)).toMatchObject({ total: 2, items: [{ user: { name: 'João Araújo' } }] });
    expect(await page(1)).toMatchObject({ total: 2, items: [{ user: { name: 'Maria Araújo' } }] });
    expect(await page(5)).toEqual({
      items: [],
      total: 2,
      nextCursor: null,
      previousCursor: null,
    });
    const none = await request(
      'GET',
      `/associate/findAllPaginated?companyId=${mine.company.id}&search=zzz`,
      headers,
    );
    expect(none.json()).toEqual({
      items: [],
      total: 0,
      nextCursor: null,
      previousCursor: null,
    });
  });

  it('searches the cpf with or without mask, and the card number', async () => {
    const { mine, headers, maria } = await setUp();
    const search = async (term: string) =>
      (
        await request(
          'GET',
          `/associate/findAllPaginated?companyId=${mine.company.id}&search=${encodeURIComponent(term)}`,
          headers,
        )
      )
        .json()
        .items.map((item: { id: string }) => item.id);
    expect(await search(maria.user.cpf)).toEqual([maria.id]);
    expect(await search(formatCpf(maria.user.cpf))).toEqual([maria.id]);
    expect(await search(formatCpf(maria.user.cpf).slice(0, 7))).toContain(maria.id);
    expect(await search('700124')).toEqual([maria.id]);
  });

  it('answers a card number or CPF typed whole with its member alone, a part of one with every match', async () => {
    const { mine, headers, joao, maria } = await setUp();
    // Its card holds another's whole card number inside it.
    const ana = await createAssociate(context.db, mine.company.id, {
      name: 'Ana Souza',
      cardId: '1700123',
    });
    const search = async (term: string, extra = '') => {
      const body = (
        await request(
          'GET',
          `/associate/findAllPaginated?companyId=${mine.company.id}&search=${encodeURIComponent(term)}${extra}`,
          headers,
        )
      ).json();
      return { ids: body.items.map((item: { id: string }) => item.id), total: body.total };
    };
    // The whole card of João (of this club, not the other club's same number): him alone.
    expect(await search('700123')).toEqual({ ids: [joao.id], total: 1 });
    expect(await search(' 1700123 ')).toEqual({ ids: [ana.id], total: 1 });
    expect(await search(formatCpf(maria.user.cpf))).toEqual({ ids: [maria.id], total: 1 });
    // A part of a number is no card nor CPF: every card that holds it.
    expect((await search('70012')).ids.sort()).toEqual([ana.id, joao.id, maria.id].sort());
    // The other filters still apply to the exact match.
    expect(await search('700123', '&isHolder=false')).toEqual({ ids: [], total: 0 });
  });

  it('finds a card of letters and digits typed whole in any case, or a part of it', async () => {
    const { mine, headers, joao } = await setUp();
    const lettered = await createAssociate(context.db, mine.company.id, {
      name: 'Carla Brito',
      cardId: 'BR00001',
    });
    const other = await createAssociate(context.db, mine.company.id, {
      name: 'Davi Brito',
      cardId: 'BR00002',
    });
    const search = async (term: string) => {
      const body = (
        await request(
          'GET',
          `/associate/findAllPaginated?companyId=${mine.company.id}&search=${encodeURIComponent(term)}`,
          headers,
        )
      ).json();
      return { ids: body.items.map((item: { id: string }) => item.id), total: body.total };
    };
    expect(await search('br00001')).toEqual({ ids: [lettered.id], total: 1 });
    expect(await search('BR00001')).toEqual({ ids: [lettered.id], total: 1 });
    expect((await search('br0000')).ids.sort()).toEqual([lettered.id, other.id].sort());
    // A name is still a name.
    expect((await search('brito')).ids.sort()).toEqual([lettered.id, other.id].sort());
    expect((await search('700123')).ids).toEqual([joao.id]);
    const byCard = await request(
      'GET',
      `/associate/cardId/br00001/companyId/${mine.company.id}`,
      headers,
    );
    expect(byCard.statusCode).toBe(200);
    expect(byCard.json()).toMatchObject({ id: lettered.id, cardId: 'BR00001' });
  });

  it('finds a member by the new name once it changed (the stored search column follows it)', async () => {
    const { mine, headers, beto } = await setUp();
    await context.db.execute(
      sql`update associates set name = 'Roberto Íñiguez' where id = ${beto.id}`,
    );
    const found = await request(
      'GET',
      `/associate/findAllPaginated?companyId=${mine.company.id}&search=iniguez`,
      headers,
    );
    expect(namesOf(found.json())).toEqual(['Roberto Íñiguez']);
  });

  it('answers 404 for a club of somebody else, even with a valid id', async () => {
    const { theirs, headers } = await setUp();
    const response = await request(
      'GET',
      `/associate/findAllPaginated?companyId=${theirs.company.id}`,
      headers,
    );
    expect(response.statusCode).toBe(404);
  });
});

describe('GET /associate/id/{id} and /associate/cardId/{cardId}/companyId/{companyId}', () => {
  it('answers the associate with user, title and age', async () => {
    const { headers, joao, family, mine } = await setUp();
    const response = await request('GET', `/associate/id/${joao.id}`, headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: joao.id,
      companyId: mine.company.id,
      cardId: '700123',
      user: { name: 'João Araújo', cpf: joao.user.cpf, email: null },
      associateTitleId: family.id,
      associateTitle: { id: family.id, name: 'Título 0001', blocked: false },
      isHolder: true,
      birthDate: '1990-05-10',
      blocked: false,
    });
    expect(response.json().age).toBeGreaterThanOrEqual(35);

    const byCard = await request(
      'GET',
      `/associate/cardId/700123/companyId/${mine.company.id}`,
      headers,
    );
    expect(byCard.statusCode).toBe(200);
    expect(byCard.json()).toMatchObject({ id: joao.id, user: { name: 'João Araújo' } });
  });

  it("says whether the member has a portal password, and lists the title's other members", async () => {
    const { headers, joao, maria, beto } = await setUp();
    const before = (await request('GET', `/associate/id/${joao.id}`, headers)).json();
    expect(before.portalAccess).toBe(false);
    expect(before.titleMembers).toEqual([
      { id: maria.id, name: 'Maria Araújo', cardId: '700124', isHolder: false },
    ]);
    expect((await request('GET', `/associate/id/${beto.id}`, headers)).json().titleMembers).toEqual(
      [],
    );
    const set = await request('PATCH', '/associate/update-password', headers, {
      associateId: joao.id,
      newPassword: 'segredo123',
    });
    expect(set.statusCode).toBe(200);
    const after = (await request('GET', `/associate/id/${joao.id}`, headers)).json();
    expect(after.portalAccess).toBe(true);
    const fromMaria = (await request('GET', `/associate/id/${maria.id}`, headers)).json();
    expect(fromMaria.titleMembers).toEqual([
      { id: joao.id, name: 'João Araújo', cardId: '700123', isHolder: true },
    ]);
  });

  it('answers 404 for another club, a missing id or card, and 400 for malformed ones', async () => {
    const { headers, theirHeaders, foreign, joao, mine, theirs } = await setUp();
    const responses = [
      await request('GET', `/associate/id/${foreign.id}`, headers),
      await request('GET', `/associate/id/${joao.id}`, theirHeaders),
      await request('GET', '/associate/id/00000000-0000-4000-8000-000000000000', headers),
      await request('GET', `/associate/cardId/700123/companyId/${theirs.company.id}`, headers),
      await request('GET', `/associate/cardId/999999/companyId/${mine.company.id}`, headers),
      await request('GET', `/associate/id/${foreign.id}/appointments-summary`, headers),
    ];
    for (const response of responses) expect(response.statusCode).toBe(404);
    expect(responses[0]!.json()).toMatchObject({ error: 'AssociateNotFound' });
    expect((await request('GET', '/associate/id/nope', headers)).statusCode).toBe(400);
    const badCard = await request(
      'GET',
      `/associate/cardId/12-ab/companyId/${mine.company.id}`,
      headers,
    );
    expect(badCard.statusCode).toBe(400);
  });
});

describe('PATCH /associate/update-password', () => {
  it('stores an argon2id hash on the membership, ends its portal sessions and audits without the password', async () => {
    const { headers, joao } = await setUp();
    const db = context.db;
    const first = await request('PATCH', '/associate/update-password', headers, {
      associateId: joao.id,
      newPassword: 'antiga1',
    });
    expect(first.statusCode).toBe(200);
    await db.insert(refreshTokens).values({
      associateId: joao.id,
      familyId: randomUUID(),
      tokenHash: 'a-portal-session',
      expiresAt: new Date(Date.now() + 86_400_000),
    });

    const response = await request('PATCH', '/associate/update-password', headers, {
      associateId: joao.id,
      newPassword: 'nova-senha',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const [associate] = await db.select().from(associates).where(eq(associates.id, joao.id));
    expect(associate!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(associate!.passwordHash!, 'nova-senha')).toBe(true);
    expect(await verifyPassword(associate!.passwordHash!, 'antiga1')).toBe(false);
    const open = await db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.associateId, joao.id), isNull(refreshTokens.revokedAt)));
    expect(open).toHaveLength(0);

    const audits = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entityId, joao.id), eq(auditEvents.action, 'associate.update-password')),
      );
    expect(audits).toHaveLength(2);
    expect(JSON.stringify(audits)).not.toContain('nova-senha');
  });

  it('refuses an empty or short password with field details', async () => {
    const { headers, joao } = await setUp();
    for (const newPassword of ['', '12345']) {
      const response = await request('PATCH', '/associate/update-password', headers, {
        associateId: joao.id,
        newPassword,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([
        expect.objectContaining({ in: 'body', path: 'newPassword' }),
      ]);
    }
  });

  it('answers 404 for an associate of another club and changes nothing', async () => {
    const { headers, foreign } = await setUp();
    const response = await request('PATCH', '/associate/update-password', headers, {
      associateId: foreign.id,
      newPassword: 'qualquer-uma',
    });
    expect(response.statusCode).toBe(404);
    const [associate] = await context.db
      .select()
      .from(associates)
      .where(eq(associates.id, foreign.id));
    expect(associate!.passwordHash).toBeNull();
  });
});

describe('blocking associates and titles', () => {
  it('blocks with a reason, unblocks, and audits both with the reason', async () => {
    const { headers, joao } = await setUp();
    const blocked = await request('PATCH', `/associate/${joao.id}/block`, headers, {
      blocked: true,
      reason: 'Mensalidade em atraso',
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ blocked: true, blockedReason: 'Mensalidade em atraso' });
    const unblocked = await request('PATCH', `/associate/${joao.id}/block`, headers, {
      blocked: false,
      reason: 'Pagamento em dia',
    });
    expect(unblocked.json()).toMatchObject({ blocked: false, blockedReason: null });
    const audits = await context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, joao.id));
    expect(audits.map((event) => [event.action, event.data])).toEqual([
      ['associate.block', { reason: 'Mensalidade em atraso', after: { blocked: true } }],
      ['associate.unblock', { reason: 'Pagamento em dia', after: { blocked: false } }],
    ]);
  });

  it('requires a reason to block', async () => {
    const { headers, joao, family } = await setUp();
    for (const url of [`/associate/${joao.id}/block`, `/associate-title/${family.id}/block`]) {
      const response = await request('PATCH', url, headers, { blocked: true, reason: '  ' });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual([expect.objectContaining({ path: 'reason' })]);
    }
    const [row] = await context.db.select().from(associates).where(eq(associates.id, joao.id));
    expect(row!.blocked).toBe(false);
  });

  it('blocks a title, shows it on its associates, and lists the club titles', async () => {
    const { headers, family, joao, mine } = await setUp();
    const response = await request('PATCH', `/associate-title/${family.id}/block`, headers, {
      blocked: true,
      reason: 'Título suspenso',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: family.id,
      name: 'Título 0001',
      blocked: true,
      blockedReason: 'Título suspenso',
    });
    const associate = (await request('GET', `/associate/id/${joao.id}`, headers)).json();
    expect(associate.associateTitle).toMatchObject({
      blocked: true,
      blockedReason: 'Título suspenso',
    });
    const [audit] = await context.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, family.id));
    expect(audit).toMatchObject({
      action: 'associate-title.block',
      data: { reason: 'Título suspenso' },
    });

    const titles = (
      await request('GET', `/associate-title/company/${mine.company.id}`, headers)
    ).json();
    expect(titles.items.map((title: { name: string }) => title.name)).toContain('Título 0001');
    expect(titles.items).toHaveLength(2);
  });

  it('answers 404 for the associate or title of another club and changes nothing', async () => {
    const { theirHeaders, joao, family, mine } = await setUp();
    const payload = { blocked: true, reason: 'Tentativa' };
    expect(
      (await request('PATCH', `/associate/${joao.id}/block`, theirHeaders, payload)).statusCode,
    ).toBe(404);
    expect(
      (await request('PATCH', `/associate-title/${family.id}/block`, theirHeaders, payload))
        .statusCode,
    ).toBe(404);
    expect(
      (await request('GET', `/associate-title/company/${mine.company.id}`, theirHeaders))
        .statusCode,
    ).toBe(404);
    const [row] = await context.db.select().from(associates).where(eq(associates.id, joao.id));
    expect(row!.blocked).toBe(false);
  });
});

describe('GET /associate/id/{id}/appointments-summary', () => {
  it('lists upcoming and past bookings and counts this month per place for the title', async () => {
    const { headers, joao, maria, mine } = await setUp();
    const db = context.db;
    const place = await createPlace(db, mine.company.id, {
      name: 'Quadra 1',
      associateReservationLimit: 4,
    });
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    const book = (
      associate: typeof joao,
      startsIn: number,
      status: 'SCHEDULED' | 'CANCELLED' = 'SCHEDULED',
    ) => ({
      companyId: mine.company.id,
      placeId: place.id,
      associateId: associate.id,
      associateTitleId: associate.associateTitleId,
      startsAt: new Date(now + startsIn),
      endsAt: new Date(now + startsIn + hour),
      status,
      cancelledAt: status === 'CANCELLED' ? new Date() : null,
    });
    await db
      .insert(appointments)
      .values([
        book(joao, 2 * hour),
        book(joao, 3 * hour, 'CANCELLED'),
        book(maria, 4 * hour),
        book(joao, -400 * 24 * hour),
      ]);
    const response = await request('GET', `/associate/id/${joao.id}/appointments-summary`, headers);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.upcoming).toHaveLength(1);
    expect(body.upcoming[0]).toMatchObject({ placeName: 'Quadra 1', status: 'SCHEDULED' });
    expect(body.recent).toHaveLength(1);
    expect(body.month).toMatch(/^\d{4}-\d{2}$/);
    const quota = body.quota.find((entry: { placeId: string }) => entry.placeId === place.id);
    // Joao's and Maria's upcoming bookings share the title; whether both fall in this month
    // depends on the clock, so count what this month really holds.
    expect(quota.limit).toBe(4);
    expect(quota.used).toBeGreaterThanOrEqual(0);
    expect(quota.used).toBeLessThanOrEqual(2);
  });
});
