import { associateTitles, associates, queryRows, type Database } from '@clube/db';
import {
  encodeAssociateCursor,
  normalizeCardId,
  stripCpf,
  type AssociateList,
  type associateListQuerySchema,
} from '@clube/shared';
import { and, asc, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';

export type ListAssociatesOptions = z.output<typeof associateListQuerySchema>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/**
 * `id = any(array(subquery))` makes PostgreSQL collect the matches once, then sort only them. With
 * `id in (subquery)` it may instead walk the name index and test member after member, unaccenting
 * each name again, until a page is full (measured on the benchmark's large club).
 */
const matchingIds = (ids: SQL): SQL => sql`${associates.id} = any(array(${ids}))`;

/**
 * The words of a search, each a separate condition: "joao pereira" finds "João Carlos Pereira".
 * Punctuation between or after words separates them too ("Pereira, João" as a list prints it);
 * apostrophes and hyphens stay, being part of names (D'Ávila, Ana-Maria).
 */
const wordsOf = (term: string) => term.split(/[\s,;.:!?()"]+/).filter(Boolean);

/** A term of digits and mask characters: a CPF or a card number, whole or in part. */
const isNumberTerm = (term: string) => /^[\d.\-/\s]+$/.test(term) && stripCpf(term) !== '';

/** One word of letters and digits together ("BR00001", "br12"): a card number, whole or in part. */
const isLetteredCardTerm = (term: string) =>
  /^[A-Za-z0-9]+$/.test(term) && /\d/.test(term) && /[A-Za-z]/.test(term);

/**
 * Every word of the term must appear in the name, in any order, ignoring case and accents; a term
 * made of digits and mask characters also matches cpf and card number. Each kind is its own
 * subquery (a UNION of ids) so each is served by its index — the trigram indexes on the stored
 * normalised name (`search_name`, migration 0013), cpf and card_id (one LIKE per word, combined
 * by a bitmap AND) or the (club, cpf) unique index for a whole cpf. One OR across the three
 * cannot use any of them and reads every member of the club.
 */
export function searchCondition(companyId: string, search: string): SQL | undefined {
  const term = search.trim();
  if (!term) return undefined;
  const ofClub = sql`${associates.companyId} = ${companyId}`;
  const nameHasEveryWord = sql.join(
    wordsOf(term).map(
      (word) =>
        sql`${associates.searchName} like '%' || search_normalize(${escapeLike(word)}) || '%'`,
    ),
    sql` and `,
  );
  const byName = sql`select ${associates.id} from ${associates} where ${ofClub} and ${nameHasEveryWord}`;
  if (isLetteredCardTerm(term)) {
    return matchingIds(sql`
      ${byName}
      union all
      select ${associates.id} from ${associates}
      where ${ofClub} and ${associates.cardId} like ${`%${escapeLike(normalizeCardId(term))}%`}`);
  }
  // A name alone is matched directly: the page reads the matches first, then sorts them (pageOf).
  if (!isNumberTerm(term)) return nameHasEveryWord;
  const digits = stripCpf(term);
  const pattern = `%${digits}%`;
  // A cpf has exactly 11 digits: 11 typed digits can only be the whole cpf.
  const cpfMatches =
    digits.length === 11
      ? sql`${associates.cpf} = ${digits}`
      : sql`${associates.cpf} like ${pattern}`;
  return matchingIds(sql`
    ${byName}
    union all
    select ${associates.id} from ${associates} where ${ofClub} and ${cpfMatches}
    union all
    select ${associates.id} from ${associates} where ${ofClub} and ${associates.cardId} like ${pattern}`);
}

/**
 * Portuguese order without depending on the server's collations (PGlite has no ICU): names
 * compare without case and accents first ("João" before "José", "Íris" among the I's), then as
 * written, then by id so pages never overlap. Migration 0013 indexes exactly this order.
 */
const portugueseOrder = [asc(associates.searchName), asc(associates.name), asc(associates.id)];

/**
 * A page of the club's associates in Portuguese name order.
 *
 * A number typed whole — the front desk's most common search, a card or a CPF — answers from the
 * club's unique indexes on card and CPF first: the member it names, alone. Only when no card or
 * CPF is exactly that number is it searched as a part of cards, CPFs and names (trigrams that
 * every card shares, far slower on a large club).
 *
 * Pages follow each other by keyset (`after` / `before` a row of the order, which the index on
 * (club, search_name, name, id) serves directly), so a deep page costs what the first one costs;
 * `skip` remains for clients that page by offset. The count is exact (staff follow a go-live of
 * thousands by it) and rides in the page's statement: an uncorrelated subquery over the club's
 * index, computed once.
 */
export async function listAssociates(
  db: Database,
  options: ListAssociatesOptions,
): Promise<AssociateList> {
  const term = options.search?.trim();
  // A card typed whole with its letters ("br00001") names one member, by the same unique index.
  const wholeNumber =
    term && !options.after && !options.before
      ? isLetteredCardTerm(term)
        ? sql`${associates.cardId} = ${normalizeCardId(term)}`
        : isNumberTerm(term)
          ? sql`(${associates.cardId} = ${stripCpf(term)} or ${associates.cpf} = ${stripCpf(term)})`
          : undefined
      : undefined;
  if (wholeNumber) {
    // A card and a CPF name at most two members: the page is the whole answer, counted as read.
    const { rows } = await pageOf(db, options, { match: wholeNumber, withCount: false });
    if (rows.length > 0) {
      return {
        items: rows.map(toItem),
        total: rows.length,
        nextCursor: null,
        previousCursor: null,
      };
    }
  }
  const match = term ? searchCondition(options.companyId, term) : undefined;
  if (options.before) {
    const earlier = await pageOf(db, options, { match, withCount: true });
    // Fewer rows than a page before the cursor: they are the start of the list, so the first page
    // answers (full, and with no page before it).
    if (earlier.rows.length < options.take) {
      return answerOf(
        await pageOf(db, { ...options, before: undefined, skip: 0 }, { match, withCount: true }),
        { ...options, before: undefined, skip: 0 },
        match,
        db,
      );
    }
    return answerOf(earlier, options, match, db);
  }
  return answerOf(await pageOf(db, options, { match, withCount: true }), options, match, db);
}

type Row = Awaited<ReturnType<typeof pageOf>>['rows'][number];

const keyOf = (row: Row) =>
  encodeAssociateCursor({ searchName: row.searchName, name: row.user.name, id: row.id });

function toItem({ searchName: _searchName, counted: _counted, ...row }: Row) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function answerOf(
  page: Awaited<ReturnType<typeof pageOf>>,
  options: ListAssociatesOptions,
  match: SQL | undefined,
  db: Database,
): Promise<AssociateList> {
  const { rows, hasMore } = page;
  const paged = Boolean(options.after) || Boolean(options.before) || options.skip > 0;
  // A page past the last match has no row to carry the count.
  const counted = rows[0]?.counted ?? (paged ? await countMatches(db, options, match) : 0);
  const first = rows[0];
  const last = rows.at(-1);
  return {
    items: rows.map(toItem),
    total: counted,
    // Read backwards, "more" lies before the page: a page after it exists (the cursor's own row).
    nextCursor: last && (options.before ? true : hasMore) ? keyOf(last) : null,
    previousCursor: first && (options.before ? hasMore : paged) ? keyOf(first) : null,
  };
}

/** The filters of the list (club, title, holder, portal access, search), without any paging. */
export function filtersOf(
  options: Pick<
    ListAssociatesOptions,
    'companyId' | 'associateTitleId' | 'isHolder' | 'portalAccess'
  >,
  match: SQL | undefined,
): SQL | undefined {
  return and(
    eq(associates.companyId, options.companyId),
    options.associateTitleId
      ? eq(associates.associateTitleId, options.associateTitleId)
      : undefined,
    options.isHolder === undefined ? undefined : eq(associates.isHolder, options.isHolder),
    options.portalAccess === undefined
      ? undefined
      : options.portalAccess
        ? isNotNull(associates.passwordHash)
        : isNull(associates.passwordHash),
    match,
  );
}

/** Every match, counted. */
const countOf = (where: SQL | undefined) =>
  sql<number>`(select count(*) from ${associates} where ${where})`.mapWith(Number);

async function countMatches(
  db: Database,
  options: ListAssociatesOptions,
  match: SQL | undefined,
): Promise<number> {
  const [row] = await db
    .select({ total: countOf(filtersOf(options, match)) })
    .from(sql`(select 1) one`);
  return row?.total ?? 0;
}

/**
 * One page (and one row more, to know whether another follows), in the list's order — read
 * backwards before a cursor — with the count of the matches carried by every row: a page
 * and its count in one statement (the count is an uncorrelated subquery, computed once).
 */
async function pageOf(
  db: Database,
  options: ListAssociatesOptions,
  { match, withCount }: { match: SQL | undefined; withCount: boolean },
) {
  if (match) return matchesPageOf(db, options, { match, withCount });
  const filters = filtersOf(options, match);
  const key = sql`(${associates.searchName}, ${associates.name}, ${associates.id})`;
  const cursor = options.after ?? options.before;
  const keyset = cursor
    ? sql`${key} ${sql.raw(options.after ? '>' : '<')} (${cursor.searchName}, ${cursor.name}, ${cursor.id}::uuid)`
    : undefined;
  const order = options.before
    ? [desc(associates.searchName), desc(associates.name), desc(associates.id)]
    : portugueseOrder;
  const rows = await db
    .select({
      id: associates.id,
      user: { name: associates.name, cpf: associates.cpf },
      birthDate: associates.birthDate,
      cardId: associates.cardId,
      associateTitle: {
        id: associateTitles.id,
        name: associateTitles.name,
        blocked: associateTitles.blocked,
      },
      isHolder: associates.isHolder,
      blocked: associates.blocked,
      portalAccess: sql<boolean>`${associates.passwordHash} is not null`,
      createdAt: associates.createdAt,
      updatedAt: associates.updatedAt,
      searchName: sql<string>`${associates.searchName}`,
      counted: withCount ? countOf(filters) : sql<null>`null`,
    })
    .from(associates)
    .innerJoin(associateTitles, eq(associateTitles.id, associates.associateTitleId))
    .where(and(filters, keyset))
    .orderBy(...order)
    .limit(options.take + 1)
    .offset(cursor ? 0 : options.skip);
  const hasMore = rows.length > options.take;
  const page = rows.slice(0, options.take);
  return { rows: options.before ? page.reverse() : page, hasMore };
}

type MatchRow = {
  id: string;
  name: string;
  cpf: string;
  birthDate: string;
  cardId: string;
  titleId: string;
  titleName: string;
  titleBlocked: boolean;
  isHolder: boolean;
  blocked: boolean;
  portalAccess: boolean;
  createdAt: Date | string;
  updatedAt: Date | string;
  searchName: string;
  counted: number | null;
};

/**
 * pageOf for a search: the matches are read first (each kind from its index, as few as the term
 * names), once, then counted and sorted for the page, and only the page's rows are joined to
 * their titles. Read in the list's order, a broad name ("Andr" on a club of 50 000 names 1 667)
 * joined every match to its title before keeping a hundred, and ran the match twice (the page and
 * its count).
 */
async function matchesPageOf(
  db: Database,
  options: ListAssociatesOptions,
  { match, withCount }: { match: SQL; withCount: boolean },
) {
  const cursor = options.after ?? options.before;
  const keyset = cursor
    ? sql`where (search_name, name, id) ${sql.raw(options.after ? '>' : '<')} (${cursor.searchName}, ${cursor.name}, ${cursor.id}::uuid)`
    : sql``;
  const direction = sql.raw(options.before ? 'desc' : 'asc');
  const count = withCount ? sql`(select count(*) from matched)::int` : sql`null::int`;
  const rows = await queryRows<MatchRow>(
    db,
    sql`with matched as materialized (
        select ${associates.id}, ${associates.searchName}, ${associates.name}
        from ${associates}
        where ${filtersOf(options, match)})
      select a.id, a.name, a.cpf, a.birth_date::text as "birthDate", a.card_id as "cardId",
        t.id as "titleId", t.name as "titleName", t.blocked as "titleBlocked",
        a.is_holder as "isHolder", a.blocked, a.password_hash is not null as "portalAccess",
        a.created_at as "createdAt",
        a.updated_at as "updatedAt", page.search_name as "searchName", ${count} as counted
      from (
        select id, search_name, name from matched ${keyset}
        order by search_name ${direction}, name ${direction}, id ${direction}
        limit ${options.take + 1} offset ${cursor ? 0 : options.skip}) page
      join associates a on a.id = page.id
      join associate_titles t on t.id = a.associate_title_id
      order by page.search_name ${direction}, page.name ${direction}, page.id ${direction}`,
  );
  const hasMore = rows.length > options.take;
  const page = rows.slice(0, options.take).map((row) => ({
    id: row.id,
    user: { name: row.name, cpf: row.cpf },
    birthDate: row.birthDate,
    cardId: row.cardId,
    associateTitle: { id: row.titleId, name: row.titleName, blocked: row.titleBlocked },
    isHolder: row.isHolder,
    blocked: row.blocked,
    portalAccess: row.portalAccess,
    createdAt: new Date(row.createdAt),
    updatedAt: new Date(row.updatedAt),
    searchName: row.searchName,
    counted: row.counted === null ? null : Number(row.counted),
  }));
  return { rows: options.before ? page.reverse() : page, hasMore };
}
