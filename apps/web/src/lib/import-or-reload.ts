/**
 * Lazy imports that survive a deploy. After a new version is published the old entry asks for
 * chunk names that no longer exist: the import fails, and the cure is a fresh page load, which
 * fetches the new entry. The page reloads by itself once; a second failure within the window
 * (the chunk is really missing, or the network is down) shows the route's error page instead,
 * so the page can never reload in a loop.
 */

/** When the last automatic reload happened (ms since epoch), per browser tab. */
const reloadedAtKey = 'clube:chunk-reload-at';
/** A failure this soon after an automatic reload is not cured by another one. */
const reloadWindowMs = 60_000;

/** The one place that reloads the page, so tests can watch it. */
export const pageReload = { reload: () => window.location.reload() };

/** A module of the app could not be fetched: the route's error page offers a fresh page load. */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A module of the app could not be loaded', { cause });
    this.name = 'ChunkLoadError';
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

function canReloadAgain(now: number): boolean {
  try {
    const last = Number(sessionStorage.getItem(reloadedAtKey));
    if (Number.isFinite(last) && now - last < reloadWindowMs) return false;
    sessionStorage.setItem(reloadedAtKey, String(now));
    return true;
  } catch {
    // No storage (a private window's quota, a blocked origin): without the guard a reload could
    // loop, so the error page shows instead.
    return false;
  }
}

/**
 * Runs a dynamic import; when it fails, reloads the page once (the import never settles then,
 * so the loading state stays until the new page replaces it) or, when it already did, rejects
 * with a ChunkLoadError.
 */
export async function importOrReload<Module>(load: () => Promise<Module>): Promise<Module> {
  try {
    return await load();
  } catch (cause) {
    if (canReloadAgain(Date.now())) {
      pageReload.reload();
      return new Promise<Module>(() => {});
    }
    throw new ChunkLoadError(cause);
  }
}
