import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every service is called one way: `service(db, options)`. The database (or the transaction, `tx`)
 * comes first and alone; everything else (the caller, dependencies such as storage or the rate
 * limiter, the inputs, the clock) travels in one object named `options` (docs/ARCHITECTURE.md,
 * "Services"). An exported function whose first parameter is `db` or `tx` is a service; so is
 * one whose first parameter is an object holding `db` or `tx` (a service in the wrong shape).
 */

const apiRoot = join(import.meta.dirname, '..');
const servicesRoot = join(apiRoot, 'src', 'services');

/**
 * Files (relative to apps/api) whose services are not called `(db, options)` yet. Nothing may be
 * added here: the list only shrinks as those services move to the convention, and a listed file
 * that no longer offends fails the test, so the list cannot go stale.
 */
const notYetConverted: readonly string[] = [];

function serviceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return serviceFiles(path);
    const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts');
    return isSource && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);

/** The exported functions of a file: declarations and `export const f = (…) => …`. */
function exportedFunctions(source: ts.SourceFile) {
  const found: Array<{
    name: string;
    line: number;
    parameters: ts.NodeArray<ts.ParameterDeclaration>;
  }> = [];
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && isExported(statement) && statement.body) {
      const name = statement.name?.text ?? 'default';
      found.push({ name, line: lineOf(statement), parameters: statement.parameters });
    }
    if (ts.isVariableStatement(statement) && isExported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        const value = declaration.initializer;
        if (!value || !(ts.isArrowFunction(value) || ts.isFunctionExpression(value))) continue;
        const name = declaration.name.getText(source);
        found.push({ name, line: lineOf(declaration), parameters: value.parameters });
      }
    }
  }
  return found;
}

const parameterName = (parameter: ts.ParameterDeclaration | undefined) =>
  parameter && ts.isIdentifier(parameter.name) ? parameter.name.text : undefined;

const isDatabaseName = (name: ts.Node | undefined) =>
  name !== undefined && ts.isIdentifier(name) && (name.text === 'db' || name.text === 'tx');

/** Whether a type (a literal, or a type of the same file) has a `db` or `tx` member. */
function typeHoldsDatabase(type: ts.TypeNode | undefined, source: ts.SourceFile): boolean {
  if (!type) return false;
  if (ts.isTypeLiteralNode(type)) return type.members.some((member) => isDatabaseName(member.name));
  if (ts.isIntersectionTypeNode(type) || ts.isUnionTypeNode(type)) {
    return type.types.some((part) => typeHoldsDatabase(part, source));
  }
  if (ts.isParenthesizedTypeNode(type)) return typeHoldsDatabase(type.type, source);
  if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
    const name = type.typeName.text;
    return source.statements.some(
      (statement) =>
        (ts.isTypeAliasDeclaration(statement) &&
          statement.name.text === name &&
          typeHoldsDatabase(statement.type, source)) ||
        (ts.isInterfaceDeclaration(statement) &&
          statement.name.text === name &&
          statement.members.some((member) => isDatabaseName(member.name))),
    );
  }
  return false;
}

/**
 * Whether a function takes the database first: as `db`/`tx`, or hidden in its first object
 * (`({ db, … })`, `(options: { db: Database; … })`), which is a service in the wrong shape too.
 */
function takesDatabaseFirst(parameter: ts.ParameterDeclaration | undefined, source: ts.SourceFile) {
  if (!parameter) return false;
  if (isDatabaseName(parameter.name)) return true;
  if (ts.isObjectBindingPattern(parameter.name)) {
    const holdsDatabase = parameter.name.elements.some((element) =>
      isDatabaseName(element.propertyName ?? element.name),
    );
    if (holdsDatabase) return true;
  }
  return typeHoldsDatabase(parameter.type, source);
}

/** `file:line name(parameters)` for every service that is not called `(db, options)`. */
function offendersOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return exportedFunctions(source).flatMap(({ name, line, parameters }) => {
    if (!takesDatabaseFirst(parameters[0], source)) return [];
    const follows = parameters.length === 2 && parameterName(parameters[1]) === 'options';
    if (follows) return [];
    const list = parameters.map((parameter) => parameter.name.getText(source)).join(', ');
    return [`${relative(apiRoot, file)}:${line} ${name}(${list})`];
  });
}

describe('service calling convention', () => {
  const offenders = serviceFiles(servicesRoot).flatMap((file) =>
    offendersOf(file, readFileSync(file, 'utf8')),
  );
  const fileOf = (offender: string) => offender.slice(0, offender.indexOf(':'));

  it('every service takes (db, options)', () => {
    const unexpected = offenders.filter((offender) => !notYetConverted.includes(fileOf(offender)));
    expect(
      unexpected,
      `Services must be declared as \`name(db: Database, options: NameOptions)\` (or \`tx\` first), ` +
        `with the caller, dependencies and inputs in \`options\`. Offending:\n  ${unexpected.join('\n  ')}`,
    ).toEqual([]);
  });

  it('tells services in another shape from the rest', () => {
    const file = join(servicesRoot, 'example.ts');
    const text = `
      type FindOptions = { db: Database; id: string };
      export async function good(db: Database, options: { id: string }) {}
      export const goodToo = async (tx: Database, options: Options) => {};
      export async function positional(db: Database, staff: Staff, id: string) {}
      export function noOptions(tx: Database) {}
      export const misnamed = (db: Database, input: Input) => input;
      export async function destructured({ db, id }: { db: Database; id: string }) {}
      export async function holdsDatabase(options: FindOptions) {}
      export function notAService(row: Row, db: Database) {}
      async function internal(db: Database, id: string) {}
    `;
    expect(
      offendersOf(file, text).map((offender) => offender.slice(offender.indexOf(' ') + 1)),
    ).toEqual([
      'positional(db, staff, id)',
      'noOptions(tx)',
      'misnamed(db, input)',
      'destructured({ db, id })',
      'holdsDatabase(options)',
    ]);
  });

  it('lists in notYetConverted only files that still offend', () => {
    const offending = new Set(offenders.map(fileOf));
    const converted = notYetConverted.filter((file) => !offending.has(file));
    expect(
      converted,
      `These files follow the convention now; remove them from notYetConverted:\n  ${converted.join('\n  ')}`,
    ).toEqual([]);
  });
});

/**
 * Routes read and write only through services: a route imports no table, no query builder and no
 * connection (`@clube/db` and `drizzle-orm` values); types are welcome.
 */
function databaseImportsOf(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      return [];
    const from = statement.moduleSpecifier.text;
    if (from !== '@clube/db' && from !== 'drizzle-orm' && !from.startsWith('drizzle-orm/'))
      return [];
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) return clause ? [] : [`${from} (side effects)`];
    const bindings = clause.namedBindings;
    const values = [
      ...(clause.name ? [clause.name.text] : []),
      ...(bindings && ts.isNamespaceImport(bindings) ? [`* as ${bindings.name.text}`] : []),
      ...(bindings && ts.isNamedImports(bindings)
        ? bindings.elements
            .filter((element) => !element.isTypeOnly)
            .map((element) => element.name.text)
        : []),
    ];
    return values.map((name) => `${relative(apiRoot, file)}: ${name} from ${from}`);
  });
}

describe('routes and the database', () => {
  it('no route imports a table, the query builder or a connection', () => {
    const imports = serviceFiles(join(apiRoot, 'src', 'routes')).flatMap((file) =>
      databaseImportsOf(file, readFileSync(file, 'utf8')),
    );
    expect(imports, 'Move these reads and writes into a service.').toEqual([]);
  });

  it('tells type imports from value imports', () => {
    const text = `
      import type { Database } from '@clube/db';
      import { type DatabaseHandle, places, withConnection } from '@clube/db';
      import { sql } from 'drizzle-orm';
      import * as pg from 'drizzle-orm/pg-core';
      import { z } from 'zod';
    `;
    expect(databaseImportsOf(join(apiRoot, 'src/routes/example.ts'), text)).toEqual([
      'src/routes/example.ts: places from @clube/db',
      'src/routes/example.ts: withConnection from @clube/db',
      'src/routes/example.ts: sql from drizzle-orm',
      'src/routes/example.ts: * as pg from drizzle-orm/pg-core',
    ]);
  });
});

/**
 * A place's blocked times and bookings overlapping a time are read in one module,
 * the folder services/appointments/place-day/ (the slot lists, the rules, the day sheet, the occupancy, a
 * block's impact and its move targets). Elsewhere a service that wants them asks that module: an
 * overlap test on a booking's or a block's two ends (the query builder's `lt(…startsAt)` with
 * `gt(…endsAt)`, or overlapsPeriod/overlapsBounds) is a second reader of a place's day.
 */
const overlapReaders = [
  /\blt\((appointments|blockedTimes)\.startsAt\b[\s\S]*\bgt\(\1\.endsAt\b/,
  /\bgt\((appointments|blockedTimes)\.endsAt\b[\s\S]*\blt\(\1\.startsAt\b/,
  /\boverlaps(Period|Bounds)\(\s*(appointments|blockedTimes)\./,
];
/** The blocks screen's list is a list of blocks over a period, not a place's day. */
const overlapReaderExceptions = ['src/services/blocked-times/list-blocked-times.ts'];

const readsAnOverlap = (text: string) => overlapReaders.some((pattern) => pattern.test(text));

describe("one reader of a place's day", () => {
  it('no service but place-day/ reads bookings or blocks by overlap', () => {
    const readers = serviceFiles(servicesRoot)
      .map((file) => relative(apiRoot, file))
      .filter(
        (file) =>
          !file.startsWith('src/services/appointments/place-day/') &&
          !overlapReaderExceptions.includes(file) &&
          readsAnOverlap(readFileSync(join(apiRoot, file), 'utf8')),
      );
    expect(readers, "Read a place's blocks and bookings through place-day/").toEqual([]);
  });

  it('tells an overlap query from a bound on one end', () => {
    expect(
      readsAnOverlap(`and(lt(appointments.startsAt, to), gt(appointments.endsAt, from))`),
    ).toBe(true);
    expect(readsAnOverlap(`overlapsPeriod(blockedTimes.startsAt, blockedTimes.endsAt, r)`)).toBe(
      true,
    );
    expect(readsAnOverlap(`and(gte(appointments.startsAt, a), lt(appointments.startsAt, b))`)).toBe(
      false,
    );
  });
});
