import { hasPermission, type Permission } from '@clube/shared';
import { AppError } from '../../lib/app-error';
import type { Staff } from '../../types';

/**
 * For a request that writes more than its route's permission covers (a place saved with its
 * week writes operating hours too): the caller's role in the club must also hold `permission`,
 * or the whole request is refused with 403 `PermissionDenied` before anything is written.
 */
export function assertStaffMay(staff: Staff, companyId: string, permission: Permission): void {
  const role = staff.roles.get(companyId);
  if (!role || !hasPermission(role, permission)) throw new AppError('PermissionDenied');
}
