import type { Language } from '../domain/language.js';

/** Error codes of the review queue routes. */
export const REVIEW_MESSAGES: Record<string, Record<Language, string>> = {
  review_question_not_found: {
    ko: '복습할 문제를 찾을 수 없거나 볼 수 없는 시험의 문제입니다.',
    en: 'The question to review was not found, or its exam is not readable to you.',
  },
  review_nothing_to_undo: { ko: '되돌릴 채점이 없습니다.', en: 'There is no grade to undo.' },
  review_bury_limit: {
    ko: '오늘은 카드를 더 묻어 둘 수 없습니다 (하루 최대 {max}장).',
    en: 'No more cards can be buried today (at most {max} a day).',
  },
  invalid_new_cards_per_day: {
    ko: '하루 새 카드 수는 {min}~{max} 사이의 정수여야 합니다.',
    en: 'New cards a day must be a whole number from {min} to {max}.',
  },
  review_changed: {
    ko: '이 문제의 학습 기록이 방금 바뀌었습니다. 다시 시도해 주세요.',
    en: 'This question’s learning record has just changed. Please try again.',
  },
};
