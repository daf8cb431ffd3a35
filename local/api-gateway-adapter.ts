import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routeKey } from '#shared/contracts/define-route.js';
import { languageFromAcceptHeader } from '../functions/runtime/http/accept-language.js';
import { ORIGIN_VERIFY_HEADER } from '#shared/domain/origin-verify.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { FALLBACK_GROUP, ROUTE_GROUPS, type RouteGroup } from '#shared/routes-manifest.js';

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** Where Lambda's Invoke API is served (AWS_ENDPOINT_URL_LAMBDA points at the local cloud). */
export const LAMBDA_INVOKE_PREFIX = '/2015-03-31/functions/';

/** API Gateway's own cap on a request payload. */
const API_GATEWAY_MAX_BODY = 10 * 1024 * 1024;

/**
 * What AWS enforces between API Gateway and a Lambda (D145), enforced here so a test fails where
 * AWS would: a synchronous invocation's event and its result are at most 6 MB each (Lambda
 * counts 6,291,556 bytes of JSON), and the API waits 29 s for the function at most.
 */
export const LAMBDA_LIMITS = {
  maxInvocationBytes: 6_291_556,
  timeoutMs: 29_000,
};

/** Thrown by `match` when a path parameter is not valid percent-encoded UTF-8. */
class InvalidPathParameter extends Error {}

function decodePathParameter(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new InvalidPathParameter(raw);
  }
}

/**
 * An answer the gateway itself gives, before any function runs, in the product's `{ code, detail }`
 * shape and the caller's language (API Gateway's own `{ message }` bodies are not in the catalogue).
 */
export function gatewayErrorBody(
  code: string,
  acceptLanguage: string | undefined,
  params?: Record<string, string>,
): string {
  return JSON.stringify({ code, detail: errorMessage(code, languageFromAcceptHeader(acceptLanguage), params) });
}

interface CompiledRoute {
  group: RouteGroup;
  method: string;
  key: string;
  pattern: RegExp;
  paramNames: string[];
}

function compile(): CompiledRoute[] {
  return ROUTE_GROUPS.flatMap((group) =>
    group.routes.map((route) => {
      const paramNames: string[] = [];
      // API Gateway matches a route with or without its trailing slash.
      const source = route.path
        .replace(/\/+$/, '')
        .split(/(\{\w+\})/)
        .map((part) => {
          const param = /^\{(\w+)\}$/.exec(part);
          if (param) {
            paramNames.push(param[1]!);
            return '([^/]+)';
          }
          return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('');
      return { group, method: route.method, key: routeKey(route), pattern: new RegExp(`^${source}/?$`), paramNames };
    }),
  );
}

/** Literal routes win over parameterised ones, as in API Gateway. */
function specificity(route: CompiledRoute): number {
  return route.paramNames.length;
}

/**
 * Emulates an API Gateway HTTP API in front of the real Lambda handlers of the manifest:
 * route matching, the payload 2.0 event, and the structured result back to HTTP.
 */
export interface AdapterOptions {
  originSecret?: string;
  /** Lambda's limits (tests pass a shorter timeout). */
  limits?: Partial<typeof LAMBDA_LIMITS>;
  /** The handler of a group instead of its module (tests). */
  handlerFor?: (group: RouteGroup) => Promise<LambdaHandler>;
  /**
   * A folder holding each group's asset as the stack builds it (`<group>/index.mjs`): its handlers run
   * instead of the TypeScript sources (D509). Unset = sources.
   */
  builtLambdas?: string;
}

type Limits = typeof LAMBDA_LIMITS;
type HandlerLoader = (group: RouteGroup) => Promise<LambdaHandler>;

export function createApiGatewayAdapter(rootDir: string, options: AdapterOptions = {}) {
  const routes = compile().sort((a, b) => specificity(a) - specificity(b));
  const handlers = new Map<string, Promise<LambdaHandler>>();
  const limits = { ...LAMBDA_LIMITS, ...options.limits };

  const loadHandler: HandlerLoader = (group) => {
    if (options.handlerFor) return options.handlerFor(group);
    if (!handlers.has(group.name)) {
      const module = options.builtLambdas
        ? join(options.builtLambdas, group.name, 'index.mjs')
        : join(rootDir, group.handler);
      const url = pathToFileURL(module).href;
      handlers.set(
        group.name,
        import(url).then((m: { handler: LambdaHandler }) => m.handler),
      );
    }
    return handlers.get(group.name)!;
  };

  return async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    if (method === 'POST' && url.pathname.startsWith(LAMBDA_INVOKE_PREFIX))
      return invokeAsync(req, res, url.pathname, loadHandler, limits);
    const refuse = (status: number, code: string, params?: Record<string, string>) => {
      res
        .writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
        .end(gatewayErrorBody(code, req.headers['accept-language'], params));
    };
    const body = await readBody(req, API_GATEWAY_MAX_BODY);
    if (body === null) {
      refuse(413, 'payload_too_large', { limit: `${API_GATEWAY_MAX_BODY / 1024 / 1024} MB` });
      return;
    }
    let matched: ReturnType<typeof matchRoute>;
    try {
      matched = matchRoute(routes, method, url.pathname);
    } catch (error) {
      if (!(error instanceof InvalidPathParameter)) throw error;
      // API Gateway HTTP APIs hand functions the decoded path; a malformed escape has no decoded
      // form, so it is refused here, before any function runs.
      refuse(400, 'invalid_path_parameter');
      return;
    }
    const group = matched?.route.group ?? ROUTE_GROUPS.find((g) => g.name === FALLBACK_GROUP)!;
    const event = toEvent(req, url, method, body, matched?.route.key ?? '$default', matched?.pathParameters);
    // What CloudFront's origin custom header does in AWS (overwriting any value the client sent).
    if (options.originSecret) event.headers[ORIGIN_VERIFY_HEADER] = options.originSecret;
    // Lambda refuses an event over its payload limit before the function runs.
    if (Buffer.byteLength(JSON.stringify(event)) > limits.maxInvocationBytes) {
      refuse(413, 'payload_too_large', { limit: '6 MB' });
      return;
    }
    const result = await invokeWithin(await loadHandler(group), group, event, limits);
    if (result === 'timeout') {
      refuse(504, 'gateway_timeout', { seconds: String(limits.timeoutMs / 1000) });
      return;
    }
    // Lambda fails an invocation whose result is over its payload limit; the API answers 5xx.
    if (Buffer.byteLength(JSON.stringify(result)) > limits.maxInvocationBytes) {
      refuse(502, 'answer_too_large', { limit: '6 MB' });
      return;
    }
    writeResult(res, result);
  };
}

function matchRoute(routes: CompiledRoute[], method: string, path: string) {
  for (const route of routes) {
    if (route.method !== method) continue;
    const found = route.pattern.exec(path);
    if (!found) continue;
    const pathParameters: Record<string, string> = {};
    route.paramNames.forEach((name, i) => (pathParameters[name] = decodePathParameter(found[i + 1]!)));
    return { route, pathParameters };
  }
  return null;
}

/**
 * The group's function run with its own timeout (the group's), within the gateway's: the route
 * answers 503 before either. Past the gateway's timeout the answer is 'timeout'; the function may
 * still finish (as in AWS) and its answer is dropped.
 */
async function invokeWithin(
  handler: LambdaHandler,
  group: RouteGroup,
  event: APIGatewayProxyEventV2,
  limits: Limits,
): Promise<APIGatewayProxyStructuredResultV2 | 'timeout'> {
  const functionTimeoutMs = Math.min(group.timeoutSeconds * 1000, limits.timeoutMs);
  const invocation = handler(event, lambdaContext(group.name, event.requestContext.requestId, functionTimeoutMs));
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), limits.timeoutMs);
  });
  const result = await Promise.race([invocation, timedOut]).finally(() => clearTimeout(timer));
  if (result === 'timeout') invocation.catch(() => undefined);
  return result;
}

/**
 * Lambda's Invoke API, asynchronous invocations only (D195): a group's own function invoked with
 * a background event, which runs detached with the group's background timeout while the caller
 * gets 202, as Lambda queues the event in AWS. The function name is the group's name.
 */
async function invokeAsync(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  loadHandler: HandlerLoader,
  limits: Limits,
): Promise<void> {
  const name = decodeURIComponent(path.slice(LAMBDA_INVOKE_PREFIX.length).split('/')[0] ?? '');
  const group = ROUTE_GROUPS.find((g) => g.name === name);
  const body = await readBody(req, limits.maxInvocationBytes);
  if (!group?.background || req.headers['x-amz-invocation-type'] !== 'Event' || body === null) {
    res.writeHead(group ? 400 : 404, { 'content-type': 'application/json' }).end('{"Type":"User"}');
    return;
  }
  const handler = await loadHandler(group);
  const requestId = randomUUID();
  const context = lambdaContext(group.name, requestId, group.background.timeoutSeconds * 1000);
  void Promise.resolve()
    .then(() => handler(JSON.parse(body.toString('utf8')) as APIGatewayProxyEventV2, context))
    .catch((error: Error) =>
      console.error(JSON.stringify({ level: 'error', message: 'background invocation failed', error: error.stack })),
    );
  res.writeHead(202, { 'x-amzn-requestid': requestId }).end();
}

/**
 * The request body, or null as soon as it passes `limit`. The rest is still read and dropped, so
 * the client gets its answer instead of a reset connection while it is still sending.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      chunks.length = 0;
      resolve(null);
    });
    req.on('end', () => resolve(size > limit ? null : Buffer.concat(chunks)));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new Error('the client went away while sending its request'));
    });
  });
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/;

function toEvent(
  req: IncomingMessage,
  url: URL,
  method: string,
  body: Buffer,
  key: string,
  pathParameters: Record<string, string> | undefined,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const joined = Array.isArray(value) ? value.join(',') : value;
    if (name === 'cookie')
      cookies = joined
        .split(';')
        .map((c) => c.trim())
        .filter(Boolean);
    else headers[name] = joined;
  }
  // What CloudFront's viewer-request function does in AWS: the client cannot choose this header.
  const viewerIp = req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1';
  headers['x-viewer-ip'] = viewerIp;
  headers['x-viewer-host'] = req.headers.host ?? '';
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const contentType = headers['content-type'] ?? '';
  const isText = body.length === 0 || TEXT_TYPES.test(contentType);
  const requestId = randomUUID();
  return {
    version: '2.0',
    routeKey: key,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters,
    body: body.length ? (isText ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: !isText,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0]!,
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: viewerIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId,
      routeKey: key,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
  };
}

function lambdaContext(functionName: string, requestId: string, timeoutMs: number): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

function writeResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string | string[]> = {};
  // Lambda results are JSON: a header set to undefined (middy removes server headers that way) never arrives.
  for (const [name, value] of Object.entries(result.headers ?? {})) {
    if (value !== undefined && value !== null && value !== '') headers[name.toLowerCase()] = String(value);
  }
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  const body =
    result.body === undefined ? undefined : Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8');
  if (body && !headers['content-type']) headers['content-type'] = 'application/json';
  res.writeHead(result.statusCode ?? 200, headers);
  res.end(body);
}
