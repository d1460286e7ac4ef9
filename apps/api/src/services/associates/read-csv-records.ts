import { isAscii, isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { AppError } from '../../lib/app-error';
import {
  columnLabels,
  detectDelimiter,
  normalizeHeader,
  requiredColumns,
} from './parse-associate-row';

/**
 * The header line of a membership file is a few dozen bytes. Bytes without a line break past this
 * are not a membership file, and reading on would let one upload hold the CPU (a 40 MB "header"
 * used to be re-joined on every chunk).
 */
export const headerMaxBytes = 64 * 1024;

export type CsvRecord = { record: Record<string, string | undefined>; info: { lines: number } };

/**
 * Decodes the file's bytes as UTF-8 or, when they are not valid UTF-8, as Windows-1252 (what Excel
 * in Brazil saves as "CSV"). Decoding invalid UTF-8 as UTF-8 would store U+FFFD in place of every
 * accented letter ("Jo�o"), so the choice is made from the bytes themselves: both encodings write
 * ASCII alike, so the decision waits for the first non-ASCII byte and needs no look-back. A file
 * that starts as valid UTF-8 (or with its BOM) and later holds invalid UTF-8 is refused rather
 * than guessed.
 */
export class CsvTextDecoder {
  private mode: 'undecided' | 'utf-8' | 'windows-1252' = 'undecided';
  private utf8 = new TextDecoder('utf-8', { fatal: true });
  private readonly windows1252 = new TextDecoder('windows-1252');
  /** Undecided only: the start of a multi-byte sequence cut by the chunk boundary. */
  private carry: Buffer = Buffer.alloc(0);
  private atStart = true;
  private lines = 1;

  write(chunk: Buffer): string {
    let data = chunk;
    if (this.atStart) {
      this.atStart = false;
      // The UTF-8 BOM settles the question; TextDecoder drops it from the text.
      if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) this.mode = 'utf-8';
    }
    if (this.mode === 'windows-1252') return this.count(this.windows1252.decode(data));
    if (this.mode === 'utf-8') return this.decodeUtf8(data, true);

    if (this.carry.length > 0) data = Buffer.concat([this.carry, data]);
    const cut = incompleteTail(data);
    const complete = data.subarray(0, data.length - cut);
    this.carry = Buffer.from(data.subarray(data.length - cut));
    if (isAscii(complete)) return this.count(complete.toString('latin1'));
    // Everything before this chunk was ASCII: its first non-ASCII character decides.
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    if (startsWithUtf8Sequence(complete.subarray(complete.findIndex((byte) => byte >= 0x80)))) {
      this.mode = 'utf-8';
      return this.decodeUtf8(complete, true) + this.decodeUtf8(rest, true);
    }
    this.mode = 'windows-1252';
    return this.count(this.windows1252.decode(Buffer.concat([complete, rest])));
  }

  end(): string {
    if (this.mode === 'utf-8') return this.decodeUtf8(Buffer.alloc(0), false);
    // A file ending in half a UTF-8 sequence after nothing but ASCII is not UTF-8.
    const rest = this.carry;
    this.carry = Buffer.alloc(0);
    return rest.length > 0 ? this.count(this.windows1252.decode(rest)) : '';
  }

  private decodeUtf8(data: Buffer, stream: boolean): string {
    try {
      return this.count(this.utf8.decode(data, { stream }));
    } catch {
      const before = data.subarray(0, firstInvalidUtf8(data));
      let line = this.lines;
      for (
        let index = before.indexOf(0x0a);
        index !== -1;
        index = before.indexOf(0x0a, index + 1)
      ) {
        line += 1;
      }
      throw new AppError('CsvMixedEncoding', { params: { line } });
    }
  }

  /** Keeps the line count for the message of a file that turns out to mix encodings. */
  private count(text: string): string {
    for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) {
      this.lines += 1;
    }
    return text;
  }
}

/** Whether `data` starts with one whole, valid multi-byte UTF-8 character. */
function startsWithUtf8Sequence(data: Buffer): boolean {
  const lead = data[0] ?? 0;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 0;
  return length > 0 && data.length >= length && isUtf8(data.subarray(0, length));
}

/** Where the first byte that does not start a valid UTF-8 character is (for the message). */
function firstInvalidUtf8(data: Buffer): number {
  let index = 0;
  while (index < data.length) {
    if (data[index]! < 0x80) index += 1;
    else if (startsWithUtf8Sequence(data.subarray(index)))
      index += data[index]! >= 0xf0 ? 4 : data[index]! >= 0xe0 ? 3 : 2;
    else return index;
  }
  return index;
}

/** Bytes at the end of `data` that start a UTF-8 sequence the next chunk would complete. */
function incompleteTail(data: Buffer): number {
  for (let back = 1; back <= Math.min(3, data.length); back += 1) {
    const byte = data[data.length - back]!;
    if (byte < 0x80) return 0;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? back : 0;
    }
  }
  return 0;
}

function toBuffer(chunk: Buffer | string): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
}

/**
 * Reads the header line to check the columns and choose the delimiter, then returns the parsed
 * records of the whole file, decoded as it streams. The header is looked for in each new chunk
 * only, and given up on past `headerMaxBytes` without reading the rest of the source.
 */
export async function openCsvRecords(
  source: AsyncIterable<Buffer | string>,
): Promise<AsyncGenerator<CsvRecord>> {
  const iterator = source[Symbol.asyncIterator]();
  const decoder = new CsvTextDecoder();
  const head: string[] = [];
  let headBytes = 0;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = toBuffer(next.value);
    const newline = chunk.indexOf(0x0a);
    if ((newline === -1 ? headBytes + chunk.length : headBytes + newline) > headerMaxBytes) {
      // The rest of the source is never read (the upload route drains what is left unparsed).
      throw new AppError('CsvHeaderTooLong', { params: { maxKibibytes: headerMaxBytes / 1024 } });
    }
    headBytes += chunk.length;
    head.push(decoder.write(chunk));
    if (newline !== -1) break;
  }
  const headText = head.join('');
  const headerLine = headText.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
  if (!headerLine.trim()) throw new AppError('CsvEmpty');
  const delimiter = detectDelimiter(headerLine);
  const columns = headerLine.split(delimiter).map(normalizeHeader);
  const missing = requiredColumns.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    throw new AppError('CsvMissingColumns', {
      params: { columns: missing.map((column) => columnLabels[column]).join(', ') },
    });
  }
  async function* text() {
    yield headText;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const decoded = decoder.write(toBuffer(next.value));
      if (decoded) yield decoded;
    }
    const rest = decoder.end();
    if (rest) yield rest;
  }
  const parser = parse({
    bom: true,
    delimiter,
    columns: (header: string[]) => header.map(normalizeHeader),
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    info: true,
  });
  const input = Readable.from(text());
  input.on('error', (error) => parser.destroy(error));
  // The parser may fail (e.g. a quote never closed) before anyone iterates it — on PostgreSQL the
  // transaction is still opening. An 'error' event nobody listens to would crash the process, so
  // it is kept here and thrown to whoever iterates.
  let failure: unknown;
  parser.on('error', (error) => (failure ??= error));
  input.pipe(parser);
  async function* records(): AsyncGenerator<CsvRecord> {
    yield* parser as AsyncIterable<CsvRecord>;
    if (failure) throw failure;
  }
  return records();
}
