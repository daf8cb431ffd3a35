import * as z from 'zod';
import { keyable } from '../domain/key-text.js';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';

/** Spec 1 §3 tag. */
export const tagSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    name_ko: z.string(),
    name_en: z.string(),
    localized_name: z.string(),
    usage_count: z.number().int(),
  }),
);
export type Tag = z.infer<ReturnType<typeof tagSchema>>;

export const TAG_NAME_MAX = 50;

export const listTags = defineRoute({
  method: 'GET',
  path: '/api/tags/',
  access: 'public',
  schemas: () => ({
    query: z.object({ search: z.string().max(100).optional() }),
    response: z.object({ count: z.number().int(), results: z.array(tagSchema()) }),
  }),
});

/** One name is used for both languages when only one is given (spec 1 §5). */
export const createTag = defineRoute({
  method: 'POST',
  path: '/api/tags/',
  access: 'signed-in',
  schemas: () => ({
    body: z
      .object({
        name_ko: keyable(z.string().trim().max(TAG_NAME_MAX).optional()),
        name_en: keyable(z.string().trim().max(TAG_NAME_MAX).optional()),
        name: keyable(z.string().trim().max(TAG_NAME_MAX).optional()),
      })
      .refine((b) => !!(b.name_ko || b.name_en || b.name), { message: 'a tag name is required', path: ['name_ko'] }),
    response: tagSchema().extend({ created: z.boolean() }),
  }),
});

/** The tag list the study screens use: a plain array (spec 1 §7). */
export const listStudyTags = defineRoute({
  method: 'GET',
  path: '/api/studies/tags/',
  access: 'public',
  schemas: () => ({
    response: z.array(tagSchema()),
  }),
});
