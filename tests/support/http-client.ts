import { request as httpRequest } from 'node:http';

/**
 * A small browser-like HTTP client for integration tests: keeps cookies, fetches a CSRF token
 * and sends it on unsafe methods, as the web app does.
 */
export class TestClient {
  private cookies = new Map<string, string>();
  csrfToken = '';
  /**
   * Send from this loopback address (e.g. 127.0.0.9) instead of 127.0.0.1, so the server sees a
   * different client IP: per-address throttles can be tested without touching other tests.
   */
  localAddress?: string;

  constructor(
    readonly baseUrl: string,
    readonly language: 'ko' | 'en' = 'ko',
  ) {}

  static async create(baseUrl: string, language: 'ko' | 'en' = 'ko'): Promise<TestClient> {
    const client = new TestClient(baseUrl, language);
    await client.refreshCsrf();
    return client;
  }

  async refreshCsrf(): Promise<void> {
    const res = await this.request('GET', '/api/csrf-token/');
    this.csrfToken = ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  clearCookies(): void {
    this.cookies.clear();
  }

  /** The Cookie header this client sends (for callers that build their own requests, e.g. the fuzzer). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { 'accept-language': this.language, ...options.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (options.csrf !== false && !['GET', 'HEAD'].includes(method) && this.csrfToken)
      headers['x-csrftoken'] = this.csrfToken;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const res = this.localAddress
      ? await sendFrom(this.localAddress, this.baseUrl + path, method, headers, body)
      : await fetch(this.baseUrl + path, { method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get = (path: string, options?: Parameters<TestClient['request']>[2]) => this.request('GET', path, options);
  post = (path: string, json?: unknown, options?: Parameters<TestClient['request']>[2]) =>
    this.request('POST', path, { ...options, json: json ?? {} });
  put = (path: string, json?: unknown, options?: Parameters<TestClient['request']>[2]) =>
    this.request('PUT', path, { ...options, json: json ?? {} });
  patch = (path: string, json?: unknown, options?: Parameters<TestClient['request']>[2]) =>
    this.request('PATCH', path, { ...options, json: json ?? {} });
  delete = (path: string, options?: Parameters<TestClient['request']>[2]) => this.request('DELETE', path, options);
}

/** fetch cannot choose its source address; node:http can. Answers a standard Response. */
async function sendFrom(
  localAddress: string,
  url: string,
  method: string,
  headers: Record<string, string>,
  body: RequestInit['body'] | undefined,
): Promise<Response> {
  // Let fetch's Request serialise whatever body it is (JSON string, FormData) with its content type.
  const prepared = new Request(url, { method, headers, body });
  const bytes = body === undefined ? undefined : Buffer.from(await prepared.arrayBuffer());
  const outgoing: Record<string, string> = {};
  prepared.headers.forEach((value, name) => (outgoing[name] = value));
  if (bytes) outgoing['content-length'] = String(bytes.length);
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        path: target.pathname + target.search,
        method,
        headers: outgoing,
        localAddress,
        family: 4,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value])
              responseHeaders.append(name, v);
          }
          const status = res.statusCode ?? 0;
          const payload = status === 204 || status === 304 ? null : Buffer.concat(chunks);
          resolve(new Response(payload, { status, headers: responseHeaders }));
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(bytes);
  });
}
