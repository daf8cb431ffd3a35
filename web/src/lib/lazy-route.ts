import { LIMITS } from '#shared/domain/limits.js';

export class RouteChunkTimeoutError extends Error {
  constructor(ms: number) {
    super(`route chunk did not load within ${ms / 1000} s`);
    this.name = 'RouteChunkTimeoutError';
  }
}

/**
 * Route chunks get 120 s to arrive (docs/product.md#layout). Past that the router's error element offers a
 * reload rather than leaving a half-loaded page waiting forever on a stalled connection.
 */
export function withTimeout<T>(load: () => Promise<T>, ms: number = LIMITS.routeChunkTimeoutMs): () => Promise<T> {
  return () =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new RouteChunkTimeoutError(ms)), ms);
      load().then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}
