import { describe, expect, test } from 'vitest';
import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import type { ExamResult } from '#shared/contracts/results.js';
import {
  accuracyPercent,
  reviewEntries,
  sessionSummary,
  summaryFromState,
  summaryState,
} from '../../web/src/features/take-exam/utils/session-summary.js';

const question = (id: string, fields: Partial<ExamQuestion> = {}) =>
  ({
    id,
    csv_id: id,
    title: `title ${id}`,
    content: `content ${id}`,
    answer: `answer ${id}`,
    explanation: `why ${id}`,
    ...fields,
  }) as ExamQuestion;

const detail = (id: string, answer: string, correct: boolean) => ({
  question_id: id,
  question: { id, title: `saved title ${id}` },
  answer,
  is_correct: correct,
  elapsed_seconds: 1,
});

const result: ExamResult = {
  id: 'r1',
  exam: { id: 'e1', title: 'Exam', title_ko: '', title_en: '', study: null },
  score: 1,
  total_score: 3,
  correct_count: 1,
  wrong_count: 1,
  answered_count: 2,
  elapsed_seconds: 75,
  completed_at: '2026-11-24T08:00:00.000Z',
  user: { id: 'u1', username: 'learner' },
  details: [detail('q2', 'wrong', false), detail('q1', 'answer q1', true)],
};

describe('session summary', () => {
  test('entries follow the result, the server decides right and wrong, the exam gives the correct answer', () => {
    const entries = reviewEntries(result, [question('q1'), question('q2'), question('q3')], 'en');
    expect(entries.map((entry) => [entry.questionId, entry.correct, entry.answer, entry.correctAnswer])).toEqual([
      ['q2', false, 'wrong', 'answer q2'],
      ['q1', true, 'answer q1', 'answer q1'],
    ]);
    expect(entries[0]!.explanation).toBe('why q2');
  });

  test('a question the exam no longer has keeps its saved title and has no correct answer to show', () => {
    const [gone] = reviewEntries(result, [question('q1')], 'en');
    expect(gone).toMatchObject({ questionId: 'q2', title: 'saved title q2', correctAnswer: '', explanation: '' });
  });

  test('accuracy is of the answered questions, in whole percent', () => {
    expect(accuracyPercent(2, 3)).toBe(67);
    expect(accuracyPercent(0, 0)).toBe(0);
    expect(sessionSummary(result, [], 'en')).toMatchObject({
      resultId: 'r1',
      examId: 'e1',
      score: 1,
      total: 3,
      answered: 2,
      elapsedSeconds: 75,
    });
  });

  test('the summary survives the navigation state and nothing else passes for one', () => {
    const summary = sessionSummary(result, [question('q1'), question('q2')], 'ko');
    expect(summaryFromState(structuredClone(summaryState(summary)))).toEqual(summary);
    expect(summaryFromState(null)).toBeNull();
    expect(summaryFromState({ other: 1 })).toBeNull();
    expect(summaryFromState({ sessionSummary: { resultId: 'r1' } })).toBeNull();
  });
});
