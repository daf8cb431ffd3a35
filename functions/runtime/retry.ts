/**
 * One retry loop for the whole backend: exponential backoff with full jitter (a random delay
 * between 0 and min(maxMs, baseMs × 2^retry)), a bounded number of attempts, and a predicate
 * that says which failures are worth another attempt. Every site keeps its own budget.
 */
export interface RetryOptions {
  /** Attempts in all, the first one included. */
  attempts: number;
  /** Ceiling of the first retry's delay (ms); it doubles with every further retry. */
  baseMs: number;
  /** Cap of any one delay (ms). */
  maxMs?: number;
  /** Whether this failure (of the attempt numbered `attempt`, from 0) deserves another attempt. */
  shouldRetry: (error: unknown, attempt: number) => boolean;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Full jitter: uniformly random in [0, min(maxMs, baseMs × 2^retry)). */
export function backoffDelay(retry: number, baseMs: number, maxMs = Number.POSITIVE_INFINITY): number {
  return Math.random() * Math.min(maxMs, baseMs * 2 ** retry);
}

/** Runs `operation` until it succeeds, a failure is not retryable, or the attempts are spent (the last failure is thrown). */
export async function retry<T>(operation: (attempt: number) => Promise<T>, options: RetryOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await operation(attempt);
    } catch (error) {
      if (attempt + 1 >= options.attempts || !options.shouldRetry(error, attempt)) throw error;
      await sleep(backoffDelay(attempt, options.baseMs, options.maxMs));
    }
  }
}
