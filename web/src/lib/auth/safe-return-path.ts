/** Screens a successful sign-in must not send the user back to (they would loop or show a stale form). */
const AUTH_SCREENS = ['/login', '/register'];

/**
 * The returnTo of /login (docs/product.md#accounts), made safe: only a path on this site. Anything that could
 * leave the origin — an absolute URL, a protocol-relative `//host`, a backslash (browsers read
 * `/\host` as `//host`), a `javascript:` URL, control characters — gives null, and the caller
 * falls back to `/`. Returns the path with its query and hash, normalised by the URL parser.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a return path must not carry
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  if (value.length > 2000) return null;
  const base = 'http://return-path.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (AUTH_SCREENS.includes(path)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The /login address that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  const safe = safeReturnPath(path);
  return safe && safe !== '/' ? `/login?returnTo=${encodeURIComponent(safe)}` : '/login';
}
