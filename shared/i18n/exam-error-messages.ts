import type { Language } from '../domain/language.js';

/** Error codes (and a few result messages) of question files, exams, tags and subscriptions. */
export const EXAM_ERROR_MESSAGES = {
  // spreadsheet import
  sheet_bad_extension: {
    ko: '.xlsx, .xls, .csv, .tsv, .txt, .apkg, .gift, .xml 파일만 올릴 수 있습니다 ({name}).',
    en: 'Only .xlsx, .xls, .csv, .tsv, .txt, .apkg, .gift and .xml files can be uploaded ({name}).',
  },
  export_too_large: {
    ko: '내보낼 파일이 바로 받기에는 너무 큽니다 (최대 {limit}). 같은 주소에 POST로 요청하면 백그라운드에서 만들어 링크로 드립니다.',
    en: 'The export is too large to answer directly (limit {limit}). A POST to the same address builds it in the background and answers a link.',
  },
  deck_not_zip: {
    ko: '.apkg 파일이 올바른 Anki 덱(zip 압축 파일)이 아닙니다.',
    en: 'The .apkg file is not a valid Anki deck (a zip archive).',
  },
  deck_no_collection: {
    ko: 'Anki 덱 안에 카드 모음(collection.anki2, .anki21, .anki21b)이 없습니다.',
    en: 'The Anki deck holds no card collection (collection.anki2, .anki21 or .anki21b).',
  },
  deck_corrupt: {
    ko: 'Anki 덱의 카드 모음을 읽을 수 없습니다. 파일이 손상되었는지 확인해 주세요.',
    en: 'The card collection in the Anki deck could not be read. Check that the file is not damaged.',
  },
  deck_unsafe_schema: {
    ko: 'Anki 덱의 카드 모음에 Anki가 만들지 않는 데이터베이스 구조(뷰, 트리거, 가상 테이블 또는 예상과 다른 표)가 있어 읽지 않았습니다.',
    en: 'The card collection in the Anki deck holds database objects Anki does not write (views, triggers, virtual tables or unexpected tables), so it was not read.',
  },
  deck_media_corrupt: {
    ko: 'Anki 덱의 미디어 파일 {name}이(가) 밝힌 크기({declared}바이트)보다 크게 풀립니다. 손상되었거나 조작된 덱입니다.',
    en: 'The media file {name} in the Anki deck inflates to more than its declared size ({declared} bytes): the deck is damaged or forged.',
  },
  sheet_not_spreadsheet: {
    ko: '파일 내용이 {extension} 스프레드시트가 아닙니다.',
    en: 'The file content is not a {extension} spreadsheet.',
  },
  sheet_unreadable: {
    ko: '스프레드시트를 읽을 수 없습니다. 파일이 손상되었는지 확인해 주세요.',
    en: 'The spreadsheet could not be read. Check that the file is not damaged.',
  },
  sheet_file_too_large: { ko: '파일이 너무 큽니다 (최대 {limit}).', en: 'The file is too large (limit {limit}).' },
  sheet_uncompressed_too_large: {
    ko: '압축을 푼 파일 크기가 너무 큽니다 (최대 {limit}).',
    en: 'The file is too large once uncompressed (limit {limit}).',
  },
  sheet_missing_column: {
    ko: '필수 열이 없습니다: {column}. 찾은 열: {found}',
    en: 'A required column is missing: {column}. Columns found: {found}',
  },
  sheet_too_many_rows: {
    ko: '행이 너무 많습니다 (최대 {limit}행).',
    en: 'The sheet has too many rows (limit {limit}).',
  },
  sheet_cell_too_long: {
    ko: '{row}행 {column} 칸이 너무 깁니다 (최대 {limit}자).',
    en: 'The {column} cell in row {row} is too long (limit {limit} characters).',
  },
  sheet_too_many_columns: {
    ko: '열이 너무 많습니다 (최대 {limit}열).',
    en: 'The sheet has too many columns (limit {limit}).',
  },
  sheet_no_questions: {
    ko: '가져올 문제가 없습니다. 정답이 채워진 행이 하나 이상 있어야 합니다.',
    en: 'There are no questions to import. At least one row needs an answer.',
  },
  sheet_imported: {
    ko: '{imported}문제를 가져왔습니다 (건너뜀 {skipped}: 정답 없음 {blank}, 중복 {duplicates}, 너무 긴 칸 {long}).',
    en: 'Imported {imported} questions (skipped {skipped}: {blank} without an answer, {duplicates} duplicates, {long} with a cell over the limit).',
  },
  upload_not_found: {
    ko: '업로드된 파일을 찾을 수 없습니다. 다시 올려 주세요.',
    en: 'The uploaded file was not found. Please upload it again.',
  },
  // question files
  file_not_found: { ko: '문제 파일을 찾을 수 없습니다.', en: 'The question file was not found.' },
  file_forbidden: {
    ko: '이 문제 파일을 변경할 권한이 없습니다.',
    en: 'You are not allowed to change this question file.',
  },
  file_deleted: { ko: '문제 파일을 삭제했습니다.', en: 'The question file was deleted.' },
  // exams
  exam_not_found: { ko: '시험을 찾을 수 없습니다.', en: 'The exam was not found.' },
  exam_forbidden: { ko: '이 시험을 변경할 권한이 없습니다.', en: 'You are not allowed to change this exam.' },
  exam_title_required: { ko: '제목을 입력해주세요.', en: 'Please enter a title.' },
  exam_title_taken: {
    ko: '같은 제목의 시험이 이미 있습니다: {title}',
    en: 'An exam with this title already exists: {title}',
  },
  exam_private_questions_unconfirmed: {
    ko: '이 시험에는 비공개 문제 파일이나 비공개 시험의 문제가 들어 있습니다. 공개하면 모두가 그 문제와 정답을 볼 수 있으니, 공개에 동의한 뒤 다시 시도해 주세요.',
    en: 'This exam holds questions from a private question file or a private exam. Making it public shows those questions and their answers to everyone: confirm that first, then try again.',
  },
  exam_publish_forbidden: {
    ko: '비공개 문제가 들어 있는 시험은 만든 사람만 공개할 수 있습니다.',
    en: 'Only the creator can make an exam with private questions public.',
  },
  exam_source_not_found: {
    ko: '문제를 가져올 시험을 찾을 수 없습니다.',
    en: 'The exam to take questions from was not found.',
  },
  exam_questions_not_found: {
    ko: '선택한 문제를 찾을 수 없습니다: {ids}',
    en: 'Some selected questions were not found: {ids}',
  },
  exam_created: { ko: '{count}문제로 시험을 만들었습니다.', en: 'The exam was created with {count} questions.' },
  exam_created_reduced: {
    ko: '요청한 {requested}문제보다 문제가 적어 {count}문제로 시험을 만들었습니다.',
    en: 'Only {count} questions were available, fewer than the {requested} requested; the exam has {count} questions.',
  },
  exam_deleted: { ko: '시험을 삭제했습니다.', en: 'The exam was deleted.' },
  exam_retaken: { ko: '새 버전(v{version})이 만들어졌습니다.', en: 'Created version {version}.' },
  no_wrong_questions: { ko: '이 시험에서 틀린 문제가 없습니다.', en: 'You have no wrong answers in this exam.' },
  cursor_invalid: {
    ko: '목록 위치 값이 올바르지 않습니다. 처음부터 다시 불러와 주세요.',
    en: 'The list position is not valid. Please load the list from the start.',
  },
  exams_sheet_imported: {
    ko: '시험 {created}개를 만들었습니다 (건너뜀 {skipped}, 오류 {errors}).',
    en: 'Created {created} exams (skipped {skipped}, errors {errors}).',
  },
  // tags and subscriptions
  tag_not_found: { ko: '태그를 찾을 수 없습니다: {ids}', en: 'Tags not found: {ids}' },
  tag_required_domain: {
    ko: '이 사이트의 기본 태그 {name}은(는) 제거할 수 없습니다.',
    en: 'The default tag {name} of this site cannot be removed.',
  },
  subscription_limit_reached: {
    ko: '시험은 최대 {max}개까지 구독할 수 있습니다. 구독 중인 시험 일부를 해제한 뒤 다시 시도해주세요.',
    en: 'You can subscribe to up to {max} exams. Unsubscribe from some, then try again.',
  },
  subscriptions_updated: {
    ko: '{count}개 시험의 구독 상태를 변경했습니다.',
    en: 'Updated the subscription of {count} exams.',
  },
} as const satisfies Record<string, Record<Language, string>>;
