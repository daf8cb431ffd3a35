import * as z from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route at all; finer rules (owner, study role) live in the services. */
export type RouteAccess = 'public' | 'signed-in' | 'admin';

export interface RouteContract<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
  A extends RouteAccess = RouteAccess,
> {
  method: HttpMethod;
  /** Path exactly as in the spec's api-routes.txt, trailing slash included, `{name}` for parameters. */
  path: string;
  /** Kept as a literal type: the backend gives services of non-public routes a non-null caller. */
  access: A;
  params: P;
  query: Q;
  body: B;
  /** Schema of a JSON answer; binary answers (xlsx downloads, redirects) use `z.unknown()`. */
  response: R;
  /** `multipart` routes receive a parsed form; `json` is the default. */
  bodyKind: 'json' | 'multipart' | 'none';
  /**
   * Skips the double-submit CSRF check. Only for routes that act on a credential in the request
   * itself (a signed token in the URL) and never on the session cookie: nothing a forged
   * cross-site request could borrow.
   */
  csrfExempt: boolean;
  /**
   * The answer is an HTML page for people (a link followed from a mail or a chat), so refusals are
   * pages too, not `{code, detail}` JSON.
   */
  answersPage: boolean;
}

const emptyObject = z.object({}).passthrough();

export function defineRoute<
  P extends z.ZodType = typeof emptyObject,
  Q extends z.ZodType = typeof emptyObject,
  B extends z.ZodType = typeof emptyObject,
  R extends z.ZodType = z.ZodUnknown,
  A extends RouteAccess = RouteAccess,
>(route: {
  method: HttpMethod;
  path: string;
  access: A;
  params?: P;
  query?: Q;
  body?: B;
  response?: R;
  bodyKind?: 'json' | 'multipart' | 'none';
  csrfExempt?: boolean;
  answersPage?: boolean;
}): RouteContract<P, Q, B, R, A> {
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return {
    method: route.method,
    path: route.path,
    access: route.access,
    params: (route.params ?? emptyObject) as P,
    query: (route.query ?? emptyObject) as Q,
    body: (route.body ?? emptyObject) as B,
    response: (route.response ?? z.unknown()) as R,
    bodyKind: route.bodyKind ?? (hasBody ? 'json' : 'none'),
    csrfExempt: route.csrfExempt ?? false,
    answersPage: route.answersPage ?? false,
  };
}

/**
 * The key API Gateway stores for a route and sends as the event's `routeKey`: `GET /api/exam/{examId}`.
 * HTTP APIs refuse route paths ending in "/" and match a request with or without one, so the
 * spec's trailing slash is dropped here — the one place that rule lives.
 */
export function routeKey(route: Pick<RouteContract, 'method' | 'path'>): string {
  const path = route.path.length > 1 ? route.path.replace(/\/+$/, '') : route.path;
  return `${route.method} ${path}`;
}

/** Fills `{name}` placeholders; used by the web client to build URLs from a contract. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export type ParamsOf<C extends RouteContract> = z.infer<C['params']>;
export type QueryOf<C extends RouteContract> = z.infer<C['query']>;
export type BodyOf<C extends RouteContract> = z.input<C['body']>;
export type ResponseOf<C extends RouteContract> = z.infer<C['response']>;
