import { randomUUID, timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import { LIMITS } from '#shared/domain/limits.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { languageFromAcceptHeader } from './accept-language.js';
import { AppError, payloadTooLarge } from './app-error.js';
import { COOKIE, cookieName, parseCookies } from './cookies.js';
import { SERVICE_RETRY_AFTER_SECONDS, serviceUnavailableError } from './service-unavailable.js';
import { addLambdaContext, createLogger, flushLogs } from '../log.js';
import { countMetric, flushMetrics, METRIC, startMetrics } from '../metrics.js';
import { onDemand } from '../on-demand.js';
import { startSpan, type TraceSpan } from '../tracing.js';
import type { CallerLoader, HandlerContext, HttpEvent, HttpResult } from './types.js';

/** Frames of a bundle mapped to their .ts, read only when an unhandled error is logged (D108). */
const mappedStack = onDemand(() => import('../mapped-stack.js'), 'mappedStack');

type Middleware = middy.MiddlewareObj<HttpEvent, HttpResult, Error, HandlerContext>;

/**
 * Outermost, so it runs after every other step has written its lines: the logger may still be
 * loading (log.ts), and a Lambda that has answered is frozen before it could write them.
 */
export function logsFlushed(): Middleware {
  return {
    after: () => flushLogs(),
    onError: () => flushLogs(),
  };
}

/**
 * Next to logsFlushed: this invocation's counts (metrics.ts) are published before it answers, and
 * the first invocation of a process is flagged as a cold start.
 */
export function metricsFlushed(group: string): Middleware {
  return {
    before: () => startMetrics(group),
    after: () => flushMetrics(),
    onError: () => flushMetrics(),
  };
}

/**
 * The route's X-Ray subsegment with the route and group as annotations, on sampled invocations
 * only (tracing.ts, D241). Inside the error responder: a 4xx is an answer, not a fault, so only
 * unexpected errors and 5xx mark the subsegment failed.
 */
export function routeTraced(group: string): Middleware {
  const spans = new WeakMap<object, TraceSpan>();
  const end = (request: object) => {
    spans.get(request)?.end();
    spans.delete(request);
  };
  return {
    before: async (request) => {
      const route = request.event.routeKey;
      const span = await startSpan(`## ${route}`, { route, group });
      if (span) spans.set(request, span);
    },
    after: (request) => end(request),
    onError: (request) => {
      const error = request.error;
      if (!(error instanceof AppError) || error.status >= 500) spans.get(request)?.fail(error);
      end(request);
    },
  };
}

/** Request id, language, cookies and a logger that every later step and the service share. */
export function requestContext(group: string): Middleware {
  return {
    before: async (request) => {
      const { event, context } = request;
      const requestId = event.requestContext?.requestId ?? context.awsRequestId ?? randomUUID();
      const headers = event.headers ?? {};
      addLambdaContext(context);
      context.request = {
        requestId,
        language: languageFromAcceptHeader(headers['accept-language']),
        cookies: parseCookies(event.cookies, headers.cookie),
        caller: null,
        // Behind CloudFront, API Gateway's sourceIp is the edge server; the viewer-request function
        // on /api/* writes the visitor's address to x-viewer-ip (overwriting any client value).
        sourceIp: headers['x-viewer-ip'] ?? event.requestContext?.http?.sourceIp ?? 'unknown',
        viewerHost: headers['x-viewer-host'] ?? headers.host ?? '',
        userAgent: headers['user-agent'] ?? '',
        ifNoneMatch: headers['if-none-match'],
        log: createLogger({ group, requestId, route: event.routeKey }),
      };
    },
  };
}

/** Loads the caller from the session cookie; their saved language then wins over the header. */
export function callerFromSession(loadCaller: CallerLoader): Middleware {
  return {
    before: async ({ context }) => {
      const sessionId = context.request.cookies[cookieName(COOKIE.session)];
      if (!sessionId) return;
      context.request.caller = await loadCaller(sessionId);
      if (context.request.caller) context.request.language = context.request.caller.user.language;
    },
  };
}

function bodyBytes(event: HttpEvent): number {
  if (!event.body) return 0;
  return event.isBase64Encoded ? Math.floor((event.body.length * 3) / 4) : Buffer.byteLength(event.body);
}

export function bodyLimit(): Middleware {
  return {
    before: async ({ event, context }) => {
      const limit = context.route.bodyKind === 'multipart' ? LIMITS.maxMultipartBodyBytes : LIMITS.maxJsonBodyBytes;
      if (bodyBytes(event) > limit) throw payloadTooLarge(limit);
    },
  };
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Double-submit check: the X-CSRFToken header must equal the csrftoken cookie. */
export function csrfCheck(): Middleware {
  return {
    before: async ({ event, context }) => {
      const method = event.requestContext?.http?.method ?? 'GET';
      if (!UNSAFE_METHODS.has(method) || context.route.csrfExempt) return;
      const cookie = context.request.cookies[cookieName(COOKIE.csrf)] ?? '';
      const header = event.headers?.['x-csrftoken'] ?? '';
      const a = Buffer.from(cookie);
      const b = Buffer.from(header);
      if (a.length < 16 || a.length !== b.length || !timingSafeEqual(a, b)) {
        throw new AppError(403, 'csrf_failed');
      }
    },
  };
}

/** Turns every failure into `{ code, detail }` in the caller's language; nothing internal leaks. */
export function errorResponder(): Middleware {
  return {
    onError: async (request) => {
      const { context, error } = request;
      const ctx = context.request;
      const language = ctx?.language ?? 'ko';
      const appError = toAppError(error) ?? serviceUnavailableError(error);
      // A 503 says "busy, come back" (throttling, an engine restarting, a kill switch); any other
      // 5xx is a fault the canary must see (metricsFlushed, outside this one, publishes it).
      if (!appError || (appError.status >= 500 && appError.status !== 503)) countMetric(METRIC.serverErrors);
      if (appError) {
        request.response = {
          statusCode: appError.status,
          headers: {
            'content-type': 'application/json; charset=utf-8',
            // Every 503 says when to come back, whichever service raised it.
            ...(appError.status === 503 ? { 'retry-after': String(SERVICE_RETRY_AFTER_SECONDS) } : {}),
            ...appError.extra.headers,
          },
          body: JSON.stringify({
            code: appError.code,
            detail: errorMessage(appError.code, language, appError.params),
            ...(appError.extra.issues ? { issues: appError.extra.issues } : {}),
          }),
        };
        ctx?.log[appError.status >= 500 ? 'warn' : 'info']('request refused', {
          status: appError.status,
          code: appError.code,
          ...(appError === error
            ? {}
            : { cause: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
        });
        return;
      }
      const requestId = ctx?.requestId ?? context.awsRequestId;
      (ctx?.log ?? createLogger({ requestId })).error('unhandled error', {
        error:
          error instanceof Error
            ? { name: error.name, message: error.message, stack: error.stack && (await mappedStack(error.stack)) }
            : String(error),
      });
      request.response = {
        statusCode: 500,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ code: 'internal_error', detail: errorMessage('internal_error', language), requestId }),
      };
    },
  };
}

/** Maps our errors and the few middy raises (bad JSON, wrong media type, bad multipart) to AppErrors. */
function toAppError(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  const e = error as { statusCode?: number; message?: string; cause?: { package?: string } };
  const from = e?.cause?.package ?? '';
  if (from === '@middy/http-json-body-parser') {
    return e.message === 'Unsupported Media Type'
      ? new AppError(415, 'unsupported_media_type')
      : new AppError(400, 'invalid_json');
  }
  if (from === '@middy/http-multipart-body-parser') return new AppError(400, 'invalid_multipart');
  return null;
}
