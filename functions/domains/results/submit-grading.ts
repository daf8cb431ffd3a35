import type { SubmittedAnswer } from '#shared/contracts/results.js';
import { OFFLINE_SITTING_WINDOW_MS } from '#shared/contracts/results.js';
import { gradeExamAnswer, gradedExamAnswer } from '#shared/domain/exam-grading.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import type { StoredQuestion } from '../exams/index.js';
import { badRequest } from '../../runtime/http/app-error.js';
import { RESULT_QUESTION_TEXT_CHARS } from './entities/result-detail.js';
import type { ChunkRecord, DetailEntry } from './result-store.js';

/** The pure steps of a submit: its time, its answers graded, its details chunked and merged. */

/** Detail chunk target size (DynamoDB items are ≤ 400 KB). */
const CHUNK_BYTES = 300 * 1024;

/**
 * The time a submit is recorded at: the answers' own time when the device sent one (an offline
 * sitting), kept within [now − {@link OFFLINE_SITTING_WINDOW_MS}, now] and, for a continue, not before
 * the result it adds to (D436).
 */
export function answerTime(answeredAt: string | undefined, now: Date, notBefore?: string): Date {
  const sent = answeredAt ? Date.parse(answeredAt) : Number.NaN;
  if (Number.isNaN(sent)) return now;
  const floor = Math.max(now.getTime() - OFFLINE_SITTING_WINDOW_MS, notBefore ? Date.parse(notBefore) || 0 : 0);
  return new Date(Math.min(now.getTime(), Math.max(floor, sent)));
}

/** One answer per question: a repeated question id keeps its first place and its last answer. */
export function dedupe(answers: SubmittedAnswer[]): SubmittedAnswer[] {
  const byId = new Map<string, SubmittedAnswer>();
  for (const answer of answers) byId.set(answer.question_id, answer);
  return [...byId.values()];
}

/** The server's grading of one answer: the shared rule (D435), which a sitting taken offline is shown with too. */
export const gradeAnswer = (question: StoredQuestion, given: string, language: Language): boolean =>
  gradeExamAnswer(question as Record<string, unknown>, given, language);

export function grade(answers: SubmittedAnswer[], questions: StoredQuestion[], language: Language): DetailEntry[] {
  const byId = new Map(questions.map((q) => [String(q.id), q]));
  const unknown = answers.filter((a) => !byId.has(a.question_id)).map((a) => a.question_id);
  if (unknown.length)
    throw badRequest('result_unknown_questions', {
      ids: unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ', …' : ''),
    });
  return answers.map((a) => {
    const question = byId.get(a.question_id)!;
    return {
      question_id: a.question_id,
      csv_id: typeof question.csv_id === 'string' ? question.csv_id : String(question.csv_id ?? ''),
      title: pickLocalized(question as Record<string, unknown>, 'title', language).slice(0, 200),
      content: pickLocalized(question as Record<string, unknown>, 'content', language).slice(
        0,
        RESULT_QUESTION_TEXT_CHARS,
      ),
      answer: a.answer,
      ...gradedExamAnswer(question as Record<string, unknown>, a, language),
      elapsed_seconds: Number(a.elapsed_seconds) || 0,
    };
  });
}

/** Details in chunks of ≤ 300 KB (UTF-8 JSON size, a safe over-estimate of the item size). */
export function chunkDetails(details: DetailEntry[]): (ChunkRecord & { bytes: number })[] {
  const chunks: (ChunkRecord & { bytes: number })[] = [];
  let current: DetailEntry[] = [];
  let bytes = 0;
  for (const detail of details) {
    const size = Buffer.byteLength(JSON.stringify(detail)) + 16;
    if (current.length && bytes + size > CHUNK_BYTES) {
      chunks.push({ chunk: chunks.length + 1, details: current, bytes });
      current = [];
      bytes = 0;
    }
    current.push(detail);
    bytes += size;
  }
  if (current.length || chunks.length === 0) chunks.push({ chunk: chunks.length + 1, details: current, bytes });
  return chunks;
}

/** A continue replaces the earlier detail of a question answered again and appends new ones. */
export function merge(previous: DetailEntry[], graded: DetailEntry[]): DetailEntry[] {
  const merged = new Map(previous.map((d) => [d.question_id, d]));
  for (const detail of graded) merged.set(detail.question_id, detail);
  return [...merged.values()];
}
