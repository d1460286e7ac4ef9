/**
 * The one registry of routes. `path` is the router pattern; `href` builds a link. Add a route
 * here first, then register its page in src/app/router.tsx.
 */
export const paths = {
  landing: { path: '/', href: () => '/' },
  login: {
    path: '/login',
    href: (error?: string) => (error ? `/login?error=${encodeURIComponent(error)}` : '/login'),
  },
  loginWithError: {
    path: '/login/:error',
    href: (error: string) => `/login/${encodeURIComponent(error)}`,
  },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  /** Where a staff password link opens (the API writes `/redefinir-senha#token=…`). */
  resetPassword: { path: '/redefinir-senha', href: () => '/redefinir-senha' },

  selectCompany: { path: '/select-company', href: () => '/select-company' },
  /** Where a one-time password is replaced, before anything else opens. */
  changePassword: { path: '/change-password', href: () => '/change-password' },
  staff: { path: '/staff', href: () => '/staff' },
  dashboard: { path: '/dashboard', href: () => '/dashboard' },
  daySheet: {
    path: '/day-sheet',
    href: (date?: string) => (date ? `/day-sheet?date=${encodeURIComponent(date)}` : '/day-sheet'),
    /** The day sheet booking for one member: a free cell opens the booking with them chosen. */
    forMember: (associateId: string) => `/day-sheet?para=${encodeURIComponent(associateId)}`,
  },
  categories: { path: '/category', href: () => '/category' },
  operatingHours: { path: '/operating-hour', href: () => '/operating-hour' },
  associates: { path: '/associates', href: () => '/associates' },
  associate: {
    path: '/associates/:associateId',
    href: (associateId: string) => `/associates/${encodeURIComponent(associateId)}`,
  },
  settings: { path: '/settings', href: () => '/settings' },
  messages: { path: '/mensagens', href: () => '/mensagens' },
  profile: { path: '/profile', href: () => '/profile' },
  place: {
    path: '/place/:placeId',
    href: (placeId: string) => `/place/${encodeURIComponent(placeId)}`,
  },
  placeAppointments: {
    path: '/place-appointments/:placeId',
    href: (placeId: string) => `/place-appointments/${encodeURIComponent(placeId)}`,
  },
  placeBlockedTimes: {
    path: '/blocked-time/:placeId',
    /** `date` (AAAA-MM-DD): the day the blocks list opens on. */
    href: (placeId: string, date?: string) =>
      `/blocked-time/${encodeURIComponent(placeId)}${date ? `?date=${encodeURIComponent(date)}` : ''}`,
  },
  manageTimeBlocks: { path: '/manage-time-blocks', href: () => '/manage-time-blocks' },
  audit: {
    path: '/audit',
    /** Opens filtered by an associate or a place (their full history). */
    href: (filter: { associateId?: string; placeId?: string } = {}) => {
      const query = new URLSearchParams(
        Object.entries(filter).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ).toString();
      return query ? `/audit?${query}` : '/audit';
    },
  },
} as const;

/** Error codes the app itself puts in the login URL. */
export const loginErrorCodes = {
  noCompanyFound: 'NoCompanyFound',
  sessionExpired: 'SessionExpired',
} as const;
