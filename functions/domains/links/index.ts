export { createShortUrl, followShortLink } from './links.js';
