/**
 * A value built on its first use and kept (D99). Schemas are built this way rather than at module
 * load, on both sides: zod 4 classic gives every schema instance its ~50 methods, so building a
 * route group's schemas at import was the largest share of a Lambda's cold start after the SDK
 * (D73), and the web built every imported contract's schemas before its first render. A schema
 * built at load is also a side effect a bundler must keep; a `lazy` call is not
 * (`@__NO_SIDE_EFFECTS__`), so an unused one is dropped from the bundle.
 *
 * Use it for a schema that several routes (or the entity layer) share; a schema of one route
 * belongs in that route's `schemas` thunk (`defineRoute`), and a small piece used in several
 * thunks can be a plain factory (`const id = () => z.string().max(128)`).
 */
/* @__NO_SIDE_EFFECTS__ */
export function lazy<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
