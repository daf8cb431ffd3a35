import { createShortUrl as route, SHORT_LINK_DEFAULT_DAYS } from '#shared/contracts/links.js';
import { callApi } from '../../../lib/api-client.js';

/** POST /api/short-url/create/ — a 30-day short link to a page of this site. */
export function createShortUrl(url: string) {
  return callApi(route, { body: { url, expires_days: SHORT_LINK_DEFAULT_DAYS } });
}
