import { setImmediate as nextTurn } from 'node:timers/promises';
import { associateImportRows, associateImports, queryRows, type Database } from '@clube/db';
import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../lib/audit';
import { BatchSizer } from './batch-sizer';

const importBlockReason = 'Bloqueado na importação do cadastro';

/**
 * Called after each batch of the apply is committed, before the next one starts: tests pause
 * the import there, or throw to stop it as a crash would.
 */
export type OnApplyBatch = (batchesApplied: number) => Promise<void> | void;

/**
 * Writes an `applying` import's staged rows into `associates`, a batch per transaction, until
 * none is left; then marks it `applied` and records its audit event. Each transaction locks the
 * journal row first, so two processes finishing the same import take turns, and deletes the rows
 * it wrote from the staging table, so a batch is written exactly once whatever crashes between
 * two of them.
 */
export async function applyImport(
  db: Database,
  options: {
    importId: string;
    batchSize: number | undefined;
    onApplyBatch?: OnApplyBatch;
  },
): Promise<void> {
  const { importId } = options;
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
export async function abandonImport(db: Database, options: { importId: string }): Promise<void> {
  const { importId } = options;
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
