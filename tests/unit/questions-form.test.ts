import { describe, expect, it } from 'vitest';
import { cleanUrl } from '#shared/domain/question-url.js';
import { applyQuestionForm, nextCsvId } from '../../functions/domains/exams/question-edit.js';
import { AppError } from '../../functions/runtime/http/app-error.js';

const stored = {
  id: 'q1',
  title_ko: '제목',
  content_ko: '내용',
  answer_ko: '정답',
  difficulty: 'Easy',
  url: 'https://a.example',
  csv_id: '3',
};

describe('applyQuestionForm', () => {
  it('writes form text to the caller language fields and keeps the other language', () => {
    const after = applyQuestionForm({ ...stored, title_en: 'Title' }, { title: ' New ', answer: 'A' }, 'en');
    expect(after).toMatchObject({
      title_en: 'New',
      answer_en: 'A',
      title_ko: '제목',
      answer_ko: '정답',
      content_ko: '내용',
    });
  });

  it('accepts explicit _ko/_en fields', () => {
    expect(applyQuestionForm(stored, { title_en: 'T', content_en: 'C', answer_en: 'A' }, 'ko')).toMatchObject({
      title_en: 'T',
      title_ko: '제목',
    });
  });

  it('normalises difficulty, clears url "nan", trims explanation', () => {
    const after = applyQuestionForm(stored, { difficulty: '어려움', url: ' NaN ', explanation: ' ' }, 'ko');
    expect(after).toMatchObject({ difficulty: 'Hard', url: '', explanation_ko: '' });
    expect(applyQuestionForm(stored, { difficulty: 'whatever' }, 'ko').difficulty).toBe('Medium');
  });

  it('refuses blank title, content or answer (400 question_required_fields)', () => {
    for (const form of [{ title: ' ' }, { content: '' }, { answer: '\t' }]) {
      try {
        applyQuestionForm(stored, form, 'ko');
        expect.unreachable();
      } catch (error) {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).status).toBe(400);
        expect((error as AppError).code).toBe('question_required_fields');
      }
    }
    // A blank caller-language field is fine while the other language has text (the view falls back).
    expect(() => applyQuestionForm({ ...stored, title_en: 'T' }, { title: '' }, 'ko')).not.toThrow();
  });
});

describe('helpers', () => {
  it('nextCsvId: highest numeric csv_id + 1, non-numeric ignored', () => {
    expect(
      nextCsvId([{ id: 'a', csv_id: '3' }, { id: 'b', csv_id: '10' }, { id: 'c', csv_id: 'X-99' }, { id: 'd' }]),
    ).toBe('11');
    expect(nextCsvId([])).toBe('1');
  });
  it('cleanUrl', () => {
    expect(cleanUrl('nan')).toBe('');
    expect(cleanUrl(undefined)).toBe('');
    expect(cleanUrl(' https://x.example ')).toBe('https://x.example');
  });
});
