/**
 * `node:stream/web` as the Lambda bundles see it (esbuild `alias` in bundling.ts, D107).
 *
 * The one bundled module that imports it is @middy/core, for `handlerBody instanceof
 * ReadableStream` on streamed answers, which no route of ours gives. Importing the real module at
 * init makes Node load its whole web-streams implementation, ~1 ms of every cold start. This
 * stand-in is Node's own class, fetched from the global only when it is used: `instanceof` and
 * `new` both reach the real one. A bundled module importing any other name from `node:stream/web`
 * fails the build (no such export), so nothing can come to rely on a missing piece silently.
 */
export class ReadableStream {
  static [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof globalThis.ReadableStream;
  }

  constructor(...args: ConstructorParameters<typeof globalThis.ReadableStream>) {
    // A constructor may return another object; the caller then holds a real ReadableStream.
    return new globalThis.ReadableStream(...args);
  }
}
