import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';

/**
 * The one form of every CSV the API exports, so that Excel in Portuguese opens it right and no
 * cell runs as a formula: UTF-8 with a BOM, `;` between cells, CRLF between lines, a header row of
 * Portuguese column names, and every cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return prefixed with `'` (the spreadsheet then shows it as text).
 */
export type CsvColumn<Row> = { header: string; value: (row: Row) => string | number | null };

const formulaStart = /^[=+\-@\t\r]/;

/** A cell a spreadsheet will show as text, never evaluate. */
export function neutraliseFormula(cell: string): string {
  return formulaStart.test(cell) ? `'${cell}` : cell;
}

/** The CSV of `rows`, written as they come: the rows are never all in memory. */
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
    header: true,
    columns: columns.map((column) => neutraliseFormula(column.header)),
  });
  // A failed read ends the download broken rather than passing for a complete file.
  records.on('error', (error) => writer.destroy(error));
  return records.pipe(writer);
}

/** Sends `stream` as a CSV download named `fileName`. */
export function sendCsv(reply: FastifyReply, fileName: string, stream: Readable) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
