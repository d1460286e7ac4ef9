import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { auth } from './pt/auth';
import { common } from './pt/common';
import { errors } from './pt/errors';
import { landing } from './pt/landing';

/** Portuguese is the default and only language. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'pt',
  fallbackLng: 'pt',
  supportedLngs: ['pt'],
  // What the pages before sign-in need; the other sections come with loadAllTranslations.
  resources: { pt: { translation: { common, landing, auth, errors } } },
  interpolation: { escapeValue: false },
  initAsync: false,
});

let allTranslations: Promise<void> | undefined;

/**
 * Adds every other feature's section. The router waits for it before rendering any page after
 * sign-in (rendered components do not pick up sections added later), so the login page's first
 * load carries only its own texts.
 */
export function loadAllTranslations(): Promise<void> {
  allTranslations ??= import('./pt').then(
    ({ pt }) => {
      i18n.addResourceBundle('pt', 'translation', pt, true, false);
    },
    (error: unknown) => {
      allTranslations = undefined;
      throw error;
    },
  );
  return allTranslations;
}
