import { NOTES_MODEL_LIMITS } from '#shared/contracts/notes-questions.js';
import type * as contracts from '#shared/contracts/notes-questions.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { SWITCH, requireSwitchOn } from '../../runtime/switches.js';
import { bedrockModelClient, type ModelClient } from '../exams/index.js';
import { groundCandidates, notesPrompt, parseCandidateList } from './model-answer.js';
import { callDay, callsLeft, takeCall } from './model-calls.js';

/** A long answer (60 candidates) takes the model 10–20 s; the API cuts at 29 s. */
const NOTES_MODEL_TIMEOUT_MS = 24_000;
const NOTES_MODEL_MAX_TOKENS = 6_000;
/** Seconds a learner is asked to wait after a failed model call. */
const RETRY_AFTER_SECONDS = 30;

let defaultClient: ModelClient | undefined;

/** The model id when the deployment turned the tier on (`NOTES_MODEL=on`, set by `-c notesModel=true`), else null. */
export function notesModelId(env: NodeJS.ProcessEnv = process.env): string | null {
  const modelId = env.BEDROCK_MODEL_ID?.trim();
  return env.NOTES_MODEL === 'on' && modelId ? modelId : null;
}

function notesModelOff(): AppError {
  return new AppError(404, 'notes_model_off');
}

/** GET /api/notes-questions/: one GetItem of the caller's counter when the tier is on, none when off. */
export async function notesModelStatus(_input: ServiceInput<typeof contracts.notesModelStatus>, ctx: SignedInContext) {
  const enabled = notesModelId() !== null;
  return {
    enabled,
    calls_per_day: NOTES_MODEL_LIMITS.callsPerDay,
    calls_left: enabled ? await callsLeft(ctx.caller.user.id) : 0,
    max_chars: NOTES_MODEL_LIMITS.maxChars,
  };
}

function abortedBy(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
}

/**
 * POST /api/notes-questions/: the kill switch (GetItem), one conditional UpdateItem taking a call,
 * one Converse call. A model that fails, times out or answers no JSON is a 503 with Retry-After;
 * the call stays counted (it cost what it cost).
 */
export async function notesModelQuestions(
  input: ServiceInput<typeof contracts.notesModelQuestions>,
  ctx: SignedInContext,
) {
  const modelId = notesModelId();
  if (!modelId) throw notesModelOff();
  await requireSwitchOn(SWITCH.modelCalls);
  const left = await takeCall(ctx.caller.user.id);
  if (left === null) {
    const seconds = callDay(Date.now()).secondsLeft;
    throw new AppError(
      429,
      'notes_model_limit',
      { limit: NOTES_MODEL_LIMITS.callsPerDay, seconds },
      { headers: { 'retry-after': String(seconds) } },
    );
  }
  const text = input.body.text.normalize('NFKC');
  const { system, prompt } = notesPrompt(text, input.body.language);
  defaultClient ??= bedrockModelClient();
  let answer: string;
  try {
    const signal = AbortSignal.timeout(NOTES_MODEL_TIMEOUT_MS);
    answer = await Promise.race([
      defaultClient.complete({ modelId, system, prompt, signal, maxTokens: NOTES_MODEL_MAX_TOKENS }),
      abortedBy(signal),
    ]);
  } catch (error) {
    ctx.log.warn('notes model failed', { error: String(error) });
    throw modelUnavailable();
  }
  const proposed = parseCandidateList(answer);
  if (!proposed) {
    ctx.log.warn('notes model answered no candidate list', { chars: answer.length });
    throw modelUnavailable();
  }
  const grounded = groundCandidates(text, proposed);
  ctx.log.info('notes model candidates', { kept: grounded.candidates.length, dropped: grounded.dropped });
  return { ...grounded, calls_left: left };
}

function modelUnavailable(): AppError {
  return new AppError(
    503,
    'notes_model_unavailable',
    { seconds: RETRY_AFTER_SECONDS },
    { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
  );
}
