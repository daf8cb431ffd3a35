// The links domain's public face (short links); it may import only users, tags, files, learning, exams, studies, results (through their index.ts). docs/architecture.md §1.6.
export { createShortUrl, followShortLink } from './links.js';
