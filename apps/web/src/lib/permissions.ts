import { hasPermission, type Permission, type StaffRole } from '@clube/shared';
import { useQuery } from '@tanstack/react-query';
import { getCompaniesQueryOptions } from './api/get-companies';
import { useStoredCompany } from './current-company';

/**
 * The signed-in staff member's role in the current club, as the API answers it with their clubs
 * (never from storage, so a role changed by an administrator shows once the list is read again);
 * undefined while it loads. The screen only mirrors the roles: the API enforces them.
 */
export function useCurrentRole(): StaffRole | undefined {
  const company = useStoredCompany();
  const { data } = useQuery({ ...getCompaniesQueryOptions(), enabled: company !== null });
  return data?.find((club) => club.id === company?.id)?.role;
}

/** Whether the role in the current club has `permission` (false while the role loads). */
export function useCan(permission: Permission): boolean {
  const role = useCurrentRole();
  return role !== undefined && hasPermission(role, permission);
}
