import { associateTitles, associates, type Database } from '@clube/db';
import type {
  AssociateImportChange,
  AssociateImportChangedField,
  AssociateImportReport,
} from '@clube/shared';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { AssociateRow } from './parse-associate-row';

/** A row of the file that passed its own checks, with its line. */
export type PendingRow = { line: number; row: AssociateRow };

/** What an import counts and lists as it checks the file. */
export type Counters = Omit<
  AssociateImportReport,
  'applied' | 'dryRun' | 'errorsTruncated' | 'changesTruncated'
>;

export type CheckState = {
  counters: Counters;
  reject: (line: number, reason: string) => void;
  recordChange: (change: AssociateImportChange) => void;
  newTitles: Set<string>;
};

/** A club's current record of a member, as far as an import row can change it. */
type ExistingAssociate = {
  id: string;
  cpf: string;
  name: string;
  email: string | null;
  cardId: string;
  associateTitleId: string;
  isHolder: boolean;
  birthDate: string;
  blocked: boolean;
};

/**
 * Checks a batch against the club's own records only: by CPF within this club, and the card must
 * be the same member's. A person's record in another club, and any staff account, are never read
 * or written here: a club controls its members' data and nothing else. Counts each row as created,
 * updated (listing the fields it changes) or unchanged, and answers the rows to write.
 */
export async function checkBatch(
  db: Database,
  options: { companyId: string; batch: PendingRow[]; state: CheckState },
): Promise<Array<PendingRow & { existing: boolean }>> {
  const { companyId, batch, state } = options;
  const existing: ExistingAssociate[] = await db
    .select({
      id: associates.id,
      cpf: associates.cpf,
      name: associates.name,
      email: associates.email,
      cardId: associates.cardId,
      associateTitleId: associates.associateTitleId,
      isHolder: associates.isHolder,
      birthDate: associates.birthDate,
      blocked: associates.blocked,
    })
    .from(associates)
    .where(
      and(
        eq(associates.companyId, companyId),
        or(
          inArray(
            associates.cpf,
            batch.map(({ row }) => row.cpf),
          ),
          inArray(
            associates.cardId,
            batch.map(({ row }) => row.cardId),
          ),
        ),
      ),
    );
  const byCpf = new Map(existing.map((row) => [row.cpf, row]));
  const byCard = new Map(existing.map((row) => [row.cardId, row]));

  // A row names one member by CPF and card at once: both must point at the same record (or at
  // none, for a new member). Anything else would move a card, and its bookings, to someone else.
  const accepted: Array<PendingRow & { current: ExistingAssociate | undefined }> = [];
  for (const { line, row } of batch) {
    const ofCpf = byCpf.get(row.cpf);
    const ofCard = byCard.get(row.cardId);
    if (ofCard && ofCard.cpf !== row.cpf) {
      state.reject(line, `Carteirinha ${row.cardId} já pertence a outro associado deste clube`);
      continue;
    }
    if (ofCpf && ofCpf.cardId !== row.cardId) {
      state.reject(line, `CPF já vinculado à carteirinha ${ofCpf.cardId} neste clube`);
      continue;
    }
    accepted.push({ line, row, current: ofCpf });
  }
  if (accepted.length === 0) return [];

  const names = [...new Set(accepted.map(({ row }) => row.title))];
  const titles = await db
    .select({ id: associateTitles.id, name: associateTitles.name })
    .from(associateTitles)
    .where(and(eq(associateTitles.companyId, companyId), inArray(associateTitles.name, names)));
  const titleIds = new Map(titles.map((title) => [title.name, title.id]));
  for (const name of names) if (!titleIds.has(name)) state.newTitles.add(name);

  const toWrite: Array<PendingRow & { existing: boolean }> = [];
  for (const { line, row, current } of accepted) {
    if (!current) {
      state.counters.created += 1;
      toWrite.push({ line, row, existing: false });
      continue;
    }
    const fields = changedFields(current, {
      name: row.name,
      // A file without an e-mail column (or cell) keeps the e-mail the club already has.
      email: row.email ?? current.email,
      associateTitleId: titleIds.get(row.title),
      isHolder: row.isHolder,
      birthDate: row.birthDate,
      blocked: row.blocked ?? current.blocked,
    });
    if (fields.length === 0) {
      state.counters.unchanged += 1;
      continue;
    }
    state.counters.updated += 1;
    state.recordChange({ line, cardId: row.cardId, name: row.name, fields });
    toWrite.push({ line, row, existing: true });
  }
  return toWrite;
}

/** The fields of a member an import row would change, named as in the preview. */
function changedFields(
  current: ExistingAssociate,
  next: Pick<ExistingAssociate, 'name' | 'email' | 'isHolder' | 'birthDate' | 'blocked'> & {
    /** Undefined: a title the club does not have yet. */
    associateTitleId: string | undefined;
  },
): AssociateImportChangedField[] {
  const fields: AssociateImportChangedField[] = [];
  if (current.name !== next.name) fields.push('name');
  if (current.email !== next.email) fields.push('email');
  if (current.associateTitleId !== next.associateTitleId) fields.push('title');
  if (current.isHolder !== next.isHolder) fields.push('isHolder');
  if (current.birthDate !== next.birthDate) fields.push('birthDate');
  if (current.blocked !== next.blocked) fields.push('blocked');
  return fields;
}
