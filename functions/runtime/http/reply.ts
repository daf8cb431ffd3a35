/** What a service returns when plain JSON with status 200 is not enough. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly options: {
      cookies?: string[];
      headers?: Record<string, string>;
      /** Raw bytes (xlsx downloads) are sent base64-encoded, as API Gateway expects. */
      binary?: boolean;
    } = {},
  ) {}
}

export function jsonReply(
  body: unknown,
  options: { status?: number; cookies?: string[]; headers?: Record<string, string> } = {},
): Reply {
  return new Reply(options.status ?? 200, body, { cookies: options.cookies, headers: options.headers });
}

export function redirectReply(location: string, status = 302, cookies?: string[]): Reply {
  return new Reply(status, null, { headers: { location, 'cache-control': 'no-store' }, cookies });
}

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A small HTML page (short-link errors): sent as bytes so the runtime does not JSON-encode it. */
export function htmlReply(html: string, status = 200): Reply {
  return new Reply(status, new TextEncoder().encode(html), {
    binary: true,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}
