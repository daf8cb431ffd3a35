import { encodeExtended } from 'content-disposition';
import { Reply } from './reply.js';

// Apart from reply.ts so that only the groups that send files bundle content-disposition (CommonJS, not tree-shaken).

/**
 * RFC 6266: a quoted ASCII fallback plus the UTF-8 name (RFC 8187, content-disposition's
 * encoder), so Korean file names survive. The fallback is always quoted and `filename*` always
 * sent, one shape for every name, which is why the library's `create` (bare token for ASCII names,
 * `?` for other characters) is not used whole.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|\\/g, '_').replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=${encodeExtended(fileName)}`;
}

export function fileReply(bytes: Uint8Array, fileName: string, contentType: string): Reply {
  return new Reply(200, bytes, {
    binary: true,
    headers: {
      'content-type': contentType,
      'content-disposition': contentDisposition(fileName),
      'cache-control': 'no-store',
    },
  });
}
