import { companies, type Database } from '@clube/db';
import { clubShortName, type PortalManifest } from '@clube/shared';
import { eq } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';

/**
 * The portal's own manifest (apps/web/public/portal/manifest.webmanifest) but the names: the same
 * id, start URL and scope, so installing from a club's page is still the one portal of this site
 * and its service worker (scope /portal/) still controls it.
 */
const portalManifestBase = {
  description: 'Portal do associado: reserve os espaços do seu clube.',
  lang: 'pt-BR',
  id: '/portal/',
  start_url: '/portal/',
  scope: '/portal/',
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#f8fafc',
  theme_color: '#14532d',
  icons: [
    { src: '/portal/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/portal/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/portal/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    { src: '/portal/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  ],
} satisfies Omit<PortalManifest, 'name' | 'short_name'>;

export type GetPortalManifestOptions = { clubId: string };

/** The portal's web app manifest named for a club: "<Clube> — Reservas". */
export async function getPortalManifest(
  db: Database,
  options: GetPortalManifestOptions,
): Promise<PortalManifest> {
  const [club] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, options.clubId));
  if (!club) throw new AppError('CompanyNotFound');
  return {
    name: `${club.name} — Reservas`,
    short_name: clubShortName(club.name),
    ...portalManifestBase,
  };
}
