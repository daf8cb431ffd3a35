import { afterEach, describe, expect, it } from 'vitest';
import {
  COOKIE,
  cookieName,
  expireCookie,
  parseCookies,
  serializeCookie,
} from '../../functions/runtime/http/cookies.js';

const attributes = (setCookie: string) => setCookie.split('; ').slice(1).sort();

describe('parseCookies', () => {
  it('reads event.cookies before the Cookie header; the first value of a name wins', () => {
    expect(parseCookies(['sessionid=a', 'csrftoken=t'], 'sessionid=b; other=x')).toEqual({
      sessionid: 'a',
      csrftoken: 't',
      other: 'x',
    });
    expect(parseCookies(undefined, 'sessionid=b; sessionid=c')).toEqual({ sessionid: 'b' });
  });

  it('percent-decodes values, keeps undecodable ones as sent, and skips pairs without a name or =', () => {
    expect(parseCookies([' a = %ED%95%9C ', 'b=%E0%A4%A', 'junk', '=v'])).toEqual({ a: '한', b: '%E0%A4%A' });
    expect(parseCookies(undefined, undefined)).toEqual({});
  });
});

describe('serializeCookie', () => {
  afterEach(() => {
    delete process.env.COOKIE_SECURE;
  });

  it('sets Path=/ and SameSite=Lax, HttpOnly and Max-Age when asked, and encodes the value', () => {
    const cookie = serializeCookie(COOKIE.session, 'a b', { httpOnly: true, maxAgeSeconds: 60 });
    expect(cookie.startsWith('sessionid=a%20b; ')).toBe(true);
    expect(attributes(cookie)).toEqual(['HttpOnly', 'Max-Age=60', 'Path=/', 'SameSite=Lax']);
    expect(attributes(serializeCookie(COOKIE.csrf, 't', { httpOnly: false }))).toEqual(['Path=/', 'SameSite=Lax']);
  });

  it('over HTTPS uses the __Host- prefix with Secure', () => {
    process.env.COOKIE_SECURE = 'true';
    expect(cookieName(COOKIE.csrf)).toBe('__Host-csrftoken');
    const cookie = expireCookie(COOKIE.session, true);
    expect(cookie.startsWith('__Host-sessionid=; ')).toBe(true);
    expect(attributes(cookie)).toEqual(['HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Lax', 'Secure']);
  });
});
