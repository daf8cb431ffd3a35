import { describe, expect, test } from 'vitest';
import {
  clampPage,
  continuePath,
  pageCount,
  pageItems,
  pageRange,
  pageWindow,
  redoPath,
  resultsLoadError,
  RESULTS_FETCH_SIZE,
  RESULTS_PAGE_BUTTONS,
  RESULTS_PAGE_SIZE,
} from '../../web/src/features/results/utils/results-pagination.js';
import { defaultReviewMode, resultReview, shownEntries } from '../../web/src/features/results/utils/result-review.js';
import { formatCompletedAt, formatElapsed } from '../../web/src/lib/format-time.js';
import { MAX_RESULTS_PAGE_SIZE } from '#shared/contracts/results.js';

describe('results screen helpers (docs/product.md#results, #errors, #limits)', () => {
  test('10 a page, 5 page buttons, fetched 100 at a time (the contract maximum)', () => {
    expect(RESULTS_PAGE_SIZE).toBe(10);
    expect(RESULTS_PAGE_BUTTONS).toBe(5);
    expect(RESULTS_FETCH_SIZE).toBe(MAX_RESULTS_PAGE_SIZE);
  });

  test('page count and clamping', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageCount(57)).toBe(6);
    expect(clampPage(9, 57)).toBe(6);
    expect(clampPage(0, 57)).toBe(1);
    expect(clampPage(Number.NaN, 57)).toBe(1);
    expect(clampPage(3, 0)).toBe(1);
  });

  test('up to 5 page numbers around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(3, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
    expect(pageWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(11, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  test('the range label figures', () => {
    expect(pageRange(2, 57)).toEqual({ from: 11, to: 20, total: 57 });
    expect(pageRange(6, 57)).toEqual({ from: 51, to: 57, total: 57 });
    expect(pageRange(1, 0)).toEqual({ from: 0, to: 0, total: 0 });
    expect(pageRange(9, 12)).toEqual({ from: 11, to: 12, total: 12 });
  });

  test('a page slices the loaded results', () => {
    const items = Array.from({ length: 23 }, (_, i) => i + 1);
    expect(pageItems(items, 1)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageItems(items, 3)).toEqual([21, 22, 23]);
    expect(pageItems(items, 4)).toEqual([]);
  });

  test('elapsed time as m:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(5)).toBe('0:05');
    expect(formatElapsed(75)).toBe('1:15');
    expect(formatElapsed(3600)).toBe('60:00');
    expect(formatElapsed(-3)).toBe('0:00');
    expect(formatElapsed(Number.NaN)).toBe('0:00');
    expect(formatElapsed(61.9)).toBe('1:01');
  });

  test('completion date and time', () => {
    expect(formatCompletedAt('not a date', 'ko')).toBe('-');
    expect(formatCompletedAt('2026-03-04T05:06:00Z', 'en')).toMatch(/2026/);
    expect(formatCompletedAt('2026-03-04T05:06:00Z', 'ko')).toMatch(/2026/);
  });

  test('load errors: 401, 403, 404, else load failed', () => {
    expect(resultsLoadError(401)).toBe('loginRequired');
    expect(resultsLoadError(403)).toBe('accessDenied');
    expect(resultsLoadError(404)).toBe('notFound');
    expect(resultsLoadError(500)).toBe('loadFailed');
    expect(resultsLoadError(0)).toBe('loadFailed');
    expect(resultsLoadError(undefined)).toBe('loadFailed');
  });

  test('redo and continue addresses', () => {
    expect(redoPath('e1')).toBe('/take-exam/e1?returnTo=results');
    expect(continuePath('e1', 'r 2')).toBe('/take-exam/e1?continue=true&result_id=r%202&returnTo=results');
  });
});

describe('the result review', () => {
  const detail = (id: string, answer: string, correct: boolean, question: Record<string, string> = {}) => ({
    question_id: id,
    question: { id, ...question },
    answer,
    is_correct: correct,
    elapsed_seconds: 3,
  });
  const result = {
    details: [
      detail('q1', 'Seoul', true, { title: 'Capital', content: 'The capital of Korea?' }),
      detail('q2', 'Lyon', false, { title: 'France', content: 'Recorded text' }),
      detail('q3', '', false),
    ],
  };
  const questions = [
    { id: 'q1', title_ko: '수도', content_ko: '한국의 수도는?', answer_ko: '서울', explanation_en: 'Since 1394' },
    { id: 'q2', title_en: 'France', content_en: 'The capital of France?', answer_en: 'Paris' },
  ];

  test('every question carries its text beside the learner answer and the right one, in the screen language', () => {
    const entries = resultReview(result, questions, 'ko');
    expect(entries.map((entry) => entry.questionId)).toEqual(['q1', 'q2', 'q3']);
    expect(entries[0]).toEqual({
      questionId: 'q1',
      title: '수도',
      text: '한국의 수도는?',
      answer: 'Seoul',
      correct: true,
      correctAnswer: '서울',
      explanation: 'Since 1394',
      format: 'plain',
    });
    expect(entries[1]).toMatchObject({
      title: 'France',
      text: 'The capital of France?',
      answer: 'Lyon',
      correct: false,
      correctAnswer: 'Paris',
    });
  });

  test('a question the exam no longer holds keeps the text the result recorded', () => {
    const entries = resultReview(result, [], 'en');
    expect(entries[0]).toMatchObject({ title: 'Capital', text: 'The capital of Korea?', correctAnswer: '' });
    expect(entries[2]).toMatchObject({ title: '', text: '', answer: '', correct: false });
  });

  test('mistakes first, every question when there is none', () => {
    const entries = resultReview(result, questions, 'en');
    expect(defaultReviewMode(entries)).toBe('mistakes');
    expect(shownEntries(entries, 'mistakes').map((entry) => entry.questionId)).toEqual(['q2', 'q3']);
    expect(shownEntries(entries, 'all')).toHaveLength(3);
    expect(defaultReviewMode(entries.filter((entry) => entry.correct))).toBe('all');
    expect(defaultReviewMode([])).toBe('all');
  });
});
