import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from '@/lib/i18n/pt/common';
import { errors } from '@/lib/i18n/pt/errors';
import { portal } from '@/lib/i18n/pt/portal';

/**
 * The portal's own instance: only the sections the portal shows (a few KB), never the back
 * office's feature texts.
 */
export const portalI18n = i18next.createInstance();

void portalI18n.use(initReactI18next).init({
  lng: 'pt',
  fallbackLng: 'pt',
  supportedLngs: ['pt'],
  resources: { pt: { translation: { common, errors, portal } } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
