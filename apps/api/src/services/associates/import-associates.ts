import { associateImports, type Database } from '@clube/db';
import type { AssociateImportReport } from '@clube/shared';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { abandonImport, applyImport, type OnApplyBatch } from './apply-import';
import { runImport, type ImportAssociatesOptions } from './run-import';

export type { ImportAssociatesOptions } from './run-import';

/**
 * A staging import nobody has touched for this long is taken as dead (its process crashed or was
 * stopped) and abandoned by the next import or start-up. A live one touches its journal with
 * every batch, and a large file's batches are seconds apart.
 */
export const staleStagingMs = 15 * 60 * 1000;

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
  onApplyBatch?: OnApplyBatch;
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
    onApplyBatch?: OnApplyBatch;
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
      await applyImport(db, {
        importId: id,
        batchSize: options.batchSize,
        onApplyBatch: options.onApplyBatch,
      });
      resumed += 1;
    } else {
      await abandonImport(db, { importId: id });
      abandoned += 1;
    }
  }
  return { resumed, abandoned };
}
