import { associateTitles, associates, users, type Database } from '@clube/db';
import { stripCpf, type AssociateList } from '@clube/shared';
import { and, asc, count, eq, or, sql, type SQL } from 'drizzle-orm';

export type ListAssociatesInput = {
  companyId: string;
  take: number;
  skip: number;
  userId?: string;
  associateTitleId?: string;
  isHolder?: boolean;
  search?: string;
};

const escapeLike = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/**
 * Name matches by substring, ignoring case and accents; a term made of digits and mask
 * characters also matches cpf and card number. Each branch is written so the trigram indexes of
 * migration 0002 (search_normalize(name), cpf, card_id) can serve it.
 */
export function searchCondition(search: string): SQL | undefined {
  const term = search.trim();
  if (!term) return undefined;
  const byName = sql`search_normalize(${users.name}) like '%' || search_normalize(${escapeLike(term)}) || '%'`;
  const digits = stripCpf(term);
  if (!digits || !/^[\d.\-/\s]+$/.test(term)) return byName;
  const pattern = `%${digits}%`;
  return or(byName, sql`${users.cpf} like ${pattern}`, sql`${associates.cardId} like ${pattern}`);
}

/** A page of the club's associates ordered by name (then id, so pages never overlap). */
export async function listAssociates(
  db: Database,
  input: ListAssociatesInput,
): Promise<AssociateList> {
  const where = and(
    eq(associates.companyId, input.companyId),
    input.userId ? eq(associates.userId, input.userId) : undefined,
    input.associateTitleId ? eq(associates.associateTitleId, input.associateTitleId) : undefined,
    input.isHolder === undefined ? undefined : eq(associates.isHolder, input.isHolder),
    input.search ? searchCondition(input.search) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: associates.id,
        user: { name: users.name, cpf: users.cpf },
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
      })
      .from(associates)
      .innerJoin(users, eq(users.id, associates.userId))
      .innerJoin(associateTitles, eq(associateTitles.id, associates.associateTitleId))
      .where(where)
      .orderBy(asc(users.name), asc(associates.id))
      .limit(input.take)
      .offset(input.skip),
    db
      .select({ total: count() })
      .from(associates)
      .innerJoin(users, eq(users.id, associates.userId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    total: counted?.total ?? 0,
  };
}
