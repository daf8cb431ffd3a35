import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpSecurityHeaders from '@middy/http-security-headers';
import * as z from 'zod/mini';
import { routeKey, type RouteContract } from '#shared/contracts/define-route.js';
import { LIMITS } from '#shared/domain/limits.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import type { RouteGroup } from '#shared/route-group.js';
import { config } from '../config.js';
import { AppError, forbidden, unauthorized, validationFailed } from './app-error.js';
import { bodyLimit, callerFromSession, csrfCheck, errorResponder, requestContext } from './middlewares.js';
import { originCheck } from './origin-check.js';
import { Reply } from './reply.js';
import type { HandlerContext, HttpEvent, HttpResult, RequestContext, SignedInContext } from './types.js';

export interface ServiceInput<C extends RouteContract> {
  params: z.infer<C['params']>;
  query: z.infer<C['query']>;
  body: z.infer<C['body']>;
}

/** Public routes may have a caller; every other route's service receives one (derived from the contract's `access`). */
export type ContextFor<C extends RouteContract> = C['access'] extends 'public' ? RequestContext : SignedInContext;

export type Service<C extends RouteContract> = (input: ServiceInput<C>, ctx: ContextFor<C>) => Promise<z.infer<C['response']> | Reply>;

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
export function createGroupHandler(group: RouteGroup, bindings: Binding[]) {
  const groupName = group.name;
  const byKey = new Map(bindings.map((b) => [routeKey(b.contract), b]));
  for (const contract of group.routes) {
    if (!byKey.has(routeKey(contract))) throw new Error(`${groupName}: no service for ${routeKey(contract)}`);
  }
  for (const key of byKey.keys()) {
    if (!group.routes.some((r) => routeKey(r) === key)) throw new Error(`${groupName}: ${key} is not in the manifest`);
  }

  const jsonParser = httpJsonBodyParser();
  // No busboy `files` limit: busboy skips a part past that limit without draining it, so a second
  // file over its 16 KB buffer never lets the parse finish and the request hangs. The body is
  // already whole in memory and capped (bodyLimit), so every part is parsed and extra files refused.
  // Made on the first multipart request: most groups have no multipart route, and the parser with
  // busboy is a measurable share of a cold start (D73).
  let multipartParser: Promise<Pick<middy.MiddlewareObj<never>, 'before'>> | undefined;
  const multipart = () =>
    (multipartParser ??= import('@middy/http-multipart-body-parser').then(({ default: httpMultipartBodyParser }) =>
      httpMultipartBodyParser({ busboy: { limits: { fileSize: LIMITS.maxMultipartBodyBytes } } }),
    ));

  return middy<HttpEvent, HttpResult, Error, HandlerContext>()
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
    .use(httpHeaderNormalizer())
    .use(bodyLimit())
    .use(csrfCheck())
    .use({
      before: async (request) => {
        const kind = request.context.route.bodyKind;
        const raw = request.event.body;
        if (kind === 'json' && raw && raw.trim() !== '') return jsonParser.before!(request as never);
        if (kind === 'multipart') {
          const parser = await multipart();
          await parser.before!(request as never);
          return refuseExtraFiles((request.event as { body?: unknown }).body);
        }
        (request.event as { body?: unknown }).body = {};
      },
    })
    .use(callerFromSession())
    .handler(async (event, context) => {
      const contract = context.route;
      const binding = byKey.get(routeKey(contract))!;
      const ctx = context.request;
      const answer = await binding.run({ params: event.pathParameters ?? {}, query: event.queryStringParameters ?? {}, body: (event as { body?: unknown }).body ?? {} }, ctx);
      return toResult(contract, answer, ctx);
    });
}

/** One uploaded file per request: middy gives a repeated file field as an array of attachments. */
function refuseExtraFiles(form: unknown): void {
  const isFile = (value: unknown) => typeof value === 'object' && value !== null && 'content' in value;
  const files = Object.values(form as Record<string, unknown>).flatMap((value) => (Array.isArray(value) ? value : [value]));
  if (files.filter(isFile).length > 1) throw new AppError(400, 'invalid_multipart');
}

function parseWith<S extends z.ZodMiniType>(schema: S, value: unknown, where: 'params' | 'query' | 'body'): z.output<S> {
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
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...reply.options.headers },
    cookies: reply.options.cookies,
    body: JSON.stringify(reply.body),
  };
}
