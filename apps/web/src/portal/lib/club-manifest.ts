import { useEffect } from 'react';

/** The portal's own web app manifest (portal/index.html links it). */
export const portalManifestUrl = '/portal/manifest.webmanifest';

/** The portal's manifest named for a club (GET /api/portal/clubs/:clubId/manifest.webmanifest). */
export const clubManifestUrl = (clubId: string) =>
  `/api/portal/clubs/${encodeURIComponent(clubId)}/manifest.webmanifest`;

/**
 * While a page of a club is open (signed in, or the club's password link), the portal installs
 * as that club's app ("<Clube> — Reservas"): the page's manifest link names the club's manifest,
 * and goes back to the portal's own when the page closes. The manifest keeps the portal's scope,
 * so its service worker still controls the installed app.
 */
export function useClubManifest(clubId: string | null | undefined): void {
  useEffect(() => {
    if (!clubId) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    link.setAttribute('href', clubManifestUrl(clubId));
    return () => link.setAttribute('href', portalManifestUrl);
  }, [clubId]);
}
