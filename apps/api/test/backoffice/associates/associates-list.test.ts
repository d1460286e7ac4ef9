import { formatCpf } from '@clube/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createAssociate, createClubWithBearer } from '../../factories';
import { build } from '../../helper';
import { associatesScene, namesOf } from './associates-scene';

const context = build();
const { request, setUp } = associatesScene(context);

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
