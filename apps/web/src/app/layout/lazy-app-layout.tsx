import { lazy } from 'react';
import { loadAllTranslations } from '@/lib/i18n';
import { importOrReload } from '@/lib/import-or-reload';

/**
 * The signed-in frame, fetched with every feature's texts: its navigation and header read the
 * layout section, which the first (guest) load does not carry. Every route that wraps a page in
 * the layout (the router's signed-in pages and the catch-all's not-found page) uses this one.
 */
export const LazyAppLayout = lazy(async () => {
  const [module] = await importOrReload(() =>
    Promise.all([import('./app-layout'), loadAllTranslations()]),
  );
  return { default: module.AppLayout };
});
