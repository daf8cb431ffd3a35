import type { Language } from '../domain/language.js';

/** Error codes and result messages of the exam detail screen's server routes. */
export const EXAM_DETAIL_MESSAGES = {
  // bulk question actions (questions group)
  questions_moved: { ko: '문제 {count}개를 옮겼습니다.', en: 'Moved {count} questions.' },
  questions_copied: { ko: '문제 {count}개를 복사했습니다.', en: 'Copied {count} questions.' },
  questions_deleted: { ko: '문제 {count}개를 삭제했습니다.', en: 'Deleted {count} questions.' },
  questions_group_updated: { ko: '문제 {count}개의 그룹을 바꿨습니다.', en: 'Updated the group of {count} questions.' },
  exam_same_source_target: {
    ko: '같은 시험으로는 옮기거나 복사할 수 없습니다.',
    en: 'Choose another exam to move or copy to.',
  },
  exam_questions_changed: {
    ko: '다른 곳에서 시험 문제가 바뀌었습니다. 새로 고친 뒤 다시 시도해 주세요.',
    en: "The exam's questions changed in the meantime. Reload and try again.",
  },
  // statistics (results group)
  question_results_deleted: {
    ko: '문제 {count}개의 풀이 기록을 삭제했습니다.',
    en: 'Deleted the results of {count} questions.',
  },
  question_results_deleting: {
    ko: '풀이 기록을 삭제하는 중입니다 ({count}개 삭제됨). 나머지는 백그라운드에서 삭제됩니다.',
    en: 'Deleting results ({count} so far); the rest is deleted in the background.',
  },
  results_delete_all_forbidden: {
    ko: '모든 사용자의 기록은 관리자와 스터디 관리자만 삭제할 수 있습니다.',
    en: "Only admins and study admins may delete every user's results.",
  },
  accuracy_bulk_adjusted: {
    ko: '문제 {count}개의 정답률을 조정했습니다.',
    en: 'Adjusted the accuracy of {count} questions.',
  },
  // import from the connected file, update from a sheet
  exam_no_connected_file: {
    ko: '이 시험에 연결된 문제 파일이 없습니다.',
    en: 'This exam has no connected question file.',
  },
  exam_questions_imported: {
    ko: '문제 {imported}개를 가져왔습니다 (건너뜀 {skipped}).',
    en: 'Imported {imported} questions (skipped {skipped}).',
  },
  exam_questions_updated: {
    ko: '문제 {updated}개를 수정했습니다 (건너뜀 {skipped}).',
    en: 'Updated {updated} questions (skipped {skipped}).',
  },
  sheet_row_unknown_id: {
    ko: '{row}행: 이 시험에 문제 ID {id}가 없습니다.',
    en: 'Row {row}: this exam has no question with id {id}.',
  },
  sheet_row_missing_id: { ko: '{row}행: 문제 ID가 비어 있습니다.', en: 'Row {row}: the question id is blank.' },
  sheet_row_required: {
    ko: '{row}행: 제목, 내용, 정답은 비워 둘 수 없습니다.',
    en: 'Row {row}: title, content and answer are required.',
  },
  // a note's row whose edit would change more cards than one transaction holds (D455)
  sheet_row_cloze_note_too_large: {
    ko: '{row}행: 클로즈 노트를 한 번에 고칠 때 바뀌는 카드는 최대 {max}장입니다.',
    en: 'Row {row}: one edit of a cloze note may change at most {max} of its cards.',
  },
  // a row without gaps whose id names a cloze note: it would delete the note's other cards
  sheet_row_cloze_gaps_required: {
    ko: '{row}행: 문제 ID {id}는 클로즈 노트입니다. 빈칸({{c1::…}})을 남기거나, 노트를 없애려면 문제 편집에서 고쳐 주세요.',
    en: 'Row {row}: question {id} is a cloze note. Keep its gaps ({{c1::…}}), or end the note in the question editor.',
  },
  sheet_row_duplicate_id: {
    ko: '{row}행: 문제 ID {id}가 앞의 행과 겹칩니다.',
    en: 'Row {row}: question id {id} repeats an earlier row.',
  },
  // an image a row names that was not stored (D257): the row is updated with its alt text
  sheet_row_image_too_large: {
    ko: '{row}행: 그림 {name}이(가) 2 MB를 넘어 대체 텍스트만 남겼습니다.',
    en: 'Row {row}: image {name} is over 2 MB; its alt text was kept.',
  },
  sheet_row_image_type_unsupported: {
    ko: '{row}행: {name}은(는) PNG, JPEG, WebP, GIF 그림이 아니어서 대체 텍스트만 남겼습니다.',
    en: 'Row {row}: {name} is not a PNG, JPEG, WebP or GIF image; its alt text was kept.',
  },
  sheet_row_image_truncated: {
    ko: '{row}행: 그림 {name}이(가) 잘려 있어 대체 텍스트만 남겼습니다.',
    en: 'Row {row}: image {name} is cut short; its alt text was kept.',
  },
  sheet_row_image_dimensions_too_large: {
    ko: '{row}행: 그림 {name}의 픽셀 수가 너무 커서 대체 텍스트만 남겼습니다.',
    en: 'Row {row}: image {name} declares too many pixels; its alt text was kept.',
  },
  sheet_row_image_missing: {
    ko: '{row}행: 그림 {name}이(가) 파일에 없어 대체 텍스트만 남겼습니다.',
    en: 'Row {row}: image {name} is not in the file; its alt text was kept.',
  },
  sheet_row_image_import_limit: {
    ko: '{row}행: 그림 {name}은(는) 한 번에 저장할 수 있는 그림 100개 또는 20 MB를 넘어 대체 텍스트만 남겼습니다.',
    en: 'Row {row}: image {name} is past the limit of 100 images or 20 MB per sheet; its alt text was kept.',
  },
  sheet_row_image_fetch_refused: {
    ko: '{row}행: 그림 {name}은(는) 가져오지 않았습니다 (공개된 https 주소만 가져옵니다). 대체 텍스트만 남겼습니다.',
    en: 'Row {row}: image {name} was not fetched (only public https addresses are); its alt text was kept.',
  },
  sheet_row_image_fetch_failed: {
    ko: '{row}행: 그림 {name}을(를) 가져오지 못해 대체 텍스트만 남겼습니다.',
    en: 'Row {row}: image {name} could not be fetched; its alt text was kept.',
  },
  sheet_row_image_fetch_timeout: {
    ko: '{row}행: 그림 {name}을(를) 가져오는 데 시간이 너무 오래 걸려 대체 텍스트만 남겼습니다.',
    en: 'Row {row}: image {name} took too long to fetch; its alt text was kept.',
  },
  // question-member mappings
  study_no_active_members: { ko: '스터디에 활성 멤버가 없습니다.', en: 'The study has no active members.' },
  study_not_linked: { ko: '이 시험과 연결된 스터디가 아닙니다.', en: 'This study is not linked to the exam.' },
  mapping_forbidden: { ko: '문제 담당자를 지정할 권한이 없습니다.', en: 'You may not assign members to questions.' },
  mappings_created: { ko: '문제 {count}개에 담당자를 지정했습니다.', en: 'Assigned members to {count} questions.' },
} satisfies Record<string, Record<Language, string>>;
