import { queryRows, type Database } from '@clube/db';
import { sql } from 'drizzle-orm';
import type { CsvColumn } from '../../lib/csv-export';
import type { ReportScope } from './report-scope';

/** How many rows an export reads at a time. */
const exportPageSize = 1000;

const clubTime = (column: string, timezone: string) =>
  sql`to_char(${sql.raw(column)} at time zone ${timezone}, 'DD/MM/YYYY HH24:MI')`;

export type AppointmentExportRow = {
  id: string;
  startsAt: string;
  startsText: string;
  endsText: string;
  placeName: string;
  categoryName: string;
  associateName: string;
  cardId: string;
  titleName: string;
  status: string;
  portal: boolean;
  createdText: string;
  cancelledText: string | null;
  cancellationReason: string | null;
  exceptionReason: string | null;
};

/**
 * The club's (or one place's) appointments starting in the period, in start order, read page by
 * page by keyset (starts_at, id) on the (club, starts_at) index as the file is written.
 */
export async function* readAppointmentsForExport(
  db: Database,
  options: ReportScope,
): AsyncGenerator<AppointmentExportRow> {
  const scope = options;
  const tz = scope.timezone;
  let after: AppointmentExportRow | undefined;
  for (;;) {
    const rows = await queryRows<AppointmentExportRow>(
      db,
      sql`select a.id, a.starts_at::text as "startsAt",
          ${clubTime('a.starts_at', tz)} as "startsText", ${clubTime('a.ends_at', tz)} as "endsText",
          p.name as "placeName", k.name as "categoryName", m.name as "associateName",
          m.card_id as "cardId", t.name as "titleName", a.status,
          a.created_by_associate_id is not null as portal,
          ${clubTime('a.created_at', tz)} as "createdText",
          ${clubTime('a.cancelled_at', tz)} as "cancelledText",
          a.cancellation_reason as "cancellationReason", a.exception_reason as "exceptionReason"
        from appointments a
        join places p on p.id = a.place_id
        join categories k on k.id = p.category_id
        join associates m on m.id = a.associate_id
        join associate_titles t on t.id = a.associate_title_id
        where a.company_id = ${scope.companyId}::uuid
          and a.starts_at >= ${scope.currentStartsAt.toISOString()}::timestamptz
          and a.starts_at < ${scope.currentEndsAt.toISOString()}::timestamptz
          ${scope.placeId ? sql`and a.place_id = ${scope.placeId}::uuid` : sql``}
          ${after ? sql`and (a.starts_at, a.id) > (${after.startsAt}::timestamptz, ${after.id}::uuid)` : sql``}
        order by a.starts_at, a.id
        limit ${exportPageSize}`,
    );
    yield* rows;
    if (rows.length < exportPageSize) return;
    after = rows.at(-1);
  }
}

const statusTexts: Record<string, string> = {
  SCHEDULED: 'Agendada',
  CANCELLED: 'Cancelada',
  CHECKED_IN: 'Presente',
  NO_SHOW: 'Falta',
};

export const appointmentExportColumns: CsvColumn<AppointmentExportRow>[] = [
  { header: 'Início', value: (row) => row.startsText },
  { header: 'Fim', value: (row) => row.endsText },
  { header: 'Espaço', value: (row) => row.placeName },
  { header: 'Categoria', value: (row) => row.categoryName },
  { header: 'Associado', value: (row) => row.associateName },
  { header: 'Carteirinha', value: (row) => row.cardId },
  { header: 'Título', value: (row) => row.titleName },
  { header: 'Situação', value: (row) => statusTexts[row.status] ?? row.status },
  { header: 'Reservado por', value: (row) => (row.portal ? 'Portal' : 'Equipe') },
  { header: 'Reservado em', value: (row) => row.createdText },
  { header: 'Cancelado em', value: (row) => row.cancelledText },
  { header: 'Motivo do cancelamento', value: (row) => row.cancellationReason },
  { header: 'Exceção', value: (row) => row.exceptionReason },
];

export type BlockExportRow = {
  id: string;
  startsAt: string;
  startsText: string;
  endsText: string;
  placeName: string;
  description: string;
  recurring: boolean;
  createdText: string;
};

/** The blocks overlapping the period, of the club or one place, in start order, page by page. */
export async function* readBlocksForExport(
  db: Database,
  options: ReportScope,
): AsyncGenerator<BlockExportRow> {
  const scope = options;
  const tz = scope.timezone;
  let after: BlockExportRow | undefined;
  for (;;) {
    const rows = await queryRows<BlockExportRow>(
      db,
      sql`select b.id, b.starts_at::text as "startsAt",
          ${clubTime('b.starts_at', tz)} as "startsText", ${clubTime('b.ends_at', tz)} as "endsText",
          p.name as "placeName", b.description, b.recurrence_id is not null as recurring,
          ${clubTime('b.created_at', tz)} as "createdText"
        from blocked_times b
        join places p on p.id = b.place_id
        where b.company_id = ${scope.companyId}::uuid
          and b.starts_at < ${scope.currentEndsAt.toISOString()}::timestamptz
          and b.ends_at > ${scope.currentStartsAt.toISOString()}::timestamptz
          ${scope.placeId ? sql`and b.place_id = ${scope.placeId}::uuid` : sql``}
          ${after ? sql`and (b.starts_at, b.id) > (${after.startsAt}::timestamptz, ${after.id}::uuid)` : sql``}
        order by b.starts_at, b.id
        limit ${exportPageSize}`,
    );
    yield* rows;
    if (rows.length < exportPageSize) return;
    after = rows.at(-1);
  }
}

export const blockExportColumns: CsvColumn<BlockExportRow>[] = [
  { header: 'Início', value: (row) => row.startsText },
  { header: 'Fim', value: (row) => row.endsText },
  { header: 'Espaço', value: (row) => row.placeName },
  { header: 'Motivo', value: (row) => row.description },
  { header: 'Recorrente', value: (row) => (row.recurring ? 'sim' : 'não') },
  { header: 'Criado em', value: (row) => row.createdText },
];
