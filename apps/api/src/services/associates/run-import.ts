import { setImmediate as nextTurn } from 'node:timers/promises';
import { associateImports, companies, type Database } from '@clube/db';
import { clubToday, type AssociateImportChange, type AssociateImportReport } from '@clube/shared';
import { and, eq, sql } from 'drizzle-orm';
import { CsvError } from 'csv-parse';
import { AppError } from '../../lib/app-error';
import { abandonImport, applyImport, type OnApplyBatch } from './apply-import';
import { BatchSizer } from './batch-sizer';
import { checkBatch, type CheckState, type Counters, type PendingRow } from './check-import-batch';
import { parseAssociateRow } from './parse-associate-row';
import { openCsvRecords } from './read-csv-records';

export type ImportAssociatesOptions = {
  companyId: string;
  /** The CSV bytes (a file stream, an upload, or `Readable.from(text)`), read once. */
  source: AsyncIterable<Buffer | string>;
  /** Validate and count as if writing, then write nothing. */
  dryRun?: boolean;
  /** Import the good rows even when some are rejected (default: all or nothing). */
  skipInvalid?: boolean;
  actorUserId: string | null;
  /**
   * Rows per batch, fixed. By default a batch is sized to take about `batchTargetMs` (at most
   * 1000 rows): each batch is one transaction of the check or of the apply, during which other
   * requests on the embedded database wait.
   */
  batchSize?: number;
  onProgress?: (rowsRead: number) => void;
  /** Called with each batch's size before it is checked (lets tests see the batching). */
  onBatch?: (size: number) => void;
  /** See `OnApplyBatch`. */
  onApplyBatch?: OnApplyBatch;
};

export const importErrorsLimit = 1000;
/** What the usual CSV mistakes mean, in the words of whoever fixes the file (others: the parser's). */
const csvErrorReasons: Partial<Record<string, string>> = {
  INVALID_OPENING_QUOTE:
    'aspas dentro de um campo sem aspas; ponha o campo entre aspas e dobre as de dentro ("Ana ""Aninha"" Souza")',
  CSV_QUOTE_NOT_CLOSED: 'aspas abertas e nunca fechadas',
  CSV_INVALID_CLOSING_QUOTE: 'texto logo depois das aspas que fecham um campo',
  // The same, as the parser says it when it trims spaces around values.
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE:
    'texto logo depois das aspas que fecham um campo; ponha o campo inteiro entre aspas',
  CSV_RECORD_INCONSISTENT_FIELDS_LENGTH: 'a linha tem um número de colunas diferente do cabeçalho',
  CSV_RECORD_INCONSISTENT_COLUMNS: 'a linha tem um número de colunas diferente do cabeçalho',
  CSV_MAX_RECORD_SIZE: 'linha longa demais',
};
/** Whatever else the parser refuses: the client never reads the parser's English. */
const csvUnreadableReason = 'o texto não pôde ser lido como CSV';
/** How often a long check touches its journal, so no other process takes it for dead. */
const touchEveryMs = 60 * 1000;

/**
 * One import, its club's turn already taken (import-associates.ts): checks the file a batch at a
 * time, stages what it would write, then decides and applies.
 */
export async function runImport(
  db: Database,
  options: ImportAssociatesOptions,
): Promise<AssociateImportReport> {
  const [company] = await db
    .select({ id: companies.id, timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, options.companyId));
  if (!company) throw new AppError('CompanyNotFound');
  const today = clubToday(company.timezone);
  const checkSizer = new BatchSizer(options.batchSize);
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
  // Titles the file names that the club does not have yet, by name.
  const newTitles = new Set<string>();
  const state: CheckState = { counters, reject, recordChange, newTitles };

  const records = await openCsvRecords(options.source);

  // A real import keeps the rows it will write in the staging table, under its journal row;
  // it stops staging at the first bad row unless bad rows are skipped (nothing will be written).
  const [journal] = options.dryRun
    ? []
    : await db
        .insert(associateImports)
        .values({ companyId: company.id, actorUserId: options.actorUserId })
        .returning({ id: associateImports.id });
  const importId = journal?.id;
  const staging = () =>
    importId !== undefined && (counters.rejected === 0 || Boolean(options.skipInvalid));

  let touchedAt = performance.now();
  const checkAndStage = async (batch: PendingRow[]) => {
    options.onBatch?.(batch.length);
    await db.transaction(async (tx) => {
      // The look-ups are exact matches on cpf, card number and title name. Left free, PostgreSQL
      // may serve them from the trigram search indexes (bitmap scans only), whose cost grows
      // with the club; without bitmap scans it takes the unique b-tree indexes.
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const rows = await checkBatch(tx, { companyId: company.id, batch, state });
      if (!staging() || importId === undefined) return;
      if (rows.length > 0) {
        // One JSON parameter instead of ten per row: the statement stays small to parse and
        // plan, whatever the batch's size.
        await tx.execute(sql`
          insert into associate_import_rows (import_id, line, existing, cpf, name, email, card_id,
            title, is_holder, birth_date, blocked)
          select ${importId}::uuid, r.line, r.existing, r.cpf, r.name, r.email, r.card_id,
            r.title, r.is_holder, r.birth_date, r.blocked
          from json_to_recordset(${JSON.stringify(
            rows.map(({ line, row, existing }) => ({
              line,
              existing,
              cpf: row.cpf,
              name: row.name,
              email: row.email ?? null,
              card_id: row.cardId,
              title: row.title,
              is_holder: row.isHolder,
              birth_date: row.birthDate,
              blocked: row.blocked ?? null,
            })),
          )}::json) as r(line int, existing boolean, cpf varchar(11), name text, email text,
            card_id varchar(20), title text, is_holder boolean, birth_date date, blocked boolean)`);
      }
      // Alive: a start-up or another process abandons only a journal idle for staleStagingMs.
      if (performance.now() - touchedAt < touchEveryMs) return;
      touchedAt = performance.now();
      await tx
        .update(associateImports)
        .set({ updatedAt: sql`now()` })
        .where(eq(associateImports.id, importId));
    });
  };

  try {
    let batch: PendingRow[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const started = performance.now();
      await checkAndStage(batch);
      checkSizer.record(batch.length, performance.now() - started);
      batch = [];
      options.onProgress?.(counters.total);
      // Parsing and checking a batch is CPU on the server's one thread, and the check held the
      // embedded database's connection: let the requests that arrived meanwhile run first.
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
        if (batch.length >= checkSizer.rows) await flush();
      }
    } catch (error) {
      // Every refusal of the parser, whatever its code: not all start with CSV_
      // (INVALID_OPENING_QUOTE, a quote inside an unquoted value, does not).
      if (!(error instanceof CsvError)) throw error;
      throw new AppError('CsvMalformed', {
        params: {
          line: Number(error.lines ?? 1),
          reason: csvErrorReasons[error.code] ?? csvUnreadableReason,
        },
      });
    }
    await flush();
  } catch (error) {
    if (importId !== undefined) await abandonImport(db, { importId });
    throw error;
  }

  counters.titlesCreated = newTitles.size;
  const report = (applied: boolean): AssociateImportReport => ({
    ...counters,
    applied,
    dryRun: Boolean(options.dryRun),
    errorsTruncated: counters.rejected > counters.errors.length,
    changesTruncated: counters.updated > counters.changes.length,
  });
  if (importId === undefined) return report(false);
  if (!staging()) {
    await abandonImport(db, { importId });
    return report(false);
  }

  // The point of no return: once this commits, the import is rolled forward, never back.
  const switched = await db
    .update(associateImports)
    .set({
      status: 'applying',
      updatedAt: sql`now()`,
      report: {
        total: counters.total,
        created: counters.created,
        updated: counters.updated,
        unchanged: counters.unchanged,
        rejected: counters.rejected,
        titlesCreated: counters.titlesCreated,
      },
    })
    .where(and(eq(associateImports.id, importId), eq(associateImports.status, 'staging')))
    .returning({ id: associateImports.id });
  if (switched.length === 0) {
    // Idle past staleStagingMs (an upload stalled that long) and abandoned by another process.
    await abandonImport(db, { importId });
    throw new AppError('ImportAbandoned');
  }
  await applyImport(db, {
    importId,
    batchSize: options.batchSize,
    onApplyBatch: options.onApplyBatch,
  });
  return report(true);
}
