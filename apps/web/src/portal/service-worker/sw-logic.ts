/** The page every portal address gets when there is no network (the portal's index.html). */
export const shellUrl = '/portal/index.html';

/** Where the club's logo and the places' photos are kept for offline use (public, never a member's). */
export const imageCacheName = 'portal-images';
/** At most this many images are kept; the oldest go first. */
export const imageCacheLimit = 40;

/**
 * Whether a request is an image the portal shows from the API's uploads (the club's logo, the
 * places' photos): an upload's key never changes content, so a kept copy is always right.
 * Nothing else under /api is kept.
 */
export function isKeptImage(url: URL, destination: string, origin: string): boolean {
  return (
    url.origin === origin && destination === 'image' && /^\/api\/uploads\/[^/]+$/.test(url.pathname)
  );
}

/** What the API pushes (apps/api/src/lib/push/transport.ts, PushPayload). */
type PushData = { title?: unknown; body?: unknown; url?: unknown; tag?: unknown };

/** The notification a push shows: the club's short title and text, grouped by the message. */
export function pushNotification(text: string | undefined): {
  title: string;
  options: NotificationOptions;
} {
  let data: PushData;
  try {
    data = (text ? JSON.parse(text) : {}) as PushData;
  } catch {
    data = { body: text };
  }
  const string = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    title: string(data.title) ?? 'Clube Reservas',
    options: {
      body: string(data.body) ?? 'Você tem um novo aviso do clube.',
      // The same message pushed twice (a retry) replaces itself instead of showing twice.
      tag: string(data.tag),
      icon: '/portal/icon-192.png',
      badge: '/portal/icon-192.png',
      lang: 'pt-BR',
      data: { url: string(data.url) },
    },
  };
}

/**
 * Where a tap opens: the pushed link when it is a portal page, on this server's own origin
 * (a link to anything else opens Avisos instead).
 */
export function notificationTarget(data: unknown, origin: string): string {
  const url = (data as { url?: unknown } | null)?.url;
  const fallback = `${origin}/portal/avisos`;
  if (typeof url !== 'string') return fallback;
  try {
    const parsed = new URL(url, origin);
    if (parsed.pathname !== '/portal' && !parsed.pathname.startsWith('/portal/')) return fallback;
    return `${origin}${parsed.pathname}${parsed.search}${parsed.hash}`;
  } catch {
    return fallback;
  }
}
