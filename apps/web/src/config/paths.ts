import { readReturnPath, returnPathParam } from '@/lib/return-path';

/** `?a=1&b=2` of the values given, or nothing when none is. */
function queryOf(values: Record<string, string | null | undefined>): string {
  const query = new URLSearchParams(
    Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return query ? `?${query}` : '';
}

/**
 * The one registry of routes. `path` is the router pattern; `href` builds a link. Add a route
 * here first, then register its page in src/app/router.tsx.
 */
export const paths = {
  landing: { path: '/', href: () => '/' },
  login: {
    path: '/login',
    /** `returnTo`: the page signing in goes back to (`readLoginReturnPath`). */
    href: (error?: string, returnTo?: string | null) =>
      `/login${queryOf({ error, [returnPathParam]: returnTo })}`,
  },
  loginWithError: {
    path: '/login/:error',
    href: (error: string) => `/login/${encodeURIComponent(error)}`,
  },
  forgotPassword: { path: '/forgot-password', href: () => '/forgot-password' },
  /** Where a staff password link opens (the API writes `/redefinir-senha#token=…`). */
  resetPassword: { path: '/redefinir-senha', href: () => '/redefinir-senha' },

  selectCompany: {
    path: '/select-company',
    /** `returnTo`: the page the chosen club opens on, instead of the dashboard. */
    href: (returnTo?: string | null) =>
      `/select-company${queryOf({ [returnPathParam]: returnTo })}`,
  },
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
  /** The front desk's guest list of a day (Portaria). */
  gateList: {
    path: '/portaria',
    href: (date?: string) => (date ? `/portaria?date=${encodeURIComponent(date)}` : '/portaria'),
  },
  categories: { path: '/category', href: () => '/category' },
  operatingHours: { path: '/operating-hour', href: () => '/operating-hour' },
  specialDays: { path: '/special-days', href: () => '/special-days' },
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
  reports: { path: '/relatorios', href: () => '/relatorios' },
  series: { path: '/series', href: () => '/series' },
  audit: {
    path: '/audit',
    /** Opens filtered by an associate or a place (their full history). */
    href: (filter: { associateId?: string; placeId?: string } = {}) => `/audit${queryOf(filter)}`,
  },
} as const;

/** Error codes the app itself puts in the login URL. */
export const loginErrorCodes = {
  noCompanyFound: 'NoCompanyFound',
  sessionExpired: 'SessionExpired',
} as const;

/** The pages of the signed-out visitor: signing in never returns to them (it would loop). */
const signedOutPaths: readonly string[] = [
  paths.landing.path,
  paths.login.path,
  paths.forgotPassword.path,
  paths.resetPassword.path,
];

/**
 * The back-office page a sign-in returns to, from a `voltar` value, or null: a path of this app
 * only, never a signed-out page, the members' portal (another app) or the API.
 */
export const readLoginReturnPath = (value: string | null | undefined) =>
  readReturnPath(value, {
    isRefused: (pathname) =>
      signedOutPaths.includes(pathname) ||
      pathname.startsWith(`${paths.login.path}/`) ||
      /^\/(portal|api)(\/|$)/.test(pathname),
  });
