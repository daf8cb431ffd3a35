import type { Language } from '../domain/language.js';

/** Error codes (and result messages) of results, submits, statistics and accuracy adjustment. */
export const RESULT_ERROR_MESSAGES = {
  result_not_found: { ko: '시험 결과를 찾을 수 없습니다.', en: 'The exam result was not found.' },
  result_details_changed: {
    ko: '결과가 그 사이 바뀌었습니다(이어 풀기). 결과를 다시 불러와 주세요.',
    en: 'The result changed in the meantime (continued). Please load the result again.',
  },
  result_unknown_questions: {
    ko: '이 시험에 없는 문제에 대한 답안이 있습니다: {ids}',
    en: 'Some answers are for questions that are not in this exam: {ids}',
  },
  result_latest_needs_exam: {
    ko: 'latest=true 는 exam_id 와 함께 사용해야 합니다.',
    en: 'latest=true needs an exam_id.',
  },
  submission_id_reused: {
    ko: '같은 제출 ID로 다른 답안이 이미 제출되었습니다. 새 제출 ID를 사용해 주세요.',
    en: 'This submission id was already used for different answers. Use a new submission id.',
  },
  submission_busy: {
    ko: '답안이 동시에 여러 번 저장되고 있습니다. 잠시 후 같은 요청을 다시 보내 주세요.',
    en: 'Answers are being saved by several requests at once. Please retry the same request shortly.',
  },
  sitting_version_conflict: {
    ko: '다른 탭이나 기기에서 이 시험을 먼저 저장했습니다. 다시 불러와 합친 뒤 저장해 주세요.',
    en: 'Another tab or device saved this exam first. Read it again, merge and save.',
  },
  statistics_forbidden: {
    ko: '다른 사용자의 문제 통계는 관리자만 볼 수 있습니다.',
    en: "Only administrators can see another user's question statistics.",
  },
  statistics_user_not_found: {
    ko: '통계를 조회할 사용자를 찾을 수 없습니다.',
    en: 'The user whose statistics were asked for was not found.',
  },
  question_not_in_exam: { ko: '이 시험에 해당 문제가 없습니다.', en: 'The question is not in this exam.' },
  result_deleted: { ko: '시험 결과를 삭제했습니다.', en: 'The exam result was deleted.' },
  accuracy_adjusted: { ko: '정답률을 {accuracy}%로 조정했습니다.', en: 'Accuracy adjusted to {accuracy}%.' },
  // Statistics reset (L14) and retention cleanup (L22).
  statistics_reset_forbidden: {
    ko: '다른 사용자의 학습 통계는 관리자만 초기화할 수 있습니다.',
    en: "Only administrators can reset another user's learning statistics.",
  },
  statistics_reset_done: { ko: '학습 통계를 초기화했습니다.', en: 'The learning statistics were reset.' },
  statistics_reset_continues: {
    ko: '학습 통계를 초기화하고 있습니다. 기록이 많아 남은 부분은 잠시 후(늦어도 다음 정기 정리 때) 마저 지워집니다.',
    en: 'The learning statistics are being reset. There is a lot of history; the rest is removed shortly (at the latest by the next scheduled cleanup).',
  },
  retention_cleanup_done: {
    ko: '오래된 시험 기록 {count}건을 정리했습니다.',
    en: 'Cleaned up {count} old exam records.',
  },
  retention_cleanup_partial: {
    ko: '오래된 시험 기록 {count}건을 정리했습니다. 나머지는 다음 정리 때 이어서 정리됩니다.',
    en: 'Cleaned up {count} old exam records. The rest is cleaned up by the next run.',
  },
} satisfies Record<string, Record<Language, string>>;
