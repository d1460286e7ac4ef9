import { associateTitles, associates, companies, type Database } from '@clube/db';
import { ageOn, clubToday, type Associate, type associateCardParamsSchema } from '@clube/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';

async function findAssociate(
  db: Database,
  where: SQL | undefined,
  companyIds: ReadonlySet<string>,
): Promise<Associate> {
  if (companyIds.size === 0) throw new AppError('AssociateNotFound');
  const [row] = await db
    .select({
      associate: associates,
      user: {
        name: associates.name,
        cpf: associates.cpf,
        email: associates.email,
        phone: associates.phone,
      },
      title: associateTitles,
      timezone: companies.timezone,
      portalAccess: sql<boolean>`${associates.passwordHash} is not null`,
      // The title's other members in the same statement: the page shows them beside the member.
      titleMembers: sql<Associate['titleMembers']>`(
        select coalesce(
          json_agg(
            json_build_object('id', m.id, 'name', m.name, 'cardId', m.card_id, 'isHolder', m.is_holder)
            order by m.is_holder desc, m.search_name, m.id
          ),
          '[]'::json
        )
        from associates m
        where m.associate_title_id = ${associates.associateTitleId} and m.id <> ${associates.id}
      )`,
    })
    .from(associates)
    .innerJoin(associateTitles, eq(associateTitles.id, associates.associateTitleId))
    .innerJoin(companies, eq(companies.id, associates.companyId))
    .where(and(where, inArray(associates.companyId, [...companyIds])));
  // Another club's associate answers exactly like a missing one.
  if (!row) throw new AppError('AssociateNotFound');
  const { associate, user, title } = row;
  return {
    id: associate.id,
    companyId: associate.companyId,
    cardId: associate.cardId,
    user,
    associateTitleId: associate.associateTitleId,
    associateTitle: {
      id: title.id,
      name: title.name,
      blocked: title.blocked,
      blockedReason: title.blockedReason,
    },
    isHolder: associate.isHolder,
    birthDate: associate.birthDate,
    age: ageOn(associate.birthDate, clubToday(row.timezone)),
    blocked: associate.blocked,
    blockedReason: associate.blockedReason,
    portalAccess: row.portalAccess,
    titleMembers: row.titleMembers,
    createdAt: associate.createdAt.toISOString(),
    updatedAt: associate.updatedAt.toISOString(),
  };
}

/** One associate of the clubs the caller works in. */
export function getAssociateById(
  db: Database,
  options: { companyIds: ReadonlySet<string>; id: string },
) {
  return findAssociate(db, eq(associates.id, options.id), options.companyIds);
}

export type GetAssociateByCardOptions = {
  /** The clubs the caller works in. */
  companyIds: ReadonlySet<string>;
} & z.output<typeof associateCardParamsSchema>;

/** The associate holding a card number in one club (the booking dialog's look-up). */
export function getAssociateByCard(db: Database, options: GetAssociateByCardOptions) {
  const { companyIds, cardId, companyId } = options;
  if (!companyIds.has(companyId)) throw new AppError('AssociateNotFound');
  return findAssociate(
    db,
    and(eq(associates.companyId, companyId), eq(associates.cardId, cardId)),
    companyIds,
  );
}
