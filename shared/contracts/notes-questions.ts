import * as z from 'zod/mini';
import { defineRoute } from './define-route.js';
import { languageSchema } from '../domain/language.js';

/**
 * The model tier of the notes screen (docs/product.md#questions-from-notes): off unless the
 * deployment turns it on (`-c notesModel=true`), then a few calls a day per learner.
 */
export const NOTES_MODEL_LIMITS = {
  /** Characters of notes one call reads, counted after NFKC (about 5,000–7,000 tokens). */
  maxChars: 20_000,
  /** Calls a learner may make a UTC day (a call is counted before the model answers). */
  callsPerDay: 20,
  /** Candidates kept from one answer. */
  maxCandidates: 60,
} as const;

/** 400 when the notes are longer than {@link NOTES_MODEL_LIMITS.maxChars} once normalised. */
export const NOTES_TEXT_TOO_LONG = 'notes_text_too_long';

const notesText = () =>
  z.string().check(
    z.minLength(1),
    z.refine((value) => value.normalize('NFKC').length <= NOTES_MODEL_LIMITS.maxChars, {
      message: `at most ${NOTES_MODEL_LIMITS.maxChars} characters after NFKC`,
      params: { code: NOTES_TEXT_TOO_LONG, limit: NOTES_MODEL_LIMITS.maxChars },
    }),
  );

/** GET /api/notes-questions/: whether the model tier is on, and the caller's calls left today. */
export const notesModelStatus = defineRoute({
  method: 'GET',
  path: '/api/notes-questions/',
  access: 'signed-in',
  response: () =>
    z.object({
      enabled: z.boolean(),
      calls_per_day: z.number().check(z.int()),
      calls_left: z.number().check(z.int()),
      max_chars: z.number().check(z.int()),
    }),
});

/**
 * POST /api/notes-questions/: candidate questions from the model. Every candidate's `source` is a
 * sentence found verbatim in the (normalised) notes; the others are dropped and counted in
 * `dropped`. 404 `notes_model_off` when the tier is off, 429 `notes_model_limit` past the day's calls.
 */
export const notesModelQuestions = defineRoute({
  method: 'POST',
  path: '/api/notes-questions/',
  access: 'signed-in',
  schemas: () => ({ body: z.object({ text: notesText(), language: languageSchema() }) }),
  response: () =>
    z.object({
      candidates: z.array(
        z.object({ content: z.string(), answer: z.string(), source: z.string(), tier: z.literal('model') }),
      ),
      dropped: z.number().check(z.int()),
      calls_left: z.number().check(z.int()),
    }),
});
