import { associateTitles, associates, type Database } from '@clube/db';
import { stripCpf, type AssociateList, type associateListQuerySchema } from '@clube/shared';
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
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
  if (!isNumberTerm(term)) return matchingIds(byName);
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
 */
export async function listAssociates(
  db: Database,
  options: ListAssociatesOptions,
): Promise<AssociateList> {
  const term = options.search?.trim();
  if (term && isNumberTerm(term)) {
    const digits = stripCpf(term);
    const exact = await pageOf(
      db,
      options,
      sql`(${associates.cardId} = ${digits} or ${associates.cpf} = ${digits})`,
    );
    if (exact.total > 0) return exact;
  }
  return pageOf(
    db,
    options,
    term ? searchCondition(options.companyId, term) : undefined,
    Boolean(term),
  );
}

async function pageOf(
  db: Database,
  options: ListAssociatesOptions,
  match: SQL | undefined,
  search = match !== undefined,
): Promise<AssociateList> {
  const where = and(
    eq(associates.companyId, options.companyId),
    options.associateTitleId
      ? eq(associates.associateTitleId, options.associateTitleId)
      : undefined,
    options.isHolder === undefined ? undefined : eq(associates.isHolder, options.isHolder),
    match,
  );
  const page = db
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
      createdAt: associates.createdAt,
      updatedAt: associates.updatedAt,
      // A search sorts all of its matches anyway: counting them in the same pass saves running
      // the search a second time (the unfiltered list keeps its index walk and counts apart).
      matches: search ? sql<number>`count(*) over ()`.mapWith(Number) : sql<null>`null`,
    })
    .from(associates)
    .innerJoin(associateTitles, eq(associateTitles.id, associates.associateTitleId))
    .where(where)
    .orderBy(...portugueseOrder)
    .limit(options.take)
    .offset(options.skip);
  // Every filter is on associates (the search is a subquery of ids): no join to count.
  const countAll = async () =>
    (await db.select({ total: count() }).from(associates).where(where))[0]?.total ?? 0;
  let rows: Awaited<typeof page>;
  let total: number;
  if (search) {
    rows = await page;
    // A page past the last match has no row to carry the count.
    total = rows[0]?.matches ?? (options.skip > 0 ? await countAll() : 0);
  } else {
    [rows, total] = await Promise.all([page, countAll()]);
  }
  return {
    items: rows.map(({ matches: _matches, ...row }) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    total,
  };
}
