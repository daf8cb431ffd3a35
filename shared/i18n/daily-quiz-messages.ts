/**
 * Codes of the daily exam and its email. The four `home.dailyExam.*` keys are the original client's
 * (docs/product.md#errors): the answer of a daily exam call that cannot build an exam carries one as
 * `error`, with `success: false`.
 */
export const DAILY_QUIZ_MESSAGES = {
  'home.dailyExam.noSubscribedExams': {
    ko: '구독한 시험이 없습니다. 프로필에서 시험을 구독해 주세요.',
    en: 'You have not subscribed to any exams. Subscribe to exams in your profile.',
  },
  'home.dailyExam.noQuestionsInSubscribedExams': {
    ko: '구독한 시험에 문제가 없습니다.',
    en: 'Your subscribed exams have no questions.',
  },
  'home.dailyExam.noAccessibleExams': {
    ko: '구독한 시험 중 볼 수 있는 시험이 없습니다.',
    en: 'None of your subscribed exams can be opened any more.',
  },
  'home.dailyExam.noQuestionsAvailable': {
    ko: '오늘의 퀴즈에 넣을 문제가 없습니다.',
    en: 'There are no questions left for a daily quiz.',
  },
  daily_exam_target_forbidden: {
    ko: '다른 사용자의 오늘의 퀴즈는 관리자만 만들 수 있습니다.',
    en: "Only site admins can create another user's daily quiz.",
  },
  daily_mail_link_invalid: {
    ko: '수신 거부 링크가 올바르지 않거나 만료되었습니다.',
    en: 'This unsubscribe link is invalid or has expired.',
  },
} as const;

export const DAILY_EXAM_ERROR_KEYS = [
  'home.dailyExam.noSubscribedExams',
  'home.dailyExam.noQuestionsInSubscribedExams',
  'home.dailyExam.noAccessibleExams',
  'home.dailyExam.noQuestionsAvailable',
] as const;
export type DailyExamErrorKey = (typeof DAILY_EXAM_ERROR_KEYS)[number];
