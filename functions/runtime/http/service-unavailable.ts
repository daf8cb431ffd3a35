import { AppError } from './app-error.js';

/**
 * Seconds a client should wait before retrying when DynamoDB, S3 or SES is unreachable or
 * throttling. Long enough for the local supervisor to restart an engine (DynamoDB Local takes a
 * few seconds) and for a throttled partition to recover; short enough that a person retries.
 */
export const SERVICE_RETRY_AFTER_SECONDS = 5;

/** Throttling and overload answers of DynamoDB, S3 and SES, by the SDK error's `name`. */
const THROTTLING_ERRORS = new Set([
  'ProvisionedThroughputExceededException', // DynamoDB
  'ThrottlingException', // DynamoDB, SES
  'RequestLimitExceeded', // DynamoDB account-level
  'SlowDown', // S3
  'TooManyRequestsException', // SES v2
  'ServiceUnavailable', // S3
  'ServiceUnavailableException',
  'TimeoutError', // the SDK's own request timeout
  'RequestTimeout', // S3
]);

/** Node's codes for a service that cannot be reached or dropped the connection. */
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET', // includes "socket hang up"
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
]);

interface ErrorShape {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: number };
  CancellationReasons?: { Code?: string }[];
}

/**
 * True when `error` says an AWS service is unavailable or throttling us (after the SDK's own
 * retries): the request may succeed if repeated later, so it is a 503, not a 500.
 */
export function isServiceUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as ErrorShape;
  if (typeof e.name === 'string' && THROTTLING_ERRORS.has(e.name)) return true;
  if (typeof e.code === 'string' && NETWORK_ERRORS.has(e.code)) return true;
  if (e.message === 'socket hang up') return true;
  // An SDK error whose HTTP answer was 503 (any service's "unavailable"/"slow down").
  if (e.$metadata?.httpStatusCode === 503) return true;
  // A transaction cancelled only because one of its items was throttled.
  if (e.name === 'TransactionCanceledException' && e.CancellationReasons?.some((r) => r.Code === 'ThrottlingError')) {
    return e.CancellationReasons.every(
      (r) => r.Code === 'ThrottlingError' || r.Code === 'None' || r.Code === undefined,
    );
  }
  // Connection failures reach us wrapped (fetch's TypeError, Node's AggregateError for several addresses).
  if (Array.isArray(e.errors) && e.errors.some((inner) => isServiceUnavailable(inner, depth + 1))) return true;
  return isServiceUnavailable(e.cause, depth + 1);
}

/** The 503 answer for an unavailable or throttling service, or null when `error` is something else. */
export function serviceUnavailableError(error: unknown): AppError | null {
  return isServiceUnavailable(error) ? slowServiceError() : null;
}

/** The 503 of a route that ran out of time waiting on a service (create-group-handler.ts). */
export function slowServiceError(): AppError {
  return new AppError(
    503,
    'service_unavailable',
    { seconds: SERVICE_RETRY_AFTER_SECONDS },
    { headers: { 'retry-after': String(SERVICE_RETRY_AFTER_SECONDS) } },
  );
}
