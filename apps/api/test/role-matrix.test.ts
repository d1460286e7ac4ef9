import { companyStaff } from '@clube/db';
import {
  hasPermission,
  permissionRoles,
  serverPermissions,
  staffRoles,
  type Permission,
  type StaffRole,
} from '@clube/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { enforcePermissions } from '../src/plugins/permissions';
import { bearerFor, createUser } from './factories';
import { build } from './helper';
import {
  encodeMultipart,
  idFor,
  isIdLike,
  listOperations,
  multipartForms,
  operationName,
  sampleUploadFor,
  sampleValues,
  seedClub,
  type JsonSchema,
  type Operation,
  type SeededClub,
} from './route-table';

/**
 * The role matrix, generated from the route table: every /api/backoffice route is called by a
 * staff member of each role. A role without the route's permission gets 403 `PermissionDenied`;
 * a role with it never gets a 403. The permission of each route is the one its config declares,
 * which the OpenAPI document repeats (`x-permission`, `x-roles`).
 */

const context = build();

type BackofficeOperation = Operation & { 'x-permission'?: Permission; 'x-roles'?: StaffRole[] };

const backofficeOperations = () =>
  (listOperations(context.app) as BackofficeOperation[]).filter((operation) =>
    operation.path.startsWith('/api/backoffice/'),
  );

type Club = SeededClub;

/** A valid request of `operation` on the club's own rows. */
async function requestOf(operation: Operation, club: Club, headers: Record<string, string>) {
  const samples = sampleValues(club);
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(idFor(club, name, operation.path))),
  );
  const query: Record<string, string> = {};
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    const value = isIdLike(parameter.name)
      ? idFor(club, parameter.name, operation.path)
      : parameter.required
        ? samples[parameter.name]
        : undefined;
    if (value !== undefined) query[parameter.name] = String(value);
  }
  const form = multipartForms[operationName(operation)];
  if (form) {
    const fields: Record<string, string> = {};
    for (const [name, kind] of Object.entries(form.fields)) {
      if (kind === 'id') fields[name] = String(idFor(club, name, operation.path));
    }
    const file = await sampleUploadFor(form.fileField);
    const body = await encodeMultipart(fields, { field: form.fileField, ...file });
    return {
      method: operation.method,
      url,
      query,
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    };
  }
  const schema: JsonSchema | undefined =
    operation.requestBody?.content?.['application/json']?.schema;
  if (!schema) return { method: operation.method, url, query, headers };
  const payload: Record<string, unknown> = {};
  for (const name of Object.keys(schema.properties ?? {})) {
    if (isIdLike(name)) payload[name] = idFor(club, name, operation.path);
    else if (name in samples) payload[name] = samples[name];
    else if (schema.required?.includes(name)) {
      throw new Error(`${operationName(operation)}: no sample value for required field ${name}`);
    }
  }
  return { method: operation.method, url, query, headers, payload };
}

/** Adds a staff member of `role` to the club and answers their Authorization header. */
async function staffOfRole(club: Club, role: StaffRole) {
  if (role === 'administrador') return bearerFor(context.app, club.staff.cpf);
  const user = await createUser(context.db, { name: `Equipe ${role}` });
  await context.db
    .insert(companyStaff)
    .values({ companyId: club.company.id, userId: user.id, role });
  return bearerFor(context.app, user.cpf);
}

describe('role matrix', () => {
  it('declares a known permission on every back-office route', () => {
    const operations = backofficeOperations();
    expect(operations.length).toBeGreaterThanOrEqual(45);
    const undeclared = operations
      .filter((operation) => !operation['x-permission'])
      .map(operationName);
    expect(undeclared).toEqual([]);
    for (const operation of operations) {
      expect(operation['x-roles']).toEqual(permissionRoles[operation['x-permission']!]);
    }
  });

  it('refuses to start with a back-office route that declares no permission', async () => {
    const app = Fastify();
    void app.register(async (scope) => {
      enforcePermissions(scope);
      scope.get('/declared', { config: { permission: 'club.read' } }, async () => ({}));
      scope.get('/forgotten', async () => ({}));
    });
    await expect(app.ready()).rejects.toThrow(/GET \/forgotten: declare the route's permission/);
  });

  it('answers 403 PermissionDenied to every role without the permission, and no 403 to the others', async () => {
    const club = await seedClub(context.db, 'Clube dos Papéis');
    const headersOf = {} as Record<StaffRole, Record<string, string>>;
    // Forbidden calls first, then the allowed ones: a write allowed to one role must not change
    // what the next is refused over.
    for (const role of ['consulta', 'recepcao', 'administrador'] as const) {
      headersOf[role] = await staffOfRole(club, role);
    }
    const failures: string[] = [];
    let forbiddenCalls = 0;
    for (const role of ['consulta', 'recepcao', 'administrador'] as const) {
      for (const operation of backofficeOperations()) {
        const allowed = hasPermission(role, operation['x-permission']!);
        const request = await requestOf(operation, club, headersOf[role]);
        // The live event stream never ends once open: only its status is read.
        const isStream = allowed && operation.path === '/api/backoffice/events';
        const response = await context.app.inject({
          ...request,
          ...(isStream ? { payloadAsStream: true } : {}),
        } as never);
        if (isStream) response.stream().destroy();
        const label = `${role} ${operationName(operation)}`;
        if (allowed && response.statusCode === 403) {
          failures.push(`${label}: allowed but answered 403 ${response.body.slice(0, 160)}`);
        }
        if (!allowed) {
          forbiddenCalls += 1;
          const body = response.json<{ error?: string }>();
          // No club role gives a permission of the server: its refusal says whose it is.
          const refusal = serverPermissions.includes(operation['x-permission']!)
            ? 'ServerAdministratorRequired'
            : 'PermissionDenied';
          if (response.statusCode !== 403 || body.error !== refusal) {
            failures.push(
              `${label}: forbidden but answered ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(forbiddenCalls).toBeGreaterThan(30);
  }, 120_000);
});

describe('the permissions table', () => {
  const operations = () => backofficeOperations();
  const allowedTo = (role: StaffRole) =>
    operations().filter((operation) => hasPermission(role, operation['x-permission']!));

  it("gives the administrator every route but the server's own", () => {
    const ofClubs = operations().filter(
      (operation) => !serverPermissions.includes(operation['x-permission']!),
    );
    expect(allowedTo('administrador').length).toBe(ofClubs.length);
    expect(ofClubs.length).toBe(operations().length - 1);
  });

  it('lets Consulta only read, besides changing their own password', () => {
    const writes = allowedTo('consulta')
      .filter((operation) => operation.method !== 'GET')
      .map(operationName);
    expect(writes).toEqual(['PATCH /api/backoffice/profile/password']);
  });

  it('lets Recepção book, cancel, block and look after associates, but not run the club', () => {
    const names = allowedTo('recepcao').map(operationName);
    for (const name of [
      'POST /api/backoffice/appointment',
      'POST /api/backoffice/appointment/exception',
      'PATCH /api/backoffice/appointment/cancel/{id}',
      'PATCH /api/backoffice/appointment/cancel/{id}/exception',
      'PATCH /api/backoffice/appointment/{id}/check-in',
      'PATCH /api/backoffice/appointment/{id}/no-show',
      'POST /api/backoffice/blocked-time/single',
      'DELETE /api/backoffice/blocked-time/{id}',
      'PATCH /api/backoffice/associate/{id}/block',
      'PATCH /api/backoffice/associate/update-password',
      // The season's front-desk writes: series, lines, guest lists and the gate.
      'POST /api/backoffice/series/preview',
      'POST /api/backoffice/series',
      'POST /api/backoffice/series/{id}/cancel',
      'POST /api/backoffice/waitlists',
      'POST /api/backoffice/waitlists/{id}/offer',
      'PUT /api/backoffice/appointment/{id}/guests',
      'PATCH /api/backoffice/guests/{id}/check-in',
    ]) {
      expect(names).toContain(name);
    }
    for (const name of [
      'PATCH /api/backoffice/company/{id}',
      'POST /api/backoffice/place',
      'POST /api/backoffice/category',
      'PATCH /api/backoffice/operating-hour/company',
      'POST /api/backoffice/associate/import',
      'GET /api/backoffice/company/{companyId}/staff',
      // The season's club-running writes and reads: special days, a place's week, Relatórios.
      'POST /api/backoffice/special-day/preview',
      'POST /api/backoffice/special-day',
      'PUT /api/backoffice/special-day/{id}',
      'DELETE /api/backoffice/special-day/{id}',
      'PUT /api/backoffice/place/{id}/week',
      'GET /api/backoffice/reports',
      'GET /api/backoffice/reports/{table}/export.csv',
    ]) {
      expect(names).not.toContain(name);
    }
  });

  it('lets administrators and Recepção book and cancel as an exception, not Consulta', () => {
    expect(staffRoles.filter((role) => hasPermission(role, 'bookings.exception'))).toEqual([
      'administrador',
      'recepcao',
    ]);
  });

  it('names the audit permission for administrators and Consulta', () => {
    expect(staffRoles.filter((role) => hasPermission(role, 'audit.read'))).toEqual([
      'administrador',
      'consulta',
    ]);
  });
});
