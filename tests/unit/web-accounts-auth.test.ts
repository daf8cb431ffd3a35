import { describe, expect, test } from 'vitest';
import {
  classifySocialError,
  decodeOAuthState,
  encodeOAuthState,
  googleAuthorizeUrl,
  OAUTH_STATE_MAX_AGE_MS,
  parseOAuthFragment,
  randomNonce,
} from '../../web/src/features/auth/utils/google-oauth.js';
import { loginPathFor, safeReturnPath } from '../../web/src/lib/auth/safe-return-path.js';

describe('safeReturnPath (login returnTo)', () => {
  test.each([
    ['/profile', '/profile'],
    ['/exam-detail/e1?tab=questions#q3', '/exam-detail/e1?tab=questions#q3'],
    ['/study-detail/%ED%95%9C', '/study-detail/%ED%95%9C'],
    ['/', '/'],
    ['/a/../profile', '/profile'],
  ])('%s is kept as %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });

  test.each([
    [null],
    [undefined],
    [''],
    ['profile'],
    ['https://evil.example/'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['\\\\evil.example'],
    ['javascript:alert(1)'],
    ['/%0d%0aSet-Cookie:x'.replace('%0d%0a', '\r\n')],
    ['/ok\tpath'],
    [' //evil.example'],
    ['/login'],
    ['/login?returnTo=/profile'],
    ['/register/'],
    ['/' + 'a'.repeat(2100)],
  ])('%s is refused', (raw) => {
    expect(safeReturnPath(raw as string | null | undefined)).toBeNull();
  });

  test('loginPathFor encodes the path and drops unsafe or trivial ones', () => {
    expect(loginPathFor('/profile')).toBe('/login?returnTo=%2Fprofile');
    expect(loginPathFor('/user-management?x=1')).toBe('/login?returnTo=%2Fuser-management%3Fx%3D1');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });
});

describe('Google sign-in redirect', () => {
  test('the state carries timestamp, return path and nonce, and round-trips (Korean paths too)', () => {
    const now = 1_750_000_000_000;
    const state = { ts: now, returnTo: '/study-detail/한국어?x=1', nonce: 'abc123' };
    // The return path comes back normalised by the URL parser (percent-encoded).
    expect(decodeOAuthState(encodeOAuthState(state), now + 1000)).toEqual({
      ...state,
      returnTo: '/study-detail/%ED%95%9C%EA%B5%AD%EC%96%B4?x=1',
    });
  });

  test('a stale, future, malformed or unsafe state is refused or neutralised', () => {
    const now = 1_750_000_000_000;
    expect(
      decodeOAuthState(encodeOAuthState({ ts: now - OAUTH_STATE_MAX_AGE_MS - 1, returnTo: '/', nonce: 'n' }), now),
    ).toBeNull();
    expect(decodeOAuthState(encodeOAuthState({ ts: now + 120_000, returnTo: '/', nonce: 'n' }), now)).toBeNull();
    expect(decodeOAuthState('not-base64-json', now)).toBeNull();
    expect(decodeOAuthState(null, now)).toBeNull();
    expect(decodeOAuthState(encodeOAuthState({ ts: now, returnTo: '/', nonce: '' }), now)).toBeNull();
    expect(
      decodeOAuthState(encodeOAuthState({ ts: now, returnTo: 'https://evil.example', nonce: 'n' }), now)?.returnTo,
    ).toBe('/');
  });

  test('the authorization URL asks for an ID token with the account chooser', () => {
    const url = new URL(
      googleAuthorizeUrl({ clientId: 'cid', redirectUri: 'http://localhost:3000/login', state: 's', nonce: 'n' }),
    );
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: 'cid',
      redirect_uri: 'http://localhost:3000/login',
      response_type: 'id_token',
      scope: 'openid email profile',
      prompt: 'select_account',
      state: 's',
      nonce: 'n',
    });
  });

  test("Google's fragment answer is read", () => {
    expect(parseOAuthFragment('')).toBeNull();
    expect(parseOAuthFragment('#section-2')).toBeNull();
    expect(parseOAuthFragment('#state=s&id_token=tok&authuser=0')).toEqual({ idToken: 'tok', state: 's', error: null });
    expect(parseOAuthFragment('#error=access_denied&state=s')).toEqual({
      idToken: null,
      state: 's',
      error: 'access_denied',
    });
  });

  test.each([
    ['opt_out_or_no_session: skipped', 'skipped'],
    ['popup_closed_by_user', 'cancelled'],
    ['access_denied', 'cancelled'],
    ['User cancelled the flow', 'cancelled'],
    ['Popup blocked by the browser', 'popupBlocked'],
    ['Request timeout', 'timeout'],
    ['timed out waiting', 'timeout'],
    ['invalid_client', 'general'],
    [null, 'general'],
  ])('social error %s is %s', (message, kind) => {
    expect(classifySocialError(message)).toBe(kind);
  });

  test('nonces are 128-bit hex and differ', () => {
    const a = randomNonce();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(randomNonce()).not.toBe(a);
  });
});
