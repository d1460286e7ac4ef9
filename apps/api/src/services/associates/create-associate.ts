import { associateTitles, associates, companies, type Database } from '@clube/db';
import { clubToday, type createAssociateBodySchema } from '@clube/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';

export type CreateAssociateOptions = {
  actorUserId: string;
} & z.output<typeof createAssociateBodySchema>;

/**
 * Adds one member by hand, with the import's rules (the fields' shared schemas): CPF and card
 * unique in the club, a birth date not after the club's today, the title found by name or created.
 * Audited as `associate.create`. Answers the new member's id.
 */
export async function createAssociate(
  db: Database,
  options: CreateAssociateOptions,
): Promise<string> {
  const { actorUserId, companyId, title, ...fields } = options;
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ timezone: companies.timezone })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (!company) throw new AppError('CompanyNotFound');
    if (fields.birthDate > clubToday(company.timezone)) {
      throw new AppError('ValidationError', {
        details: [
          { in: 'body', path: 'birthDate', message: 'A data de nascimento está no futuro' },
        ],
      });
    }
    const [taken] = await tx
      .select({ cpf: associates.cpf, cardId: associates.cardId })
      .from(associates)
      .where(
        and(
          eq(associates.companyId, companyId),
          or(eq(associates.cpf, fields.cpf), eq(associates.cardId, fields.cardId)),
        ),
      )
      .limit(1);
    if (taken)
      throw new AppError(taken.cpf === fields.cpf ? 'AssociateCpfTaken' : 'AssociateCardTaken');
    await tx
      .insert(associateTitles)
      .values({ companyId, name: title })
      .onConflictDoNothing({ target: [associateTitles.companyId, associateTitles.name] });
    const [row] = await tx
      .insert(associates)
      .values({
        companyId,
        ...fields,
        associateTitleId: sql`(select ${associateTitles.id} from ${associateTitles}
          where ${associateTitles.companyId} = ${companyId} and ${associateTitles.name} = ${title})`,
      })
      .returning({ id: associates.id });
    await recordAudit(tx, {
      companyId,
      actorUserId,
      action: 'associate.create',
      entityType: 'associate',
      entityId: row!.id,
      associateId: row!.id,
      data: { after: { ...fields, title } },
    });
    return row!.id;
  });
}
