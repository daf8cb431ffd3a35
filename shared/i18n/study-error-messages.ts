import type { Language } from '../domain/language.js';

/** Error codes and messages of studies and study tasks (members and join requests: their own file). */
export const STUDY_ERROR_MESSAGES = {
  study_not_found: { ko: '스터디를 찾을 수 없습니다.', en: 'The study was not found.' },
  study_forbidden: { ko: '이 스터디를 관리할 권한이 없습니다.', en: 'You are not allowed to manage this study.' },
  study_sheets_admin_only: {
    ko: '과제 시트 업로드는 사이트 관리자만 할 수 있습니다.',
    en: 'Only site admins can upload a task sheet.',
  },
  study_title_required: { ko: '스터디 제목을 입력해주세요.', en: 'Please enter the study title.' },
  study_title_taken: {
    ko: '같은 제목의 스터디가 이미 있습니다: {title}',
    en: 'A study with this title already exists: {title}',
  },
  study_dates_invalid: {
    ko: '종료일은 시작일보다 빠를 수 없습니다.',
    en: 'The end date cannot be before the start date.',
  },
  study_deleted: { ko: '스터디를 삭제했습니다.', en: 'The study was deleted.' },
  study_delete_continues: {
    ko: '스터디를 삭제했습니다. 남은 항목은 백그라운드에서 정리됩니다.',
    en: 'The study was deleted. Its remaining items are being removed in the background.',
  },
  study_task_not_found: { ko: 'Task를 찾을 수 없습니다.', en: 'The task was not found.' },
  study_task_name_required_ko: {
    ko: '한국어로 Task 이름을 입력해주세요.',
    en: 'Please enter the task name in Korean.',
  },
  study_task_name_required_en: { ko: '영어로 Task 이름을 입력해주세요.', en: 'Please enter the task name in English.' },
  study_task_exam_not_found: {
    ko: '연결할 시험을 찾을 수 없습니다: {exam}',
    en: 'The exam to link was not found: {exam}',
  },
  study_task_daily_exam: {
    ko: '오늘의 퀴즈 시험은 Task에 연결할 수 없습니다.',
    en: 'A daily quiz exam cannot be linked to a task.',
  },
  study_task_limit: {
    ko: '스터디 하나에 Task는 최대 {max}개까지 만들 수 있습니다.',
    en: 'A study can hold at most {max} tasks.',
  },
  study_sheet_missing_column: { ko: '필수 열이 없습니다: {column}', en: 'A required column is missing: {column}' },
  study_sheet_no_rows: { ko: '가져올 Task가 없습니다.', en: 'The sheet holds no tasks.' },
  study_sheet_row_errors: {
    ko: '시트에 오류가 있어 아무 것도 가져오지 않았습니다: {errors}',
    en: 'Nothing was imported; the sheet has errors: {errors}',
  },
  study_sheet_imported: { ko: 'Task {created}개를 가져왔습니다.', en: 'Imported {created} tasks.' },
} as const satisfies Record<string, Record<Language, string>>;
