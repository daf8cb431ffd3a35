import * as z from 'zod/mini';
import { preprocess } from './preprocess.js';
import { lazy } from './lazy.js';

/**
 * A repeated query key such as `tags` arrives comma-joined (API Gateway payload 2.0 joins repeated
 * keys with commas): split, trimmed, empties dropped; at most 20 values of 100 characters.
 */
export const commaList = /* @__PURE__ */ lazy(() =>
  /* @__PURE__ */ preprocess(
    (v) =>
      v === undefined
        ? undefined
        : String(v)
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    z.optional(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(20))),
  ),
);
