import { describe, expect, it } from 'vitest';
import { CsvTextDecoder } from './read-csv-records';

const decodeAll = (chunks: Buffer[]) => {
  const decoder = new CsvTextDecoder();
  return chunks.map((chunk) => decoder.write(chunk)).join('') + decoder.end();
};
const bytes = (buffer: Buffer) => [...buffer].map((byte) => Buffer.of(byte));

describe('CsvTextDecoder', () => {
  const text = 'nome\nJoão Conceição, Ímpar, ação\n';

  it('decodes UTF-8 and Windows-1252 alike, in one piece or byte by byte', () => {
    for (const encoded of [Buffer.from(text), Buffer.from(text, 'latin1')]) {
      expect(decodeAll([encoded])).toBe(text);
      expect(decodeAll(bytes(encoded))).toBe(text);
    }
  });

  it('drops the UTF-8 BOM and reads a file ending in a Windows-1252 letter', () => {
    expect(decodeAll([Buffer.from(`\uFEFF${text}`)])).toBe(text);
    expect(decodeAll([Buffer.from('nome\nJoã', 'latin1')])).toBe('nome\nJoã');
  });

  it('refuses UTF-8 followed by invalid bytes, naming the line', () => {
    const mixed = Buffer.concat([
      Buffer.from('a\nJoão\n'),
      Buffer.from('b\nConceição\n', 'latin1'),
    ]);
    for (const chunks of [[mixed], bytes(mixed)]) {
      expect(() => decodeAll(chunks)).toThrow(/perto da linha 4/);
    }
  });
});
