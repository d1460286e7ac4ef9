import { hasPermission, permissions, type Permission } from '@clube/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * Roles per club (docs/domain.md, "Roles"). Every route of the scope this is called in declares
 * the permission it needs in its config (`config: { permission: 'bookings.write' }`): a route
 * without one stops the server at start-up. After `app.authenticate` has loaded the caller's
 * clubs with their roles (from the database, on every request), each request is narrowed to the
 * clubs where the role has the route's permission: `request.staff.companyIds` holds only those,
 * so every tenant check below treats the others as clubs the caller does not belong to. A caller
 * whose role has the permission in none of their clubs is answered 403 `PermissionDenied` here,
 * and `assertStaffOf` answers the same for a named club of theirs where the role lacks it.
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
    const allowed = new Set<string>();
    for (const [companyId, role] of staff.roles) {
      if (hasPermission(role, permission)) allowed.add(companyId);
    }
    if (allowed.size === 0) throw new AppError('PermissionDenied');
    request.staff = { ...staff, companyIds: allowed };
  });
}
