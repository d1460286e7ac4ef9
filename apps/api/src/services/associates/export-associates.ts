import { queryRows, type Database } from '@clube/db';
import { formatCpf, type associateExportQuerySchema } from '@clube/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CsvColumn } from '../../lib/csv-export';
import { filtersOf, searchCondition } from './list-associates';

export type ExportAssociatesOptions = z.output<typeof associateExportQuerySchema>;

type ExportRow = {
  id: string;
  searchName: string;
  name: string;
  cpf: string;
  birthDate: string;
  cardId: string;
  title: string;
  isHolder: boolean;
  email: string | null;
  blocked: boolean;
};

/** How many members the export reads at a time. */
const exportPageSize = 1000;

/**
 * The members the list shows for the same search and filters, in its order, read page by page by
 * keyset (search_name, name, id) as the file is written: memory holds one page.
 */
export async function* readAssociatesForExport(
  db: Database,
  options: ExportAssociatesOptions,
): AsyncGenerator<ExportRow> {
  const term = options.search?.trim();
  const where = filtersOf(options, term ? searchCondition(options.companyId, term) : undefined);
  let after: ExportRow | undefined;
  for (;;) {
    const keyset = after
      ? sql`and (a.search_name, a.name, a.id) > (${after.searchName}, ${after.name}, ${after.id}::uuid)`
      : sql``;
    const rows = await queryRows<ExportRow>(
      db,
      sql`select a.id, a.search_name as "searchName", a.name, a.cpf,
          a.birth_date::text as "birthDate", a.card_id as "cardId", t.name as title,
          a.is_holder as "isHolder", a.email, a.blocked
        from associates a
        join associate_titles t on t.id = a.associate_title_id
        where a.id in (select associates.id from associates where ${where}) ${keyset}
        order by a.search_name, a.name, a.id
        limit ${exportPageSize}`,
    );
    yield* rows;
    if (rows.length < exportPageSize) return;
    after = rows.at(-1);
  }
}

const yesNo = (value: boolean) => (value ? 'sim' : 'não');

/** "YYYY-MM-DD" → "DD/MM/YYYY", as the import reads it back. */
const brazilianDate = (date: string) =>
  `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/**
 * The columns of the membership file the import takes (services/associates/parse-associate-row),
 * under the names of its template: the export goes back through the import as it is.
 */
export const associateExportColumns: CsvColumn<ExportRow>[] = [
  { header: 'CPF', value: (row) => formatCpf(row.cpf) },
  { header: 'Nome', value: (row) => row.name },
  { header: 'Nascimento', value: (row) => brazilianDate(row.birthDate) },
  { header: 'Carteirinha', value: (row) => row.cardId },
  { header: 'Título', value: (row) => row.title },
  { header: 'Titular', value: (row) => yesNo(row.isHolder) },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Bloqueado', value: (row) => yesNo(row.blocked) },
];
