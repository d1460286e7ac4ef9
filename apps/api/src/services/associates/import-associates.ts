import { setImmediate as nextTurn } from 'node:timers/promises';
import { associateTitles, associates, companies, type Database } from '@clube/db';
import {
  clubToday,
  type AssociateImportChange,
  type AssociateImportChangedField,
  type AssociateImportReport,
} from '@clube/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { parseAssociateRow, type AssociateRow } from './parse-associate-row';
import { openCsvRecords } from './read-csv-records';

export type ImportAssociatesOptions = {
  companyId: string;
  /** The CSV bytes (a file stream, an upload, or `Readable.from(text)`), read once. */
  source: AsyncIterable<Buffer | string>;
  /** Validate and count as if writing, then roll everything back. */
  dryRun?: boolean;
  /** Import the good rows even when some are rejected (default: all or nothing). */
  skipInvalid?: boolean;
  actorUserId: string | null;
  /** Rows per multi-row upsert (default 1000, 100 for a dry run); bounds the rows held at once. */
  batchSize?: number;
  onProgress?: (rowsRead: number) => void;
  /** Called with each batch's size before it is written (lets tests see the batching). */
  onBatch?: (size: number) => void;
};

export const importErrorsLimit = 1000;
const defaultBatchSize = 1000;
/**
 * A dry run checks each batch in its own transaction, during which other requests on the embedded
 * database wait: 100 rows keep that wait to tens of milliseconds (docs/performance.md).
 */
const dryRunBatchSize = 100;
const importBlockReason = 'Bloqueado na importação do cadastro';

type PendingRow = { line: number; row: AssociateRow };

class RollBack extends Error {}

type Counters = Omit<
  AssociateImportReport,
  'applied' | 'dryRun' | 'errorsTruncated' | 'changesTruncated'
>;

/**
 * One import at a time in this process. An import is long (seconds to minutes for a large club)
 * and, on the embedded database, holds its only connection while it writes; a second one would
 * only queue behind it and double the wait of every other request. It answers `ImportInProgress`
 * (409) at once instead.
 */
let importRunning = false;

/**
 * Brings a club's membership list in from CSV (header row; comma or semicolon; UTF-8 with or
 * without BOM, or Windows-1252; columns cpf,name,birthDate,cardId,title,isHolder[,email]
 * [,blocked]). A member is matched by CPF within the club, and a row whose card is another
 * member's is rejected with its line; unchanged rows are not rewritten and each update lists the
 * fields it changes; titles are created by name on first sight. The file is streamed and
 * written in batches of multi-row upserts, yielding to the event loop between two batches.
 *
 * An import is all or nothing by default: its batches are written inside one transaction, rolled
 * back when a row is bad and `skipInvalid` is off. That transaction is the only way to keep it
 * both atomic and invisible to others until it commits, and on the embedded database (PGlite,
 * one connection) every other request waits for it to end: a real import of a large file pauses
 * the server for as long as it writes (docs/reliability.md, docs/performance.md). A dry run needs
 * neither atomicity nor isolation — it writes nothing — so it does not hold one transaction: each
 * batch is checked in its own transaction, always rolled back, and requests queued on the
 * connection run between two batches. Checking a dry run's batches one by one gives the same
 * counts as the real import, because a file may name a CPF or a card only once; titles new to
 * the club are counted once by name.
 */
export async function importAssociates(
  db: Database,
  options: ImportAssociatesOptions,
): Promise<AssociateImportReport> {
  if (importRunning) throw new AppError('ImportInProgress');
  importRunning = true;
  try {
    return await runImport(db, options);
  } finally {
    importRunning = false;
  }
}

async function runImport(
  db: Database,
  options: ImportAssociatesOptions,
): Promise<AssociateImportReport> {
  const [company] = await db
    .select({ id: companies.id, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, options.companyId));
  if (!company) throw new AppError('CompanyNotFound');
  const today = clubToday(company.timezone);
  const batchSize = options.batchSize ?? (options.dryRun ? dryRunBatchSize : defaultBatchSize);
  const counters: Counters = {
    total: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    titlesCreated: 0,
    errors: [],
    changes: [],
  };
  const reject = (line: number, reason: string) => {
    counters.rejected += 1;
    if (counters.errors.length < importErrorsLimit) counters.errors.push({ line, reason });
  };
  const recordChange = (change: AssociateImportChange) => {
    if (counters.changes.length < importErrorsLimit) counters.changes.push(change);
  };
  // Line of the first occurrence of each card and CPF: a repeat in the file is an error.
  const cardLines = new Map<string, number>();
  const cpfLines = new Map<string, number>();
  const titleIds = new Map<string, string>();
  let applied = false;

  const records = await openCsvRecords(options.source);

  /** Validates the rows in file order and hands the good ones to `write`, a batch at a time. */
  const forEachBatch = async (write: (batch: PendingRow[]) => Promise<void>) => {
    let batch: PendingRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      options.onBatch?.(batch.length);
      await write(batch);
      batch = [];
      options.onProgress?.(counters.total);
      // Parsing and checking a batch is CPU on the server's one thread: let the requests that
      // arrived meanwhile be read and answered before the next one.
      await nextTurn();
    };
    try {
      for await (const { record, info } of records) {
        counters.total += 1;
        const line = info.lines;
        const parsed = parseAssociateRow(record, today);
        if (!parsed.ok) {
          reject(line, parsed.reason);
          continue;
        }
        const { row } = parsed;
        const cardLine = cardLines.get(row.cardId);
        if (cardLine !== undefined) {
          reject(line, `Carteirinha ${row.cardId} repetida no arquivo (linha ${cardLine})`);
          continue;
        }
        const cpfLine = cpfLines.get(row.cpf);
        if (cpfLine !== undefined) {
          reject(line, `CPF repetido no arquivo (linha ${cpfLine})`);
          continue;
        }
        cardLines.set(row.cardId, line);
        cpfLines.set(row.cpf, line);
        batch.push({ line, row });
        if (batch.length >= batchSize) await flush();
      }
    } catch (error) {
      const { code, lines, message } = error as {
        code?: unknown;
        lines?: number;
        message?: string;
      };
      if (typeof code !== 'string' || !code.startsWith('CSV_')) throw error;
      throw new AppError('CsvMalformed', {
        params: { line: lines ?? 1, reason: message ?? 'erro de leitura' },
      });
    }
    await flush();
  };

  if (options.dryRun) {
    const newTitles = new Set<string>();
    await forEachBatch(async (batch) => {
      try {
        await db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_bitmapscan = off`);
          // Titles a previous batch "created" were rolled back with it: start from the ones the
          // club really has, and remember by name which ones this file would add.
          const batchTitleIds = await existingTitles(tx, company.id, batch);
          const existing = new Set(batchTitleIds.keys());
          await writeBatch(tx, company.id, batch, {
            counters,
            reject,
            recordChange,
            titleIds: batchTitleIds,
          });
          for (const name of batchTitleIds.keys()) if (!existing.has(name)) newTitles.add(name);
          throw new RollBack();
        });
      } catch (error) {
        if (!(error instanceof RollBack)) throw error;
      }
      counters.titlesCreated = newTitles.size;
    });
  } else {
    try {
      await db.transaction(async (tx) => {
        // The look-ups below are exact matches on cpf and card number. Left free, PostgreSQL may
        // serve them from the trigram search indexes (bitmap scans only), whose cost grows with
        // every row the import adds; without bitmap scans it takes the unique b-tree indexes.
        await tx.execute(sql`set local enable_bitmapscan = off`);
        await forEachBatch((batch) =>
          writeBatch(tx, company.id, batch, { counters, reject, recordChange, titleIds }),
        );

        applied = counters.rejected === 0 || Boolean(options.skipInvalid);
        if (!applied) throw new RollBack();
        await recordAudit(tx, {
          companyId: company.id,
          actorUserId: options.actorUserId,
          action: 'associate.import',
          entityType: 'company',
          entityId: company.id,
          data: {
            total: counters.total,
            created: counters.created,
            updated: counters.updated,
            unchanged: counters.unchanged,
            rejected: counters.rejected,
            titlesCreated: counters.titlesCreated,
          },
        });
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
  }
  return {
    ...counters,
    applied,
    dryRun: Boolean(options.dryRun),
    errorsTruncated: counters.rejected > counters.errors.length,
    changesTruncated: counters.updated > counters.changes.length,
  };
}

/** The club's titles named by a batch, by name. */
async function existingTitles(tx: Database, companyId: string, batch: PendingRow[]) {
  const names = [...new Set(batch.map(({ row }) => row.title))];
  const found = await tx
    .select({ id: associateTitles.id, name: associateTitles.name })
    .from(associateTitles)
    .where(and(eq(associateTitles.companyId, companyId), inArray(associateTitles.name, names)));
  return new Map(found.map((title) => [title.name, title.id]));
}

type BatchState = {
  counters: Counters;
  reject: (line: number, reason: string) => void;
  recordChange: (change: AssociateImportChange) => void;
  titleIds: Map<string, string>;
};

async function resolveTitles(tx: Database, companyId: string, names: string[], state: BatchState) {
  const unknown = [...new Set(names)].filter((name) => !state.titleIds.has(name));
  if (unknown.length === 0) return;
  const found = await tx
    .select({ id: associateTitles.id, name: associateTitles.name })
    .from(associateTitles)
    .where(and(eq(associateTitles.companyId, companyId), inArray(associateTitles.name, unknown)));
  for (const title of found) state.titleIds.set(title.name, title.id);
  const toCreate = unknown.filter((name) => !state.titleIds.has(name));
  if (toCreate.length === 0) return;
  const created = await tx
    .insert(associateTitles)
    .values(toCreate.map((name) => ({ companyId, name })))
    .returning({ id: associateTitles.id, name: associateTitles.name });
  state.counters.titlesCreated += created.length;
  for (const title of created) state.titleIds.set(title.name, title.id);
}

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
  blockedReason: string | null;
};

/**
 * Matches each row to the club's own records only: by CPF within this club, and the card must be
 * the same member's. A person's record in another club, and any staff account, are never read
 * or written here: a club controls its members' data and nothing else.
 */
async function writeBatch(
  tx: Database,
  companyId: string,
  batch: PendingRow[],
  state: BatchState,
): Promise<void> {
  const existing: ExistingAssociate[] = await tx
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
      blockedReason: associates.blockedReason,
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
  if (accepted.length === 0) return;

  await resolveTitles(
    tx,
    companyId,
    accepted.map(({ row }) => row.title),
    state,
  );

  const toWrite: Array<typeof associates.$inferInsert> = [];
  for (const { line, row, current } of accepted) {
    const associateTitleId = state.titleIds.get(row.title)!;
    const blocked = row.blocked ?? current?.blocked ?? false;
    const values = {
      companyId,
      cpf: row.cpf,
      name: row.name,
      // A file without an e-mail column (or cell) keeps the e-mail the club already has.
      email: row.email ?? current?.email ?? null,
      cardId: row.cardId,
      associateTitleId,
      isHolder: row.isHolder,
      birthDate: row.birthDate,
      blocked,
      blockedReason: blocked
        ? current?.blocked
          ? current.blockedReason
          : importBlockReason
        : null,
    };
    if (!current) {
      state.counters.created += 1;
      toWrite.push(values);
      continue;
    }
    const fields = changedFields(current, values);
    if (fields.length === 0) {
      state.counters.unchanged += 1;
      continue;
    }
    state.counters.updated += 1;
    state.recordChange({ line, cardId: row.cardId, name: row.name, fields });
    toWrite.push(values);
  }
  if (toWrite.length === 0) return;
  await tx
    .insert(associates)
    .values(toWrite)
    .onConflictDoUpdate({
      target: [associates.companyId, associates.cardId],
      set: {
        name: sql`excluded.name`,
        email: sql`excluded.email`,
        associateTitleId: sql`excluded.associate_title_id`,
        isHolder: sql`excluded.is_holder`,
        birthDate: sql`excluded.birth_date`,
        blocked: sql`excluded.blocked`,
        blockedReason: sql`excluded.blocked_reason`,
        updatedAt: sql`now()`,
      },
    });
}

/** The fields of a member an import row would change, named as in the preview. */
function changedFields(
  current: ExistingAssociate,
  next: Pick<
    ExistingAssociate,
    'name' | 'email' | 'associateTitleId' | 'isHolder' | 'birthDate' | 'blocked'
  >,
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
