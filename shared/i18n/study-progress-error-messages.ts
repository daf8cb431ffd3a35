import type { Language } from '../domain/language.js';

/** Error codes of study progress and random practice. */
export const STUDY_PROGRESS_ERROR_MESSAGES = {
  study_progress_not_member: { ko: '스터디 멤버가 아닙니다.', en: 'You are not a member of this study.' },
  random_practice_not_member: {
    ko: '이 스터디의 멤버만 랜덤 연습을 할 수 있습니다.',
    en: 'Only members of this study can practise at random.',
  },
  random_practice_unknown_exam: {
    ko: '이 스터디 과제에 없는 시험의 답입니다: {ids}',
    en: 'An answer names an exam that is not one of this study’s tasks: {ids}',
  },
  random_practice_no_questions: {
    ko: '이 스터디에는 연습할 문제가 없습니다.',
    en: 'This study has no questions to practise.',
  },
} as const satisfies Record<string, Record<Language, string>>;
