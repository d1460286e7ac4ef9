import { z } from 'zod';
import { idSchema } from './common';

/*
 *   GET /api/portal/clubs/:clubId/manifest.webmanifest   → portalManifestSchema (public)
 *
 * The portal's web app manifest named for one club, so the installed app is the club's:
 * "<Clube> — Reservas". Same id, start URL and scope as the portal's own manifest
 * (/portal/manifest.webmanifest): one installed portal per site, its service worker's scope.
 */
export const portalManifestParamsSchema = z.object({ clubId: idSchema });

const manifestIconSchema = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.string(),
  purpose: z.string(),
});

export const portalManifestSchema = z.object({
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  lang: z.string(),
  id: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.string(),
  orientation: z.string(),
  background_color: z.string(),
  theme_color: z.string(),
  icons: z.array(manifestIconSchema),
});
export type PortalManifest = z.infer<typeof portalManifestSchema>;

/** Words a club's name often starts with, left out of its short name. */
const genericLeadingWord = /^(clube|club|associação|associacao|sociedade|esporte clube)\s+/i;
/** What a phone shows under an icon without cutting it. */
const shortNameLength = 12;

/**
 * The short name of a club for a home screen: its name without a leading "Clube", or its first
 * word when that is still long ("Clube Náutico Beira-Rio" → "Náutico").
 */
export function clubShortName(name: string): string {
  const trimmed = name.trim();
  const rest = trimmed.replace(genericLeadingWord, '').trim() || trimmed;
  if (rest.length <= shortNameLength) return rest;
  const firstWord = rest.split(/\s+/)[0] ?? rest;
  return firstWord.length <= shortNameLength ? firstWord : firstWord.slice(0, shortNameLength);
}
