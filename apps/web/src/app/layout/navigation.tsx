import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { hasPermission } from '@clube/shared';
import { cn } from '@/components/ui/cn';
import { useCurrentRole } from '@/lib/permissions';
import { LogoutIcon } from '@/components/ui/icons';
import { accountNavItems, mainNavItems, type NavItem } from './nav-items';

type NavigationProps = {
  onNavigate?: () => void;
  onSignOut: () => void;
  isSigningOut: boolean;
};

const itemStyles = (isActive: boolean) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700',
    isActive
      ? 'bg-brand-50 text-brand-800'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
  );

function NavItemLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const Icon = item.icon;
  return (
    <li>
      <NavLink
        to={item.href}
        onClick={onNavigate}
        className={({ isActive }) => itemStyles(isActive)}
      >
        <Icon className="size-5 shrink-0" />
        {t(item.labelKey)}
      </NavLink>
    </li>
  );
}

/** The links and the sign-out button, shared by the desktop sidebar and the mobile menu. */
export function Navigation({ onNavigate, onSignOut, isSigningOut }: NavigationProps) {
  const { t } = useTranslation();
  const role = useCurrentRole();
  // Entries of pages the role cannot open are left out (and out while the role loads).
  const canOpen = (item: NavItem) =>
    item.permission === undefined || (role !== undefined && hasPermission(role, item.permission));
  return (
    <nav
      aria-label={t('layout.navigationLabel')}
      // Scrolls on its own when the entries outgrow a short screen, so Sair stays reachable.
      className="flex min-h-0 flex-1 flex-col gap-6 overflow-y-auto p-4"
    >
      <ul className="space-y-1">
        {mainNavItems.filter(canOpen).map((item) => (
          <NavItemLink key={item.href} item={item} onNavigate={onNavigate} />
        ))}
      </ul>
      <ul className="mt-auto space-y-1 border-t border-slate-200 pt-4">
        {accountNavItems.filter(canOpen).map((item) => (
          <NavItemLink key={item.href} item={item} onNavigate={onNavigate} />
        ))}
        <li>
          <button
            type="button"
            onClick={onSignOut}
            disabled={isSigningOut}
            className={cn(itemStyles(false), 'w-full cursor-pointer text-left')}
          >
            <LogoutIcon className="size-5 shrink-0" />
            {t('layout.signOut')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
