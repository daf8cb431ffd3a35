import * as z from 'zod/mini';
import { lazy } from './lazy.js';

/** Every 4xx/5xx answer of the API has this shape. `code` is stable; `detail` is in the caller's language. */
export const errorAnswer = /* @__PURE__ */ lazy(() =>
  z.object({
    code: z.string(),
    detail: z.string(),
    issues: z.optional(z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() }))),
    requestId: z.optional(z.string()),
  }),
);
export type ErrorAnswer = z.infer<ReturnType<typeof errorAnswer>>;
