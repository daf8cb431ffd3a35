import * as z from 'zod/mini';
import { keyable } from '../domain/key-text.js';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';

/** docs/product.md#tags tag. */
export const tagSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    name_ko: z.string(),
    name_en: z.string(),
    localized_name: z.string(),
    usage_count: z.number().check(z.int()),
  }),
);
export type Tag = z.infer<ReturnType<typeof tagSchema>>;

export const TAG_NAME_MAX = 50;
/** Tags a page of GET /api/tags/ holds unless `page_size` says otherwise (D248). */
export const TAG_PAGE_SIZE = 100;

export const listTags = defineRoute({
  method: 'GET',
  path: '/api/tags/',
  access: 'public',
  schemas: () => ({
    query: z.object({
      /** A name prefix (either language's exact name also matches), case-insensitive. */
      search: keyable(z.optional(z.string().check(z.maxLength(100)))),
      page_size: z.optional(z.catch(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), TAG_PAGE_SIZE)),
      cursor: z.optional(z.string().check(z.maxLength(2000))),
    }),
  }),
  /** One page in Korean-name order; `count` is the page's size, `next` the cursor of the rest (D248). */
  response: () =>
    z.object({ count: z.number().check(z.int()), results: z.array(tagSchema()), next: z.nullable(z.string()) }),
});

/** One name is used for both languages when only one is given (docs/product.md#tags). */
export const createTag = defineRoute({
  method: 'POST',
  path: '/api/tags/',
  access: 'signed-in',
  schemas: () => ({
    body: z
      .object({
        name_ko: keyable(z.optional(z.string().check(z.trim(), z.maxLength(TAG_NAME_MAX)))),
        name_en: keyable(z.optional(z.string().check(z.trim(), z.maxLength(TAG_NAME_MAX)))),
        name: keyable(z.optional(z.string().check(z.trim(), z.maxLength(TAG_NAME_MAX)))),
      })
      .check(
        z.refine((b) => !!(b.name_ko || b.name_en || b.name), { message: 'a tag name is required', path: ['name_ko'] }),
      ),
  }),
  response: () => z.extend(tagSchema(), { created: z.boolean() }),
});

/** The tag list the study screens use: a plain array (docs/product.md#tags). */
export const listStudyTags = defineRoute({
  method: 'GET',
  path: '/api/studies/tags/',
  access: 'public',
  response: () => z.array(tagSchema()),
});
