import { config } from '../config.js';

/** API Gateway payload 2.0 moves Cookie headers into `event.cookies`; the local adapter does the same. */
export function parseCookies(cookies: string[] | undefined, header?: string): Record<string, string> {
  const parts = [...(cookies ?? []), ...(header ? header.split(';') : [])];
  const jar: Record<string, string> = {};
  for (const part of parts) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in jar) continue;
    try {
      jar[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      jar[name] = part.slice(index + 1).trim();
    }
  }
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
  const attributes = [`${cookieName(base)}=${encodeURIComponent(value)}`, 'Path=/', 'SameSite=Lax'];
  if (options.httpOnly) attributes.push('HttpOnly');
  if (config.secureCookies) attributes.push('Secure');
  if (options.maxAgeSeconds !== undefined) attributes.push(`Max-Age=${options.maxAgeSeconds}`);
  return attributes.join('; ');
}

export function expireCookie(base: string, httpOnly: boolean): string {
  return serializeCookie(base, '', { httpOnly, maxAgeSeconds: 0 });
}

export const COOKIE = { session: 'sessionid', csrf: 'csrftoken' } as const;
