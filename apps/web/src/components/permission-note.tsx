import type { Permission } from '@clube/shared';
import { useTranslation } from 'react-i18next';
import { useCan, useCurrentRole } from '@/lib/permissions';
import { Alert } from './ui/alert';

/**
 * Says why the page's changes are closed to the caller's role (nothing when the role has the
 * permission, or while it loads): the buttons are hidden, this line explains their absence.
 */
export function PermissionNote({
  permission,
  className = 'mb-4',
}: {
  permission: Permission;
  /** Where it sits: below a page's header by default. */
  className?: string;
}) {
  const { t } = useTranslation();
  const role = useCurrentRole();
  const can = useCan(permission);
  if (role === undefined || can) return null;
  return (
    <Alert className={className}>
      <p>{t(`permissions.reasons.${permission}`)}</p>
    </Alert>
  );
}
