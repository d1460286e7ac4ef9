import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { countFormatter } from './count-formatter';
import { auth } from './pt/auth';
import { common } from './pt/common';
import { errors } from './pt/errors';
import { landing } from './pt/landing';
import type { PtResource } from './pt';

/** Portuguese is the default and only language. */
export const i18n = i18next.createInstance();

void i18n
  .use(initReactI18next)
  .use(countFormatter)
  .init({
    lng: 'pt',
    fallbackLng: 'pt',
    supportedLngs: ['pt'],
    // What the pages before sign-in need; the other sections come with loadAllTranslations.
    resources: { pt: { translation: { common, landing, auth, errors } } },
    interpolation: { escapeValue: false, alwaysFormat: true },
    // A component rendered before its section arrived (an error boundary, a page outside the
    // router's lazy pages) re-renders with the texts once they are added, instead of keeping keys.
    react: { bindI18nStore: 'added' },
    initAsync: false,
  });

// The back office's sections: the portal's is loaded only by the portal's own instance.
let allSections: Promise<Omit<PtResource, 'portal'>> | undefined;

/**
 * Adds every other feature's section. The router waits for it before rendering the signed-in
 * layout and any page after sign-in (so they never paint keys), while the login page's first
 * load carries only its own texts. Adding is idempotent: each call makes sure the sections are
 * in the store, the chunk itself is fetched once.
 */
export async function loadAllTranslations(): Promise<void> {
  allSections ??= import('./pt').then(
    ({ pt }) => pt,
    (error: unknown) => {
      allSections = undefined;
      throw error;
    },
  );
  const pt = await allSections;
  // One key of a section the first load lacks tells whether the sections are in the store.
  if (!i18n.exists('layout.signOut')) {
    i18n.addResourceBundle('pt', 'translation', pt, true, false);
  }
}
