import type { Manifest } from 'vite';

/**
 * The files of the portal's entry and of every chunk it may load (its lazy pages too), with
 * their styles and assets, from Vite's manifest. The back office's chunks are left out.
 */
export function portalShellFiles(manifest: Manifest, entry = 'portal/index.html'): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(entry);
  return files;
}

/** The portal's own static files (icons, web manifest, its index.html) and the app's mark. */
const portalStaticFile = /^(portal\/[^/]+\.(html|png|svg|webmanifest)|favicon\.svg)$/;

type PrecacheEntry = { url: string; revision: string | null; size: number };

/**
 * What the portal's service worker keeps (workbox's precache list): the portal's shell out of
 * every file of the build, as absolute URLs (the worker lives in /portal/, the assets in
 * /assets/). Never anything under /api: a member's data is not the shell.
 */
export function portalShellManifest<Entry extends PrecacheEntry>(
  entries: Entry[],
  viteManifest: Manifest,
): Entry[] {
  const shell = portalShellFiles(viteManifest);
  return entries
    .filter((entry) => shell.has(entry.url) || portalStaticFile.test(entry.url))
    .map((entry) => ({ ...entry, url: `/${entry.url}` }))
    .filter((entry) => !entry.url.startsWith('/api/'));
}
