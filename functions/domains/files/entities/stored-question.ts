import * as z from 'zod/mini';
import { lazy } from '../../../runtime/data/item.js';

/**
 * A question as stored in a file pool or an exam (text fields per language). Only `id` is
 * checked: exam reads of 2,000 questions parse each one, and the views read the other fields
 * defensively, so a lighter schema keeps the parse off the profile.
 */
export const storedQuestionSchema = /* @__PURE__ */ lazy(() => z.looseObject({ id: z.string() }));
export type StoredQuestion = z.infer<ReturnType<typeof storedQuestionSchema>>;
