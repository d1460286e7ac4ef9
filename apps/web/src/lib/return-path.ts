/**
 * The page a sign-in returns to. A guard that sends a signed-out visitor to sign in writes the
 * page they asked for (path, query and fragment) in the sign-in address, `?voltar=…`, so it
 * survives a reload and the club picker; the sign-in page reads it back through
 * `readReturnPath`, which accepts only a path of the same app.
 */
export const returnPathParam = 'voltar';

/** Longer than any address of the apps: a longer value is not one of theirs. */
const maxReturnPathLength = 2_000;

/** A base no real address has: what resolves elsewhere is not a path of this app. */
const sameOrigin = 'http://same-app.invalid';

type ReturnPathRules = {
  /** The app's own sign-in pages (returning there would loop) and paths that are not its own. */
  isRefused: (pathname: string) => boolean;
};

/**
 * `value` as a path of this app to return to, or null. Only a relative path is accepted: it
 * starts with one `/`, holds no backslash or control character (browsers read `/\host` as
 * `//host`), no `.` or `..` segment (`/..//host/x` resolves to `//host/x`), and resolves on the
 * app's own origin to a path of one leading `/`; so a link written elsewhere cannot send someone
 * who signs in to another site (an open redirect), nor to an address the app cannot show.
 */
export function readReturnPath(
  value: string | null | undefined,
  { isRefused }: ReturnPathRules,
): string | null {
  if (!value || value.length > maxReturnPathLength) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused here
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  const path = value.split(/[?#]/, 1)[0]!;
  if (path.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return null;
  let url: URL;
  try {
    url = new URL(value, sameOrigin);
  } catch {
    return null;
  }
  if (url.origin !== sameOrigin || url.pathname.startsWith('//') || isRefused(url.pathname))
    return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The address of a location, as a guard writes it in the sign-in page's `voltar`. */
export const addressOf = (location: { pathname: string; search: string; hash: string }) =>
  `${location.pathname}${location.search}${location.hash}`;
