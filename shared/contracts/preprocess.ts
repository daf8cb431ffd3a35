import * as z from 'zod/mini';

/** Classic's `z.preprocess` schema: a pipe whose input stays as optional as `schema`'s. */
export interface ZodMiniPreprocess<B extends z.core.$ZodType> extends z.ZodMiniPipe<
  z.core.$ZodTransform<unknown, unknown>,
  B
> {
  _zod: z.core.$ZodPreprocessInternals<B, unknown>;
}

/**
 * `zod/mini` has no `preprocess` (D100); classic's is exactly this pipe from a transform into
 * `schema`, so validation, issues and messages are the same. Only the type differs (the overload states it): a
 * plain pipe's input would be typed by the transform (`unknown`, required) instead of `schema`.
 */
export function preprocess<B extends z.core.$ZodType>(fn: (value: unknown) => unknown, schema: B): ZodMiniPreprocess<B>;
/* @__NO_SIDE_EFFECTS__ */
export function preprocess(fn: (value: unknown) => unknown, schema: z.core.$ZodType) {
  return z.pipe(z.transform(fn), schema);
}
