import * as contracts from '#shared/contracts/links.js';
import { linksGroup } from '#shared/route-groups/links.js';
import { bind, createGroupHandler } from './group-handler.js';
import { createShortUrl, followShortLink } from '../domains/links/index.js';

export const handler = createGroupHandler(linksGroup, [
  bind(contracts.createShortUrl, createShortUrl),
  bind(contracts.followShortLink, followShortLink),
]);
