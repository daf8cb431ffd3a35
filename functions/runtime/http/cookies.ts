import { parseCookie, stringifySetCookie } from 'cookie';
import { config } from '../config.js';

/**
 * API Gateway payload 2.0 moves Cookie headers into `event.cookies`; the local adapter does the same.
 * The first value of a name wins (the most specific path comes first), as browsers order them.
 */
export function parseCookies(cookies: string[] | undefined, header?: string): Record<string, string> {
  const parsed = parseCookie([...(cookies ?? []), ...(header ? [header] : [])].join('; '));
  const jar: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) if (name && value !== undefined) jar[name] = value;
  return jar;
}

/** Over HTTPS cookies take the `__Host-` prefix: Secure, Path=/, no Domain, so subdomains cannot plant them. */
export function cookieName(base: string): string {
  return config.secureCookies ? `__Host-${base}` : base;
}

export interface CookieOptions {
  httpOnly: boolean;
  maxAgeSeconds?: number;
}

export function serializeCookie(base: string, value: string, options: CookieOptions): string {
  return stringifySetCookie(cookieName(base), value, {
    path: '/',
    sameSite: 'lax',
    httpOnly: options.httpOnly,
    secure: config.secureCookies,
    maxAge: options.maxAgeSeconds,
  });
}

export function expireCookie(base: string, httpOnly: boolean): string {
  return serializeCookie(base, '', { httpOnly, maxAgeSeconds: 0 });
}

export const COOKIE = { session: 'sessionid', csrf: 'csrftoken' } as const;
