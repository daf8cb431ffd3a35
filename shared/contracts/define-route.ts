import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { lazy } from './lazy.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call a route at all; finer rules (owner, study role) live in the services. */
export type RouteAccess = 'public' | 'signed-in' | 'admin';

export interface RouteContract<
  P extends z.ZodMiniType = z.ZodMiniType,
  Q extends z.ZodMiniType = z.ZodMiniType,
  B extends z.ZodMiniType = z.ZodMiniType,
  R extends z.ZodMiniType = z.ZodMiniType,
  A extends RouteAccess = RouteAccess,
> {
  method: HttpMethod;
  /** Path exactly as in the original client's calls, trailing slash included, `{name}` for parameters. */
  path: string;
  /** Kept as a literal type: the backend gives services of non-public routes a non-null caller. */
  access: A;
  /** Built on first read, like the other three (D99). */
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  /** Schema of a JSON answer; binary answers (xlsx downloads, redirects) use `z.unknown()`. */
  readonly response: R;
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

/** The input schemas a route may declare; each one left out is an open empty object. */
export interface RouteSchemas {
  params?: z.ZodMiniType;
  query?: z.ZodMiniType;
  body?: z.ZodMiniType;
}

const emptyObject = /* @__PURE__ */ lazy(() => z.looseObject({}));

/**
 * Classic zod set English issue messages on its first schema; zod/mini sets none ("Invalid
 * input"), and answers carry these messages in `issues`, so the first schema a contract builds sets
 * them, once per process (D100).
 */
const englishIssues = /* @__PURE__ */ lazy(() => z.config(en()));
type EmptyObject = ReturnType<typeof emptyObject>;

/** The schema `S` declares under `K`, else the default `D`. */
type Declared<S extends RouteSchemas, K extends keyof RouteSchemas, D extends z.ZodMiniType> = S extends {
  [key in K]: infer T extends z.ZodMiniType;
}
  ? T
  : D;

/** The contract of a route declaring the input schemas `S` and the answer schema `R`. */
type ContractOf<S extends RouteSchemas, R extends z.ZodMiniType, A extends RouteAccess> = RouteContract<
  Declared<S, 'params', EmptyObject>,
  Declared<S, 'query', EmptyObject>,
  Declared<S, 'body', EmptyObject>,
  R,
  A
>;

/**
 * A route's contract. Method, path, access and body kind are plain fields (the manifest check,
 * the stack and the router read only those); the schemas come from thunks called on first read
 * and kept (D99), so importing a contract module builds no schema: a Lambda builds the schemas of
 * the routes it answers, the web those of the calls it makes. The input schemas (`schemas`:
 * params, query, body) and the answer's (`response`) are separate thunks (D109): the web checks
 * every answer, the server only its inputs (answers only with VALIDATE_RESPONSES, in tests and
 * locally), so a Lambda's first request does not build an answer schema it never reads.
 *
 *   export const getTag = defineRoute({
 *     method: 'GET', path: '/api/tags/{id}/', access: 'public',
 *     schemas: () => ({ params: z.object({ id: z.string() }) }),
 *     response: () => tagSchema(),
 *   });
 */
/* @__NO_SIDE_EFFECTS__ */
export function defineRoute<
  S extends RouteSchemas = Record<never, never>,
  R extends z.ZodMiniType = z.ZodMiniUnknown,
  A extends RouteAccess = RouteAccess,
>(route: {
  method: HttpMethod;
  path: string;
  access: A;
  /** A misspelt key (`parms`, or a `response` here) is a type error, not a schema silently dropped. */
  schemas?: () => S & Record<Exclude<keyof S, keyof RouteSchemas>, never>;
  /** Schema of a JSON answer; left out (binary answers, redirects) it is `z.unknown()`. */
  response?: () => R;
  bodyKind?: 'json' | 'multipart' | 'none';
  csrfExempt?: boolean;
  answersPage?: boolean;
}): ContractOf<S, R, A> {
  type Built = { params: z.ZodMiniType; query: z.ZodMiniType; body: z.ZodMiniType };
  const inputs = lazy((): Built => {
    englishIssues();
    const declared: RouteSchemas = route.schemas?.() ?? {};
    return {
      params: declared.params ?? emptyObject(),
      query: declared.query ?? emptyObject(),
      body: declared.body ?? emptyObject(),
    };
  });
  const response = lazy((): z.ZodMiniType => {
    englishIssues();
    return route.response?.() ?? z.unknown();
  });
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  const contract: RouteContract = {
    method: route.method,
    path: route.path,
    access: route.access,
    get params() {
      return inputs().params;
    },
    get query() {
      return inputs().query;
    },
    get body() {
      return inputs().body;
    },
    get response() {
      return response();
    },
    bodyKind: route.bodyKind ?? (hasBody ? 'json' : 'none'),
    csrfExempt: route.csrfExempt ?? false,
    answersPage: route.answersPage ?? false,
  };
  return contract as ContractOf<S, R, A>;
}

/**
 * The key API Gateway stores for a route and sends as the event's `routeKey`: `GET /api/exam/{examId}`.
 * HTTP APIs refuse route paths ending in "/" and match a request with or without one, so the
 * original client's trailing slash is dropped here — the one place that rule lives.
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
