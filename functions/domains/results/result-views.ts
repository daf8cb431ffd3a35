import type { ExamResult, QuestionStatistic } from '#shared/contracts/results.js';
import { accuracyOf } from '../learning/index.js';
import type { DetailEntry, ResultRecord, SummaryRecord } from './result-store.js';

/** The cursor of page `n` (1-based chunk) of the result's current details revision. */
export const detailsCursor = (result: ResultRecord, n: number): string | null =>
  n <= Number(result.detail_chunks) ? `${result.detail_tag}.${n}` : null;

/** A result answered with its first page of details (D197): the first stored chunk and the cursor of the next. */
export function firstPageView(result: ResultRecord, firstChunk: DetailEntry[]): ExamResult {
  return { ...resultView(result, firstChunk), details_next: detailsCursor(result, 2) };
}

export function detailViews(details: DetailEntry[]): NonNullable<ExamResult['details']> {
  return details.map((d) => ({
    question_id: d.question_id,
    question: { id: d.question_id, csv_id: d.csv_id ?? '', title: d.title ?? '', content: d.content ?? '' },
    answer: d.answer,
    is_correct: !!d.is_correct,
    elapsed_seconds: Number(d.elapsed_seconds ?? 0),
    ...(d.overruled ? { overruled: true } : {}),
  }));
}

export function resultView(result: ResultRecord, details?: DetailEntry[]): ExamResult {
  const view: ExamResult = {
    id: result.id,
    exam: {
      id: result.exam_id,
      title: result.exam_title ?? '',
      title_ko: result.exam_title_ko ?? '',
      title_en: result.exam_title_en ?? '',
      // The study the exam was taken from (submit's `study_id`, checked and its title kept then).
      study: result.study_id ? { id: result.study_id, title: result.study_title ?? '' } : null,
    },
    score: Number(result.score),
    total_score: Number(result.total_score),
    correct_count: Number(result.correct_count),
    wrong_count: Number(result.wrong_count),
    answered_count: Number(result.answered_count),
    elapsed_seconds: Number(result.elapsed_seconds),
    completed_at: result.completed_at,
    user: { id: result.user_id, username: result.username ?? '' },
  };
  if (details) view.details = detailViews(details);
  return view;
}

export function summaryView(summary: SummaryRecord) {
  const correct = summary.correct_question_ids?.size ?? 0;
  const total = Number(summary.total_questions ?? 0);
  return {
    exam_id: summary.exam_id,
    exam_title: summary.exam_title ?? '',
    result_count: Math.max(0, Number(summary.result_count ?? 0)),
    latest_result_id: summary.latest_result_id ?? '',
    latest_score: Number(summary.latest_score ?? 0),
    latest_total_score: Number(summary.latest_total_score ?? 0),
    latest_correct_count: Number(summary.latest_correct_count ?? 0),
    user_correct_questions: correct,
    accuracy_percentage: total > 0 ? Math.round((Math.min(correct, total) / total) * 1000) / 10 : 0,
    last_completed_at: summary.last_completed_at ?? '',
  };
}

export function statisticView(stat: object): QuestionStatistic {
  const item = stat as Record<string, unknown>;
  const total = Number(item.total_attempts ?? 0);
  const correct = Number(item.correct_attempts ?? 0);
  return {
    question_id: String(item.question_id),
    total_attempts: total,
    correct_attempts: correct,
    accuracy_percentage: accuracyOf(total, correct),
  };
}
