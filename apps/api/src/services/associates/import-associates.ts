import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  associateImportRows,
  associateImports,
  associateTitles,
  associates,
  companies,
  queryRows,
  type Database,
} from '@clube/db';
import {
  clubToday,
  type AssociateImportChange,
  type AssociateImportChangedField,
  type AssociateImportReport,
} from '@clube/shared';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { CsvError } from 'csv-parse';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../../lib/audit';
import { parseAssociateRow, type AssociateRow } from './parse-associate-row';
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
  /**
   * Called after each batch of the apply is committed, before the next one starts: tests pause
   * the import there, or throw to stop it as a crash would.
   */
  onApplyBatch?: (batchesApplied: number) => Promise<void> | void;
};

export const importErrorsLimit = 1000;
/**
 * Bounds of a batch's rows: the upper one bounds the rows held in memory and the size of one
 * statement; the lower one lets a batch stay near `batchTargetMs` where a row is slow to write
 * (on the embedded database a new member costs 1–2 ms once the club holds tens of thousands, so
 * 50-row batches made every other request wait 100 ms and more).
 */
const maxBatchSize = 1000;
const minBatchSize = 10;
/**
 * How long one batch's transaction should take. On the embedded database every other request
 * waits for the batch in progress, so this bounds their added wait; batches are resized after
 * each one to its measured cost per row, which also follows how busy the machine is.
 */
export const batchTargetMs = 50;
const importBlockReason = 'Bloqueado na importação do cadastro';
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
/**
 * A staging import nobody has touched for this long is taken as dead (its process crashed or was
 * stopped) and abandoned by the next import or start-up. A live one touches its journal with
 * every batch, and a large file's batches are seconds apart.
 */
export const staleStagingMs = 15 * 60 * 1000;
const touchEveryMs = 60 * 1000;

type PendingRow = { line: number; row: AssociateRow };

/** The next batch's number of rows: fixed, or resized to the last batch's cost per row. */
export class BatchSizer {
  private size: number;
  constructor(private readonly fixed: number | undefined) {
    this.size = fixed ?? 100;
  }
  get rows(): number {
    return this.size;
  }
  /** Resizes the next batch to take about `batchTargetMs`, from one that took `elapsedMs`. */
  record(rows: number, elapsedMs: number): void {
    if (this.fixed !== undefined || rows === 0) return;
    const perRow = Math.max(elapsedMs, 1) / rows;
    // Halfway towards the target size: one slow batch (a pause of the machine) does not
    // collapse the next one, and a fast one does not make it jump.
    const target = Math.round((this.size + batchTargetMs / perRow) / 2);
    this.size = Math.min(maxBatchSize, Math.max(minBatchSize, target));
  }
}

type Counters = Omit<
  AssociateImportReport,
  'applied' | 'dryRun' | 'errorsTruncated' | 'changesTruncated'
>;

/**
 * One import at a time per club in this process (the roll-forward of its interrupted ones
 * included): the clubs whose import is running, by company id. A club's second import would be
 * checked against members its first is still writing, and would roll the first forward from under
 * it (an import finishes its club's `applying` ones first): it answers `ImportInProgress` (409) at
 * once. Another club's import proceeds: a club's staff are not refused, nor told, because another
 * club imports (only the start-up roll-forward, below, holds every club). On PostgreSQL two clubs'
 * imports each use their own pooled connections. On the embedded database (PGlite, one connection)
 * they interleave their batches: each batch waits for the other import's batch in progress, and
 * other requests may wait for one batch of each. A batch is timed with that wait included, so each
 * import's batches come out smaller than when it runs alone.
 */
const importingClubs = new Set<string>();
/**
 * `resumeAssociateImports` runs alone, as if it held every club's slot: it is refused
 * (`ImportInProgress`) while any club imports, and every club's import is refused while it runs.
 * It finishes all clubs' interrupted imports and, on the embedded database at start-up, abandons
 * every `staging` journal however recent (`staleStagingMs: 0`): a live import's would be dropped
 * from under it. The server runs it once, in the background at start-up; an import tried before
 * it ends (seconds, or a minute or two to roll a large file forward on PGlite) is refused and
 * can be sent again.
 */
let resuming = false;

/**
 * Brings a club's membership list in from CSV (header row; comma or semicolon; UTF-8 with or
 * without BOM, or Windows-1252; columns cpf,name,birthDate,cardId,title,isHolder[,email]
 * [,blocked]). A member is matched by CPF within the club, and a row whose card is another
 * member's is rejected with its line; unchanged rows are not rewritten and each update lists the
 * fields it changes; titles are created by name on first sight.
 *
 * No transaction spans the import, so other requests on the embedded database (PGlite, one
 * connection) run between its batches (docs/decisions/007-associates-import-in-batches.md):
 *
 * 1. **Check.** The file is streamed and checked a batch at a time, each batch in its own short
 *    transaction that reads the club's matching members and titles. A real import stages the
 *    rows it would create or change in `associate_import_rows` under a journal row
 *    (`associate_imports`, status `staging`); nothing visible to others is written. A dry run
 *    stages nothing. A file naming a CPF or a card only once, checking each batch against the
 *    club as it was before the import gives the same answer as checking it after the earlier
 *    batches were written.
 * 2. **Decide.** A bad row (without `skipInvalid`) abandons the import: its staged rows are
 *    deleted and nothing was ever written. Otherwise one statement turns the journal to
 *    `applying`: from that commit on the import is rolled forward, never back.
 * 3. **Apply.** Batches of staged rows are written into `associates` (titles first), each in a
 *    transaction that also deletes them from the staging table, so a crash between two batches
 *    leaves exactly the rest to write; `resumeAssociateImports` finishes it at start-up. Writes
 *    match by CPF and card together, so a member changed meanwhile is never given another's card.
 */
export async function importAssociates(
  db: Database,
  options: ImportAssociatesOptions,
): Promise<AssociateImportReport> {
  const { companyId } = options;
  if (resuming || importingClubs.has(companyId)) throw new AppError('ImportInProgress');
  importingClubs.add(companyId);
  try {
    // This club's import a crash or a lost connection interrupted is finished before its new
    // one starts (the new one is checked against the club as that one left it). Other clubs'
    // are theirs to finish, at their next import or at start-up.
    await finishPendingImports(db, {
      companyId,
      staleStagingMs,
      batchSize: options.batchSize,
    });
    return await runImport(db, options);
  } finally {
    importingClubs.delete(companyId);
  }
}

export type ResumeOptions = {
  /**
   * Imports still `staging` and idle for this long are abandoned (default `staleStagingMs`). On
   * the embedded database at start-up nothing else can be importing (the data directory is
   * locked): 0 abandons them all.
   */
  staleStagingMs?: number;
  batchSize?: number;
  /** As `ImportAssociatesOptions.onApplyBatch`, for each import rolled forward. */
  onApplyBatch?: ImportAssociatesOptions['onApplyBatch'];
};

/**
 * Rolls forward every club's import a crash left `applying` and abandons (deletes the staged
 * rows of) the ones left `staging`. Called at start-up; an import does the same for its own club
 * first. Runs alone in this process: refused while any club imports, and refusing every import
 * while it runs (see `resuming`). Safe to run in several processes at once (each batch locks its
 * import's journal row).
 */
export async function resumeAssociateImports(
  db: Database,
  options: ResumeOptions = {},
): Promise<{ resumed: number; abandoned: number }> {
  if (resuming || importingClubs.size > 0) throw new AppError('ImportInProgress');
  resuming = true;
  try {
    return await finishPendingImports(db, {
      staleStagingMs: options.staleStagingMs ?? staleStagingMs,
      batchSize: options.batchSize,
      onApplyBatch: options.onApplyBatch,
    });
  } finally {
    resuming = false;
  }
}

/**
 * Finishes the interrupted imports of one club (`companyId`), or of every club (none given):
 * `applying` ones are rolled forward, `staging` ones idle for `staleStagingMs` abandoned.
 */
async function finishPendingImports(
  db: Database,
  options: {
    companyId?: string;
    staleStagingMs: number;
    batchSize: number | undefined;
    onApplyBatch?: ImportAssociatesOptions['onApplyBatch'];
  },
): Promise<{ resumed: number; abandoned: number }> {
  const pending = await db
    .select({ id: associateImports.id, status: associateImports.status })
    .from(associateImports)
    .where(
      and(
        options.companyId === undefined
          ? undefined
          : eq(associateImports.companyId, options.companyId),
        or(
          eq(associateImports.status, 'applying'),
          and(
            eq(associateImports.status, 'staging'),
            lt(
              associateImports.updatedAt,
              sql`now() - make_interval(secs => ${options.staleStagingMs / 1000})`,
            ),
          ),
        ),
      ),
    );
  let resumed = 0;
  let abandoned = 0;
  for (const { id, status } of pending) {
    if (status === 'applying') {
      await applyImport(db, id, {
        batchSize: options.batchSize,
        onApplyBatch: options.onApplyBatch,
      });
      resumed += 1;
    } else {
      await abandonImport(db, id);
      abandoned += 1;
    }
  }
  return { resumed, abandoned };
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
      const rows = await checkBatch(tx, company.id, batch, state);
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
    if (importId !== undefined) await abandonImport(db, importId);
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
    await abandonImport(db, importId);
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
    await abandonImport(db, importId);
    throw new AppError('ImportAbandoned');
  }
  await applyImport(db, importId, {
    batchSize: options.batchSize,
    onApplyBatch: options.onApplyBatch,
  });
  return report(true);
}

type CheckState = {
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
async function checkBatch(
  tx: Database,
  companyId: string,
  batch: PendingRow[],
  state: CheckState,
): Promise<Array<PendingRow & { existing: boolean }>> {
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
  const titles = await tx
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

/**
 * Writes an `applying` import's staged rows into `associates`, a batch per transaction, until
 * none is left; then marks it `applied` and records its audit event. Each transaction locks the
 * journal row first, so two processes finishing the same import take turns, and deletes the rows
 * it wrote from the staging table, so a batch is written exactly once whatever crashes between
 * two of them.
 */
async function applyImport(
  db: Database,
  importId: string,
  options: {
    batchSize: number | undefined;
    onApplyBatch?: ImportAssociatesOptions['onApplyBatch'];
  },
): Promise<void> {
  const sizer = new BatchSizer(options.batchSize);
  // The last line written. Written rows are deleted, and the embedded database has no
  // autovacuum: starting each batch's index scan past them keeps it from walking every dead
  // entry of the staging table's index again (a cost growing with the file).
  let after = 0;
  for (let batches = 0; ;) {
    let rows = 0;
    const started = performance.now();
    const done = await db.transaction(async (tx) => {
      // Exact look-ups on the unique b-tree indexes, as in the check. The search indexes
      // (trigram GIN) queue new entries and merge the queue into the index when it reaches
      // gin_pending_list_limit: a smaller queue makes that merge, paid by whichever batch fills
      // it, a smaller pause.
      await tx.execute(
        sql`select set_config('enable_bitmapscan', 'off', true), set_config('gin_pending_list_limit', '256', true)`,
      );
      const [journal] = await tx
        .select()
        .from(associateImports)
        .where(eq(associateImports.id, importId))
        .for('update');
      if (!journal || journal.status !== 'applying') return true;
      const companyId = journal.companyId;
      const [next] = await queryRows<{ upto: number | null; updates: number; creates: number }>(
        tx,
        sql`select max(line)::int as upto,
                count(*) filter (where existing)::int as updates,
                count(*) filter (where not existing)::int as creates
              from (select line, existing from ${associateImportRows}
                    where import_id = ${importId} and line > ${after}
                    order by line limit ${sizer.rows}) batch`,
      );
      const upto = next?.upto ?? null;
      if (!next || upto === null) {
        await tx
          .update(associateImports)
          .set({ status: 'applied', updatedAt: sql`now()` })
          .where(eq(associateImports.id, importId));
        await recordAudit(tx, {
          companyId,
          actorUserId: journal.actorUserId,
          action: 'associate.import',
          entityType: 'company',
          entityId: companyId,
          data: (journal.report as Record<string, unknown> | null) ?? {},
        });
        return true;
      }
      rows = next.updates + next.creates;
      const batchRows = sql`r.import_id = ${importId} and r.line > ${after} and r.line <= ${upto}`;
      after = upto;
      await tx.execute(sql`
          insert into associate_titles (company_id, name)
          select distinct ${companyId}::uuid, r.title from associate_import_rows r
          where ${batchRows}
          on conflict (company_id, name) do nothing`);
      if (next.updates > 0) {
        // Members the file changes: matched by CPF and card together, as when they were
        // checked. One whose CPF or card changed since is left as it is now (never given
        // another's card).
        await tx.execute(sql`
            update associates a set
              name = r.name,
              email = coalesce(r.email, a.email),
              associate_title_id = t.id,
              is_holder = r.is_holder,
              birth_date = r.birth_date,
              blocked = coalesce(r.blocked, a.blocked),
              blocked_reason = case
                when not coalesce(r.blocked, a.blocked) then null
                when a.blocked then a.blocked_reason
                else ${importBlockReason} end,
              updated_at = now()
            from associate_import_rows r
            join associate_titles t on t.company_id = ${companyId}::uuid and t.name = r.title
            where ${batchRows} and r.existing
              and a.company_id = ${companyId}::uuid and a.cpf = r.cpf and a.card_id = r.card_id
              and (a.name, a.email, a.associate_title_id, a.is_holder, a.birth_date, a.blocked)
                is distinct from
                  (r.name, coalesce(r.email, a.email), t.id, r.is_holder, r.birth_date,
                   coalesce(r.blocked, a.blocked))`);
      }
      if (next.creates > 0) {
        // New members: only while neither their CPF nor their card is in the club.
        await tx.execute(sql`
            insert into associates (company_id, cpf, name, email, card_id, associate_title_id,
              is_holder, birth_date, blocked, blocked_reason)
            select ${companyId}::uuid, r.cpf, r.name, r.email, r.card_id, t.id, r.is_holder,
              r.birth_date, coalesce(r.blocked, false),
              case when r.blocked then ${importBlockReason} end
            from associate_import_rows r
            join associate_titles t on t.company_id = ${companyId}::uuid and t.name = r.title
            where ${batchRows} and not r.existing
              and not exists (select 1 from associates a
                              where a.company_id = ${companyId}::uuid and a.cpf = r.cpf)
              and not exists (select 1 from associates a
                              where a.company_id = ${companyId}::uuid and a.card_id = r.card_id)
            on conflict do nothing`);
      }
      await tx.execute(sql`delete from associate_import_rows r where ${batchRows}`);
      return false;
    });
    if (done) return;
    sizer.record(rows, performance.now() - started);
    batches += 1;
    await options.onApplyBatch?.(batches);
    // Requests queued on the embedded database's connection run before the next batch.
    await nextTurn();
  }
}

/**
 * Marks a `staging` import abandoned and deletes its staged rows, a bounded number per
 * statement. Nothing of it was ever written to `associates`.
 */
async function abandonImport(db: Database, importId: string): Promise<void> {
  await db
    .update(associateImports)
    .set({ status: 'abandoned', updatedAt: sql`now()` })
    .where(and(eq(associateImports.id, importId), eq(associateImports.status, 'staging')));
  const [journal] = await db
    .select({ status: associateImports.status })
    .from(associateImports)
    .where(eq(associateImports.id, importId));
  if (journal?.status !== 'abandoned') return;
  for (;;) {
    const [deleted] = await queryRows<{ count: number }>(
      db,
      sql`with gone as (
            delete from ${associateImportRows}
            where (import_id, line) in (
              select import_id, line from ${associateImportRows}
              where import_id = ${importId} limit 5000)
            returning 1)
          select count(*)::int as count from gone`,
    );
    if (!deleted || deleted.count === 0) return;
    await nextTurn();
  }
}
