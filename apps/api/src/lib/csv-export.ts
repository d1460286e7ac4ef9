import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * The one writer of every CSV the API exports. A route gives the file's name, its columns (each a
 * Portuguese header and how a row gives its cell) and its rows as they are read, and the reply
 * streams the file:
 *
 *   return sendCsvExport(reply, { fileName: 'auditoria.csv', columns, rows: readAuditTrail(…) });
 *
 * The file is what Excel in Portuguese opens as it is, and what no cell can break out of: UTF-8
 * with a BOM, `;` between cells, CRLF between lines, a header row; a cell holding a line break
 * (CR or LF alone too), a `;` or a quote is quoted, its quotes doubled, so it stays one cell of
 * one row; every cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed
 * with `'`, so a spreadsheet shows it as text instead of running it.
 */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null };

export type CsvExport<Row> = {
  /** The download's name (`auditoria.csv`). */
  fileName: string;
  columns: CsvColumn<Row>[];
  /** Read as the file is written: the rows are never all in memory. */
  rows: AsyncIterable<Row>;
};

const formulaStart = /^[=+\-@\t\r]/;

/**
 * What must be quoted. csv-stringify quotes a cell holding the record delimiter (CRLF) but not a
 * lone LF or CR, which a spreadsheet reads as a new row: a reason `x\n=1+1` would start a row with
 * a formula.
 */
const needsQuotes = /[\r\n;"]/;

/** A cell a spreadsheet will show as text, never evaluate. */
export function neutraliseFormula(cell: string): string {
  return formulaStart.test(cell) ? `'${cell}` : cell;
}

/** The CSV of `rows` as a stream, written as the rows come. */
export function csvStream<Row>(columns: CsvColumn<Row>[], rows: AsyncIterable<Row>): Readable {
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) {
        yield columns.map((column) => neutraliseFormula(String(column.value(row) ?? '')));
      }
    })(),
  );
  const writer = stringify({
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    quoted_match: needsQuotes,
    header: true,
    columns: columns.map((column) => neutraliseFormula(column.header)),
  });
  // A failed read ends the download broken rather than passing for a complete file.
  records.on('error', (error) => writer.destroy(error));
  return records.pipe(writer);
}

/** Answers the export as a CSV download, streamed. */
export function sendCsvExport<Row>(reply: FastifyReply, file: CsvExport<Row>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(csvStream(file.columns, file.rows));
}
