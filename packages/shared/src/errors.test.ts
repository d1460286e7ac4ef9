import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  errorCodeOf,
  errorDefinitions,
  errorKeyOfCode,
  errorMessageOf,
  errorTexts,
  type ErrorKey,
  type ErrorParams,
} from './errors';

const keys = Object.keys(errorDefinitions) as ErrorKey[];

describe('the error table', () => {
  it('gives every code a Portuguese text and an HTTP status', () => {
    for (const key of keys) {
      const definition = errorDefinitions[key];
      expect(definition.message.trim(), key).not.toBe('');
      expect(definition.message, key).toMatch(/[.!:}]$/);
      expect(errorTexts[key], key).toBe(definition.message);
      // Only the client's own fallback has no HTTP status.
      if (key === 'RequestFailed') expect(definition.status).toBe(0);
      else expect(definition.status, key).toBeGreaterThanOrEqual(400);
    }
  });

  it('is one entry per line, sorted by code, so parallel additions merge line by line', () => {
    const source = readFileSync(new URL('./errors.ts', import.meta.url), 'utf8');
    const table = source.slice(
      source.indexOf('export const errorDefinitions = {'),
      source.indexOf('} as const satisfies'),
    );
    const entryLines = table.split('\n').filter((line) => /^ {2}\w+: \{/.test(line));
    const keysInFile = entryLines.map((line) => line.trim().split(':')[0]!);
    expect(keysInFile).toEqual(keys);
    expect(keysInFile).toEqual([...keysInFile].sort());
    for (const line of entryLines) expect(line.trimEnd(), line).toMatch(/ \},$/);
  });

  it('gives every failure its own code on the wire', () => {
    const codes = keys.map(errorCodeOf);
    expect(new Set(codes).size).toBe(codes.length);
    for (const key of keys) expect(errorKeyOfCode(errorCodeOf(key))).toBe(key);
    expect(errorKeyOfCode('Teapot')).toBeNull();
  });

  it('gives every distinct failure its own text', () => {
    const byText = new Map<string, ErrorKey[]>();
    for (const key of keys) {
      byText.set(errorDefinitions[key].message, [
        ...(byText.get(errorDefinitions[key].message) ?? []),
        key,
      ]);
    }
    expect([...byText.values()].filter((group) => group.length > 1)).toEqual([]);
  });

  it('keeps the texts and codes clients match word for word', () => {
    expect(errorCodeOf('RefreshTokenExpired')).toBe('Refresh token expirado');
    expect(errorCodeOf('InvalidCredentials')).toBe('Invalid user or password');
    expect(errorDefinitions.InvalidCredentials.message).toBe(
      'Credenciais inválidas! Tente novamente.',
    );
    expect(errorDefinitions.InternalServerError.message).toBe(
      'Estamos com problemas técnicos. Nosso time já está resolvendo.',
    );
    expect(errorDefinitions.OpenTimeAfterCloseTime.message).toBe(
      'O horário de abertura deve ser anterior ao horário de fechamento!',
    );
  });

  it('fills the placeholders of a text from its params', () => {
    expect(errorMessageOf('ImageTooLarge', { maxMegabytes: 5 })).toBe(
      'A imagem deve ter no máximo 5 MB.',
    );
    expect(errorMessageOf('TitleSuspended', { endDate: '05/12/2026' })).toBe(
      'O título está suspenso por faltas até 05/12/2026.',
    );
    expect(errorMessageOf('CompanyNotFound')).toBe('Clube não encontrado.');
  });

  it('types the params of a text by its placeholders', () => {
    expectTypeOf<ErrorParams<'ImageTooManyPixels'>>().toEqualTypeOf<{
      maxMegapixels: string | number;
    }>();
    expectTypeOf<ErrorParams<'RouteNotFound'>>().toEqualTypeOf<{
      method: string | number;
      path: string | number;
    }>();
    expectTypeOf<keyof ErrorParams<'CompanyNotFound'>>().toEqualTypeOf<never>();
  });
});
