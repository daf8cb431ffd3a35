import type * as z from 'zod/mini';

/**
 * A failure the caller can act on. Services throw these; the error responder turns them into
 * `{ code, detail }` answers in the caller's language. Anything else becomes a 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params: Record<string, string | number> = {},
    readonly extra: {
      issues?: { path: (string | number)[]; message: string }[];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, params?: Record<string, string | number>) => new AppError(400, code, params);
export const unauthorized = (code = 'authentication_required') => new AppError(401, code);
export const forbidden = (code = 'forbidden') => new AppError(403, code);
/** A known route whose resource is missing; `code` names what was missing (never route_not_found). */
export const notFound = (code = 'not_found') => new AppError(404, code);
export const conflict = (code = 'conflict', params?: Record<string, string | number>) =>
  new AppError(409, code, params);
export const gone = (code: string) => new AppError(410, code);
export const payloadTooLarge = (limitBytes: number) =>
  new AppError(413, 'payload_too_large', {
    limit:
      limitBytes >= 1024 * 1024
        ? `${+(limitBytes / 1024 / 1024).toFixed(1)} MB`
        : `${Math.round(limitBytes / 1024)} KB`,
  });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new AppError(
    429,
    'too_many_requests',
    { seconds: retryAfterSeconds },
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );

/**
 * A request that does not match its contract: `400 validation_failed`, or the code a refinement
 * names in its `params` (e.g. `key_text_too_long` from shared/domain/key-text.ts) when it is the
 * first issue, so a caller can branch on it.
 */
export function validationFailed(error: z.core.$ZodError, where: 'params' | 'query' | 'body'): AppError {
  const named =
    error.issues[0]?.code === 'custom'
      ? (error.issues[0].params as { code?: unknown; limit?: unknown } | undefined)
      : undefined;
  const code = typeof named?.code === 'string' ? named.code : 'validation_failed';
  const params: Record<string, number> = typeof named?.limit === 'number' ? { limit: named.limit } : {};
  return new AppError(400, code, params, {
    issues: error.issues.map((issue) => ({
      path: [where, ...issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      message: issue.message,
    })),
  });
}
