import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { countFormatter } from '@/lib/i18n/count-formatter';
import { common } from '@/lib/i18n/pt/common';
import { portalGuest } from '@/lib/i18n/pt/portal-guest';

/**
 * The portal's own instance: only the sections the portal shows (a few KB), never the back
 * office's feature texts, nor the error table (failures are shown from the table itself,
 * lib/errors.ts, in the pages that need it). The entry carries the signed-out screens' part of `portal`; the
 * signed-in layout's module adds the rest (./member-texts.ts) before any signed-in page renders.
 */
export const portalI18n = i18next.createInstance();

void portalI18n
  .use(initReactI18next)
  .use(countFormatter)
  .init({
    lng: 'pt',
    fallbackLng: 'pt',
    supportedLngs: ['pt'],
    resources: { pt: { translation: { common, portal: portalGuest } } },
    interpolation: { escapeValue: false, alwaysFormat: true },
    initAsync: false,
  });
