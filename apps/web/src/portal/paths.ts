import type { PortalBookingScope } from '@clube/shared';

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
    href: ({ expired = false } = {}) => (expired ? '/entrar?sessao=expirada' : '/entrar'),
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
  account: { path: '/conta', href: () => '/conta' },
} as const;
