import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pt } from './pt';

/** Portuguese is the default and only language (SPEC.md §9). */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: 'pt',
  fallbackLng: 'pt',
  supportedLngs: ['pt'],
  resources: { pt: { translation: pt } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
