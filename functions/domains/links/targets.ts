import { randomInt } from 'node:crypto';

/**
 * Pure rules of short links (docs/decisions/short-links.md): what may be a target, how it is
 * stored, which targets are exam pages, how codes look.
 */

// eslint-disable-next-line no-control-regex -- control characters are exactly what a stored target must not carry
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;

/**
 * The stored form of a short-link target — path + query + hash on this site — or null when the
 * URL leaves the site. Accepted: a path starting with exactly one `/`, or an absolute http(s)
 * URL whose origin is the app's. Refused: other hosts, `//host`, backslashes, control
 * characters, `javascript:` and every other scheme.
 */
export function sameSiteTarget(raw: string, appOrigin: string): string | null {
  const url = raw.trim();
  if (url === '' || CONTROL_OR_BACKSLASH.test(url)) return null;
  let origin: string;
  try {
    origin = new URL(appOrigin).origin;
  } catch {
    return null;
  }
  let parsed: URL;
  if (url.startsWith('/')) {
    if (url.startsWith('//')) return null;
    try {
      parsed = new URL(url, origin);
    } catch {
      return null;
    }
  } else {
    if (!/^https?:\/\//i.test(url)) return null;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.username || parsed.password) return null;
  }
  if (parsed.origin !== origin) return null;
  const path = `${parsed.pathname}${parsed.search}${parsed.hash}`;
  // Normalisation (dot segments, percent-encoding) must not have produced a protocol-relative path.
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  return path;
}

const EXAM_PAGE = /^\/(?:take-exam|exam-detail|exam)\/([^/?#]+)/;

/** The exam a target shows: `/take-exam/{id}`, `/exam-detail/{id}`, `/exam/{id}` or `?exam_id=`. */
export function examIdOfTarget(path: string): string | null {
  const url = new URL(path, 'http://target.invalid');
  const match = EXAM_PAGE.exec(url.pathname);
  if (match) {
    try {
      return decodeURIComponent(match[1]!);
    } catch {
      return null;
    }
  }
  return url.searchParams.get('exam_id') || null;
}

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const SHORT_CODE_LENGTH = 7;
export const SHORT_CODE = /^[0-9A-Za-z]{4,32}$/;

/** 7 random base62 characters (≈41.7 bits). */
export function newShortCode(length = SHORT_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
