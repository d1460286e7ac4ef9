import { hasPermission, permissions, serverPermissions, type Permission } from '@clube/shared';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { isAnyRowOfClubs, uuidsIn } from '../services/auth/rows-of-clubs';

/**
 * Roles per club (docs/domain.md, "Roles"). Every route of the scope this is called in declares
 * the permission it needs in its config (`config: { permission: 'bookings.write' }`): a route
 * without one stops the server at start-up. After `app.authenticate` has loaded the caller's
 * clubs with their roles (from the database, on every request), each request is narrowed to the
 * clubs where the role has the route's permission: `request.staff.companyIds` holds only those,
 * so every tenant check below treats the others as clubs the caller does not belong to. A caller
 * whose role has the permission in none of their clubs is answered 403 `PermissionDenied` here,
 * and `assertStaffOf` answers the same for a named club of theirs where the role lacks it.
 *
 * A row addressed by its id alone (PATCH /place/{id}) is looked for in the permitted clubs only,
 * so one of another club of the caller's answers 404 from the service. For a caller who has such
 * clubs, that 404 is checked once more before it leaves: when an id of the request names one of
 * those clubs or a row of one, the answer is 403 `PermissionDenied` instead. Only failed requests
 * of people with mixed roles pay that statement; a row of a club the caller is not staff of stays
 * a 404, like a missing one.
 */
export function enforcePermissions(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const permission = route.config?.permission;
    if (permission === undefined || !permissions.includes(permission)) {
      throw new Error(
        `${String(route.method)} ${route.url}: declare the route's permission in its config ` +
          `(one of ${permissions.join(', ')})`,
      );
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    // Only a request without a route (answered 404 afterwards) has no permission: onRoute above
    // refuses to register a route without one.
    const permission: Permission | undefined = request.routeOptions.config?.permission;
    if (permission === undefined) return;
    // A one-time password opens nothing but the caller's own account (the password change).
    if (request.mustChangePassword && permission !== 'account.self') {
      throw new AppError('PasswordChangeRequired');
    }
    const { staff } = request;
    // The server's permissions go with the person, not with a club role.
    if (serverPermissions.includes(permission)) {
      if (!staff.isServerAdmin) throw new AppError('ServerAdministratorRequired');
      return;
    }
    const allowed = new Set<string>();
    for (const [companyId, role] of staff.roles) {
      if (hasPermission(role, permission)) allowed.add(companyId);
    }
    if (allowed.size === 0) throw new AppError('PermissionDenied');
    request.staff = { ...staff, companyIds: allowed };
  });

  // Whatever this handler throws goes on to the app's error handler, which shapes the answer.
  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest) => {
    if (!(error instanceof AppError) || error.statusCode !== 404 || !request.staff) throw error;
    const { roles, companyIds } = request.staff;
    const withoutPermission = [...roles.keys()].filter((companyId) => !companyIds.has(companyId));
    if (withoutPermission.length === 0) throw error;
    const ids = uuidsIn(request.params, request.query, request.body);
    if (await isAnyRowOfClubs(app.db, { ids, companyIds: withoutPermission })) {
      throw new AppError('PermissionDenied');
    }
    throw error;
  });
}
