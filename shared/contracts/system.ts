import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { lazy } from './lazy.js';
import { languageSchema } from '../domain/language.js';

export const getCsrfToken = defineRoute({
  method: 'GET',
  path: '/api/csrf-token/',
  access: 'public',
  response: () => z.object({ csrfToken: z.string() }),
});

export const testCsrf = defineRoute({
  method: 'POST',
  path: '/api/test-csrf/',
  access: 'public',
  schemas: () => ({
    body: z.looseObject({}),
  }),
  response: () => z.object({ success: z.literal(true), message: z.string() }),
});

/** A nested object of translation strings. */
export type TranslationTree = { [key: string]: string | TranslationTree };
const translationTree = /* @__PURE__ */ lazy((): z.ZodMiniType<TranslationTree> =>
  z.lazy(() => z.record(z.string(), z.union([z.string(), translationTree()]))),
);

export const getTranslations = defineRoute({
  method: 'GET',
  path: '/api/translations/',
  access: 'public',
  schemas: () => ({
    query: z.object({ lang: z.catch(languageSchema(), 'ko') }),
  }),
  response: () => z.object({ language: languageSchema(), translations: translationTree() }),
});
