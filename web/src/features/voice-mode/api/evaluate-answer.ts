import { evaluateAnswer } from '#shared/contracts/questions.js';
import { evaluateAnswerLocally, type LocalEvaluationReason } from '#shared/domain/answer-evaluation.js';
import type { Language } from '#shared/domain/language.js';
import { ApiError, callApi } from '../../../lib/api-client.js';
import { evaluationRetryDelay, shouldRetryEvaluation } from '../utils/error-policy.js';

export interface VoiceEvaluation {
  isCorrect: boolean;
  /** The server's sentence; for the local fallback, the key of its reason (translated by the panel). */
  reason: string;
  /** True when the server could not be asked and the local word match decided (docs/product.md#errors). */
  local: boolean;
  localReason?: LocalEvaluationReason;
}

export interface EvaluateInput {
  examId: string;
  question: { id: string; answer: string; content: string };
  userAnswer: string;
  language: Language;
  signal?: AbortSignal;
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

/**
 * POST /api/evaluate-answer/, tried again on network and server failures (error-policy); when
 * it still fails, the shared local evaluator decides (at least half of the answer's words).
 */
export async function evaluateVoiceAnswer({
  examId,
  question,
  userAnswer,
  language,
  signal,
}: EvaluateInput): Promise<VoiceEvaluation> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const answer = await callApi(evaluateAnswer, {
        body: { exam_id: examId, question_id: question.id, user_answer: userAnswer, language },
        signal,
      });
      return { isCorrect: answer.is_correct, reason: answer.reason, local: false };
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      const status = error instanceof ApiError ? error.status : undefined;
      if (!shouldRetryEvaluation(status, attempt)) break;
      await wait(evaluationRetryDelay(), signal);
    }
  }
  const local = evaluateAnswerLocally(userAnswer, question.answer, question.content);
  return { isCorrect: local.is_correct, reason: '', local: true, localReason: local.reason };
}
