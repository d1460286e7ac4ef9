import type { Realm } from '@/lib/realm';

/**
 * Where each realm keeps the password-link screens' texts: the back office's `auth` section, the
 * portal's own (each app loads only its own).
 */
export const accessLinkTexts = {
  backoffice: {
    field: 'auth.accessLink',
    forgot: 'auth.forgotPassword',
    choose: 'auth.choosePassword',
  },
  portal: {
    field: 'portal.signIn',
    forgot: 'portal.forgotPassword',
    choose: 'portal.choosePassword',
  },
} as const satisfies Record<Realm, { field: string; forgot: string; choose: string }>;
