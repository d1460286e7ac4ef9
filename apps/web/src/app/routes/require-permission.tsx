import { staffRoleLabels, type Permission } from '@clube/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCan, useCurrentRole } from '@/lib/permissions';

/**
 * A page the caller's role may open; otherwise the "Sem permissão" page (a direct URL included).
 * The server refuses the page's calls anyway: this only spares the user a page of errors.
 */
export function RequirePermission({
  permission,
  children,
}: {
  permission: Permission;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const role = useCurrentRole();
  const can = useCan(permission);
  if (role === undefined) return <LoadingState label={t('common.loading')} />;
  if (can) return children;
  return (
    <div className="flex flex-col items-center justify-center px-4 py-16 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        403
      </p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {t('permissions.noPermission.title')}
      </h1>
      <p className="mt-2 text-slate-600">
        {t('permissions.noPermission.description', { role: staffRoleLabels[role] })}
      </p>
      <p className="mt-1 text-slate-600">{t(`permissions.reasons.${permission}`)}</p>
      <Link to={paths.dashboard.href()} className={buttonStyles({ size: 'lg', className: 'mt-8' })}>
        {t('permissions.noPermission.back')}
      </Link>
    </div>
  );
}
