import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpSecurityHeaders from '@middy/http-security-headers';
import * as z from 'zod/mini';
import { routeKey, type RouteContract } from '#shared/contracts/define-route.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import type { RouteGroup } from '#shared/route-group.js';
import { config } from '../config.js';
import { AppError, forbidden, unauthorized, validationFailed } from './app-error.js';
import {
  bodyLimit,
  callerFromSession,
  csrfCheck,
  errorResponder,
  logsFlushed,
  metricsFlushed,
  requestContext,
  routeTraced,
} from './middlewares.js';
import { originCheck } from './origin-check.js';
import { slowServiceError } from './service-unavailable.js';
import { Reply } from './reply.js';
import type { CallerLoader, HandlerContext, HttpEvent, HttpResult, RequestContext, SignedInContext } from './types.js';

export interface ServiceInput<C extends RouteContract> {
  params: z.infer<C['params']>;
  query: z.infer<C['query']>;
  body: z.infer<C['body']>;
}

/** Public routes may have a caller; every other route's service receives one (derived from the contract's `access`). */
export type ContextFor<C extends RouteContract> = C['access'] extends 'public' ? RequestContext : SignedInContext;

export type Service<C extends RouteContract> = (
  input: ServiceInput<C>,
  ctx: ContextFor<C>,
) => Promise<z.infer<C['response']> | Reply>;

/** What the event carries, before the contract's schemas check it. */
interface RawInput {
  params: unknown;
  query: unknown;
  body: unknown;
}

export interface Binding {
  contract: RouteContract;
  /** Validates the input against the contract, enforces its access, and runs the service. */
  run(raw: RawInput, ctx: RequestContext): Promise<unknown>;
}

/** Binds a contract to the plain async service that answers it. */
export function bind<C extends RouteContract>(contract: C, service: Service<C>): Binding {
  return {
    contract,
    run: async (raw, ctx) => {
      const access = contextFor(contract, ctx);
      const input: ServiceInput<C> = {
        params: parseWith<C['params']>(contract.params, raw.params, 'params'),
        query: parseWith<C['query']>(contract.query, raw.query, 'query'),
        body: parseWith<C['body']>(contract.body, raw.body, 'body'),
      };
      return service(input, access);
    },
  };
}

/** The access rule of the contract, enforced before any input is read: 401 without a caller, 403 for non-admins on admin routes. */
function contextFor<C extends RouteContract>(contract: C, ctx: RequestContext): ContextFor<C>;
function contextFor(contract: RouteContract, ctx: RequestContext): RequestContext | SignedInContext {
  if (contract.access === 'public') return ctx;
  const caller = ctx.caller;
  if (!caller) throw unauthorized();
  if (contract.access === 'admin' && !isSiteAdmin(caller.user)) throw forbidden();
  return { ...ctx, caller };
}

/**
 * The Lambda handler of one route group: its declaration (`shared/route-groups/<name>.ts`, listed
 * in the manifest) says which routes it owns, the bindings say which service answers each. The
 * handler takes the group's own declaration rather than looking it up in the manifest, so its
 * Lambda never evaluates the other groups' contracts (D73). API Gateway (or the local adapter)
 * has already matched the route, so dispatch is by `routeKey`; anything else is route_not_found.
 */
/** Parses a multipart body into the event's `body` form (`multipart-body.ts`). */
export type MultipartBodyParser = (
  request: middy.Request<HttpEvent, HttpResult, Error, HandlerContext>,
) => Promise<void>;

export interface GroupOptions {
  /** Who is calling, from the session cookie (the runtime knows no domain: the groups pass the users domain's). */
  loadCaller: CallerLoader;
  /** Required exactly when the group has a multipart route; the others leave busboy out of their bundle. */
  multipartBody?: MultipartBodyParser;
}

export function createGroupHandler(group: RouteGroup, bindings: Binding[], options: GroupOptions) {
  const groupName = group.name;
  const byKey = new Map(bindings.map((b) => [routeKey(b.contract), b]));
  for (const contract of group.routes) {
    if (!byKey.has(routeKey(contract))) throw new Error(`${groupName}: no service for ${routeKey(contract)}`);
  }
  for (const key of byKey.keys()) {
    if (!group.routes.some((r) => routeKey(r) === key)) throw new Error(`${groupName}: ${key} is not in the manifest`);
  }

  const multipartRoutes = group.routes.filter((r) => r.bodyKind === 'multipart');
  if (multipartRoutes.length > 0 && !options.multipartBody)
    throw new Error(
      `${groupName}: ${routeKey(multipartRoutes[0]!)} is multipart but the group has no multipart parser`,
    );
  if (multipartRoutes.length === 0 && options.multipartBody)
    throw new Error(`${groupName}: a multipart parser but no multipart route`);

  const jsonParser = httpJsonBodyParser();

  return middy<HttpEvent, HttpResult, Error, HandlerContext>({
    timeoutEarlyInMillis: ANSWER_MARGIN_MS,
    timeoutEarlyResponse: () => {
      throw slowServiceError();
    },
  })
    .use(logsFlushed())
    .use(metricsFlushed(groupName))
    .use(httpSecurityHeaders())
    .use(errorResponder())
    .use(requestContext(groupName))
    .use(originCheck())
    .use({
      before: async ({ event, context }) => {
        const binding = byKey.get(event.routeKey);
        if (!binding) throw new AppError(404, 'route_not_found');
        context.route = binding.contract;
      },
    })
    .use(routeTraced(groupName))
    .use(httpHeaderNormalizer())
    .use(bodyLimit())
    .use(csrfCheck())
    .use({
      before: async (request) => {
        const kind = request.context.route.bodyKind;
        const raw = request.event.body;
        if (kind === 'json' && raw && raw.trim() !== '') return jsonParser.before!(request as never);
        if (kind === 'multipart') return options.multipartBody!(request);
        (request.event as { body?: unknown }).body = {};
      },
    })
    .use(callerFromSession(options.loadCaller))
    .handler(async (event, context) => {
      const contract = context.route;
      const binding = byKey.get(routeKey(contract))!;
      const ctx = context.request;
      const answer = await binding.run(
        {
          params: event.pathParameters ?? {},
          query: event.queryStringParameters ?? {},
          body: (event as { body?: unknown }).body ?? {},
        },
        ctx,
      );
      return toResult(contract, answer, ctx);
    });
}

/**
 * A route still running this close to the function's timeout answers 503 with Retry-After instead
 * of being cut off (API Gateway's 5xx without a code) or never answering: what keeps it waiting is a
 * slow or throttled engine, and a retry may pass. The margin leaves time for the answer's own steps
 * (error responder, logs and metrics flushed).
 */
export const ANSWER_MARGIN_MS = 1_500;

function parseWith<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
  where: 'params' | 'query' | 'body',
): z.output<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw validationFailed(result.error, where);
  return result.data;
}

function toResult(contract: RouteContract, answer: unknown, ctx: RequestContext): HttpResult {
  const reply = answer instanceof Reply ? answer : new Reply(200, answer);
  if (reply.options.binary) {
    return {
      statusCode: reply.status,
      headers: reply.options.headers,
      cookies: reply.options.cookies,
      body: Buffer.from(reply.body as Uint8Array).toString('base64'),
      isBase64Encoded: true,
    };
  }
  if (reply.body === null) {
    return { statusCode: reply.status, headers: reply.options.headers, cookies: reply.options.cookies };
  }
  if (config.validateResponses && reply.status < 300) {
    const check = contract.response.safeParse(reply.body);
    if (!check.success) {
      ctx.log.error('answer does not match its contract', { issues: check.error.issues });
      throw new Error(`answer of ${routeKey(contract)} does not match its contract`);
    }
  }
  return {
    statusCode: reply.status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...reply.options.headers,
    },
    cookies: reply.options.cookies,
    body: JSON.stringify(reply.body),
  };
}
