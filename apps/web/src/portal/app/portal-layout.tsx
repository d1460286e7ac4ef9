import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ComponentType, type SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { cn } from '@/components/ui/cn';
import {
  BellIcon,
  CalendarIcon,
  HomeIcon,
  LogoutIcon,
  TilesIcon,
  UserIcon,
} from '@/components/ui/icons';
import { LoadingState } from '@/components/ui/spinner';
import { useNotices } from '../api/notices';
import { useClubManifest } from '../lib/club-manifest';
import { registerMemberTexts } from '../lib/member-texts';
import { portalQueryClient } from '../lib/query-client';
import { useSignedInSession } from '../lib/session';
import { signOutOfPortal } from '../lib/sign-out';
import { portalPaths } from '../paths';

// Before any signed-in page renders: they all load with this module and render inside the layout.
registerMemberTexts();

type NavItem = {
  href: string;
  labelKey:
    | 'portal.nav.home'
    | 'portal.nav.places'
    | 'portal.nav.bookings'
    | 'portal.nav.notices'
    | 'portal.nav.account';
  icon: ComponentType<SVGProps<SVGSVGElement>>;
};

const navItems: NavItem[] = [
  { href: portalPaths.home.href(), labelKey: 'portal.nav.home', icon: HomeIcon },
  { href: portalPaths.places.href(), labelKey: 'portal.nav.places', icon: TilesIcon },
  { href: portalPaths.bookings.href(), labelKey: 'portal.nav.bookings', icon: CalendarIcon },
  { href: portalPaths.notices.href(), labelKey: 'portal.nav.notices', icon: BellIcon },
  { href: portalPaths.account.href(), labelKey: 'portal.nav.account', icon: UserIcon },
];

/** How many notices the member has not read, next to Avisos (nothing while it loads). */
function UnreadCount() {
  const { t } = useTranslation();
  const unread = useNotices().data?.unread ?? 0;
  if (unread === 0) return null;
  return (
    <span className="absolute -top-0.5 left-1/2 ml-1 min-w-5 rounded-full bg-red-600 px-1.5 text-center text-[11px] leading-5 font-semibold text-white sm:static sm:ml-0">
      {unread > 99 ? '99+' : unread}
      <span className="sr-only"> {t('portal.nav.unread', { count: unread })}</span>
    </span>
  );
}

/**
 * Signed-in pages: the club's name on top, the five sections as a bottom tab bar on phones (in
 * reach of the thumb) and in the header on wider screens.
 */
export function PortalLayout() {
  const { t } = useTranslation();
  const session = useSignedInSession();
  useClubManifest(session.club.id);
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const onSignOut = async () => {
    setIsSigningOut(true);
    await signOutOfPortal();
    navigate(portalPaths.signIn.href(), { replace: true });
  };

  const links = navItems.map((item) => {
    const Icon = item.icon;
    return (
      <li key={item.href} className="flex-1 sm:flex-none">
        <NavLink
          to={item.href}
          className={({ isActive }) =>
            cn(
              'relative flex flex-col items-center gap-0.5 px-2 py-2 text-xs font-medium sm:flex-row sm:gap-2 sm:rounded-lg sm:px-3 sm:text-sm',
              'focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-brand-700',
              isActive
                ? 'text-brand-800 sm:bg-brand-50'
                : 'text-slate-600 hover:text-slate-900 sm:hover:bg-slate-100',
            )
          }
        >
          <Icon className="size-6 sm:size-5" />
          {t(item.labelKey)}
          {item.labelKey === 'portal.nav.notices' && <UnreadCount />}
        </NavLink>
      </li>
    );
  });

  return (
    <QueryClientProvider client={portalQueryClient}>
      <div className="flex min-h-dvh flex-col bg-slate-50 pb-20 sm:pb-0">
        <header className="border-b border-slate-200 bg-white">
          <div className="mx-auto flex w-full max-w-5xl items-center gap-3 px-4 py-3">
            <img
              src={session.club.logoUrl ?? '/favicon.svg'}
              alt=""
              width="36"
              height="36"
              className="size-9 rounded-full object-contain"
            />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-slate-900">{session.club.name}</p>
              <p className="truncate text-xs text-slate-600">{session.member.name}</p>
            </div>
            <nav aria-label={t('portal.nav.label')} className="hidden sm:block">
              <ul className="flex gap-1">{links}</ul>
            </nav>
            <button
              type="button"
              onClick={() => void onSignOut()}
              disabled={isSigningOut}
              className="flex h-10 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
            >
              <LogoutIcon className="size-5" />
              {isSigningOut ? t('portal.nav.signingOut') : t('portal.nav.signOut')}
            </button>
          </div>
        </header>
        <main className="mx-auto w-full max-w-5xl flex-1 px-4 py-6">
          <Suspense fallback={<LoadingState label={t('portal.loading')} />}>
            <Outlet />
          </Suspense>
        </main>
        <nav
          aria-label={t('portal.nav.label')}
          className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] sm:hidden"
        >
          <ul className="flex">{links}</ul>
        </nav>
      </div>
    </QueryClientProvider>
  );
}
