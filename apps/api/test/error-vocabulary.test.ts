import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { errorDefinitions, errorMessageOf, type ApiErrorKey } from '@clube/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../src/lib/app-error';
import { assertErrorBodyFollowsTable } from './error-table-guard';
import { createClubWithBearer, createPlace, pngDeclaring } from './factories';
import { build } from './helper';
import { encodeMultipart } from './route-table';

const context = build();

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every `new AppError(` of the API's source, with what follows it up to the closing paren. */
const throwSites = sourceFiles(join(import.meta.dirname, '../src')).flatMap((file) =>
  [...readFileSync(file, 'utf8').matchAll(/new AppError\(\s*([^,)]*)([^)]*)\)/g)].map((match) => ({
    file,
    key: match[1]!.trim(),
    rest: match[2]!.trim(),
  })),
);

/** Never run: `npm run typecheck` proves each line below is refused by the compiler. */
export function refusedByTheCompiler() {
  // @ts-expect-error a code outside the table
  void new AppError('NoSuchFailure');
  // @ts-expect-error free text in place of the table's text
  void new AppError('CompanyNotFound', 'Clube X não encontrado.');
  // @ts-expect-error a text with a placeholder needs its value
  void new AppError('ImageTooLarge');
  // @ts-expect-error a value the text does not have
  void new AppError('CompanyNotFound', { params: { name: 'X' } });
  // @ts-expect-error the client's own fallback is never an API answer
  void new AppError('RequestFailed');
}

describe('one vocabulary of errors', () => {
  it('throws only codes of the table, never with a text of its own', () => {
    expect(throwSites.length).toBeGreaterThan(50);
    for (const site of throwSites) {
      const literal = /^'(\w+)'$/.exec(site.key);
      if (literal) expect(Object.keys(errorDefinitions), site.file).toContain(literal[1]);
      // The only other argument is an options object ({ params, details }), never a string.
      expect(site.rest, site.file).not.toMatch(/^,\s*['"`]/);
    }
  });

  it('an AppError carries the table text of its code, filled with its params', () => {
    const keys: ApiErrorKey[] = ['CompanyNotFound', 'PlaceNotFound', 'TitleNotFound'];
    for (const key of keys) {
      expect(new AppError(key as 'CompanyNotFound').message).toBe(errorDefinitions[key].message);
    }
    const error = new AppError('ImageTooLarge', { params: { maxMegabytes: 5 } });
    expect(error.message).toBe(errorMessageOf('ImageTooLarge', { maxMegabytes: 5 }));
    expect(error.statusCode).toBe(413);
  });

  it('the guard every API test runs through refuses a message that differs from the table', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(() => assertErrorBodyFollowsTable(response)).not.toThrow();
    const overridden = {
      ...response,
      json: () => ({ ...response.json<object>(), message: 'Registro não encontrado.' }),
    } as typeof response;
    expect(() => assertErrorBodyFollowsTable(overridden)).toThrow(/instead of the table's/);
    const unknown = {
      ...response,
      json: () => ({ ...response.json<object>(), error: 'SomethingElse' }),
    } as typeof response;
    expect(() => assertErrorBodyFollowsTable(unknown)).toThrow(/outside the table/);
  });

  it('answers "Clube não encontrado." with its own code for a club that is not the caller\'s', async () => {
    const { headers } = await createClubWithBearer(context.app);
    const other = await createClubWithBearer(context.app);
    for (const id of [other.company.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await context.app.inject({
        method: 'GET',
        url: `/api/backoffice/company/${id}`,
        headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'CompanyNotFound',
        message: 'Clube não encontrado.',
      });
    }
  });

  it('answers a path parameter over 100 characters with a body of the table, not echoing the URL', async () => {
    const { headers } = await createClubWithBearer(context.app);
    const long = 'a'.repeat(150);
    for (const url of [`/api/backoffice/place/${long}`, `/api/portal/places/${long}`]) {
      const response = await context.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({ error: 'MalformedRequest' });
      expect(response.body).not.toContain(long);
    }
  });

  it('answers a photo over 40 megapixels with its own code and text, not the file-size one', async () => {
    const { company, headers } = await createClubWithBearer(context.app);
    const place = await createPlace(context.app.db, company.id);
    // 8000 × 5001 pixels: just over 40 MP in a file of well under 1 KB.
    const photo = pngDeclaring(8000, 5001);
    expect(photo.length).toBeLessThan(1024);
    const body = await encodeMultipart(
      { placeId: place.id },
      { field: 'image', bytes: photo, name: 'foto.png', type: 'image/png' },
    );
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/backoffice/placeImage',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      error: 'ImageTooManyPixels',
      message: 'A imagem tem dimensões grandes demais. Envie uma imagem de até 40 megapixels.',
      params: { maxMegapixels: 40 },
    });
    expect(response.json().message).not.toBe(errorDefinitions.ImageTooLarge.message);
  });
});
