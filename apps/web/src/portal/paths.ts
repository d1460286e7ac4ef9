import type { PortalBookingScope } from '@clube/shared';
import { readReturnPath, returnPathParam } from '@/lib/return-path';

/** Where the portal is mounted: the API serves its index.html for every page under it. */
export const portalBasename = '/portal';

/**
 * The portal's routes, relative to `portalBasename` (the router adds it). Portuguese addresses:
 * members read and share them.
 */
export const portalPaths = {
  root: { path: '/', href: () => '/' },
  signIn: {
    path: '/entrar',
    /** `returnTo`: the page signing in goes back to (`readSignInReturnPath`). */
    href: ({ expired = false, returnTo }: { expired?: boolean; returnTo?: string | null } = {}) => {
      const query = new URLSearchParams();
      if (expired) query.set('sessao', 'expirada');
      if (returnTo) query.set(returnPathParam, returnTo);
      const text = query.toString();
      return text ? `/entrar?${text}` : '/entrar';
    },
  },
  forgotPassword: { path: '/esqueci-minha-senha', href: () => '/esqueci-minha-senha' },
  /** Where a password link opens (the API writes `/portal/acesso/senha#token=…` in messages). */
  choosePassword: { path: '/acesso/senha', href: () => '/acesso/senha' },
  home: { path: '/inicio', href: () => '/inicio' },
  places: { path: '/espacos', href: () => '/espacos' },
  place: {
    path: '/espacos/:placeId',
    href: (placeId: string, date?: string) =>
      `/espacos/${encodeURIComponent(placeId)}${date ? `?dia=${date}` : ''}`,
  },
  bookings: {
    path: '/reservas',
    href: (scope: PortalBookingScope = 'upcoming') =>
      scope === 'upcoming' ? '/reservas' : `/reservas?aba=${scope}`,
  },
  notices: { path: '/avisos', href: () => '/avisos' },
  /** The member's waitlists (the API's offer message links here: /portal/espera). */
  waitlists: { path: '/espera', href: () => '/espera' },
  account: { path: '/conta', href: () => '/conta' },
} as const;

/** The signed-out pages: signing in never returns to them (it would loop). */
const signedOutPaths: readonly string[] = [
  portalPaths.root.path,
  portalPaths.signIn.path,
  portalPaths.forgotPassword.path,
  portalPaths.choosePassword.path,
];

/**
 * The portal page a sign-in returns to, from a `voltar` value, or null: a path of the portal only
 * (relative to its base, as the router reads it), never a signed-out page or another site.
 */
export const readSignInReturnPath = (value: string | null | undefined) =>
  readReturnPath(value, { isRefused: (pathname) => signedOutPaths.includes(pathname) });
