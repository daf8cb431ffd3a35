import { ApiError, CLIENT_ERROR_CODES } from './api-client.js';

const CLIENT_CODES = new Set<string>(Object.values(CLIENT_ERROR_CODES));

/** All these helpers ask of i18next's `t`: a key's text. */
type Translate = (key: string) => string;

/**
 * The sentence to show for a failed call. The server already wrote `detail` in the caller's
 * language; errors the client raised itself (network, unreadable answer) and anything that is
 * not an ApiError get the app's own texts (app.errors.*).
 */
export function errorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (CLIENT_CODES.has(error.code)) return t(`app.errors.${error.code}`);
    if (error.detail) return error.detail;
  }
  return t('app.errors.generic');
}

/**
 * docs/product.md#errors's "the server detail, else <a screen's own failure text>": the server's sentence
 * when it wrote one, the app's text for client-side failures, else `fallback`.
 */
export function serverDetailOr(error: unknown, t: Translate, fallback: string): string {
  if (error instanceof ApiError) {
    if (CLIENT_CODES.has(error.code)) return t(`app.errors.${error.code}`);
    if (error.detail && !error.code.startsWith('http_')) return error.detail;
  }
  return fallback;
}
