import fc from 'fast-check';
import { beforeAll, expect } from 'vitest';
import {
  bearerFor,
  createAssociate,
  createClubWithStaff,
  createOperatingHours,
  createPlace,
} from './factories';
import { build } from './helper';
import { setServerAdmin } from '../src/services/staff/set-server-admin';
import type { Operation } from './route-table';

/**
 * Hostile input over every route of the OpenAPI document (so new routes are covered without
 * touching the tests): random and malformed path params, query strings and bodies must always
 * answer a 4xx with the error body — never a 5xx, a stack trace or SQL. The three fuzz files
 * (fuzz-hostile-input, fuzz-dates, fuzz-multipart) share this scene: a club with a server
 * administrator and a member signed in, one row of each resource a path may name, and the route
 * table read from the OpenAPI document.
 */

export type { JsonSchema, Operation } from './route-table';

export type FuzzScene = {
  staffHeaders: Record<string, string>;
  memberHeaders: Record<string, string>;
  /** Each realm's routes are fuzzed with its own session, so requests get past the sign-in check. */
  headersFor: (path: string) => Record<string, string>;
  realIds: string[];
  /** A real row of the caller's club for each resource a path parameter may name. */
  idsByResource: Record<string, string>;
  operations: Operation[];
};

/** The app on a fresh database and the scene, filled in before the file's tests. */
export function useFuzzScene() {
  const context = build();
  const scene = {
    headersFor: (path: string) =>
      path.startsWith('/api/portal/') ? scene.memberHeaders : scene.staffHeaders,
  } as FuzzScene;
  beforeAll(async () => {
    const db = context.db;
    const { company, staff } = await createClubWithStaff(db);
    // A server administrator too, so the server's routes (creating a club) are fuzzed past their
    // permission, like every club route.
    await setServerAdmin(db, { cpf: staff.cpf, isServerAdmin: true });
    const place = await createPlace(db, company.id);
    const associate = await createAssociate(db, company.id, { password: 'senha-do-socio' });
    await createOperatingHours(db, company.id);
    scene.staffHeaders = await bearerFor(context.app, staff.cpf);
    const member = await context.app.inject({
      method: 'POST',
      url: '/api/portal/auth/login',
      payload: { cpf: associate.cpf, password: 'senha-do-socio' },
    });
    scene.memberHeaders = { authorization: `Bearer ${member.json().access_token}` };
    scene.realIds = [
      company.id,
      place.id,
      place.categoryId,
      associate.id,
      associate.associateTitleId,
    ];
    scene.idsByResource = {
      company: company.id,
      place: place.id,
      category: place.categoryId,
      associate: associate.id,
      associateTitle: associate.associateTitleId,
    };

    const document = context.app.swagger() as unknown as {
      paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
    };
    scene.operations = Object.entries(document.paths)
      // The member's event stream takes no input but the token, answers 200 and stays open (its
      // refusals: club-events.test.ts); inject would wait for its end.
      .filter(([path]) => !path.startsWith('/api/docs') && path !== '/api/portal/events')
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({
          ...operation,
          method: method.toUpperCase(),
          path,
        })),
      );
  });
  return { context, scene };
}

export const junkString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '../../etc/passwd',
    '%00',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    'null',
    'undefined',
    '-1',
    '1e309',
    'NaN',
    '9999-99-99',
    '2026-02-30',
    '25:61',
    '00000000-0000-0000-0000-000000000000',
    'x'.repeat(5000),
    '１２３',
    '\u0000',
  ),
  fc.integer().map(String),
  fc.uuid(),
);

export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  junkString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(junkString, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), junkString, { maxKeys: 3 }),
);

/** A 4xx answer carries the error body, and no answer leaks a stack trace or SQL. */
export function expectSafeError(statusCode: number, body: string, label: string) {
  expect(statusCode, label).toBeLessThan(500);
  if (statusCode < 400) return;
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(parsed, label).toMatchObject({
    statusCode,
    error: expect.any(String),
    message: expect.any(String),
  });
  expect(body, label).not.toMatch(/\n\s+at |node_modules|\bselect\b.*\bfrom\b|\binsert into\b/i);
}
