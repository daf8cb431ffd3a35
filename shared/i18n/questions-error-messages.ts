import type { Language } from '../domain/language.js';

/** Error codes (and result messages) of question edits, favorites, ignore, answer evaluation, single-question exams and short links. */
export const QUESTION_ERROR_MESSAGES = {
  // question edits
  question_required_fields: {
    ko: '제목, 내용, 정답은 비워 둘 수 없습니다.',
    en: 'Title, content and answer are required.',
  },
  question_not_found: { ko: '문제를 찾을 수 없습니다.', en: 'Question not found.' },
  question_forbidden: {
    ko: '이 시험의 문제를 수정할 권한이 없습니다.',
    en: 'You may not change the questions of this exam.',
  },
  exam_question_limit: {
    ko: '한 시험에는 문제를 최대 {max}개까지 넣을 수 있습니다.',
    en: 'An exam holds at most {max} questions.',
  },
  // a cloze note's edit writes all its cards in one transaction (MAX_CLOZE_NOTE_WRITES, D455)
  cloze_note_too_large: {
    ko: '클로즈 노트를 한 번에 고칠 때 바뀌는 카드는 최대 {max}장입니다. 빈칸을 나누어 고쳐 주세요.',
    en: 'One edit of a cloze note may change at most {max} of its cards. Change fewer gaps at a time.',
  },
  // favorites and ignored: the per-user caps (MAX_FAVORITE_QUESTIONS, MAX_IGNORED_QUESTIONS)
  favorite_limit_reached: {
    ko: '즐겨찾기는 최대 {max}개까지 저장할 수 있습니다. 즐겨찾기 일부를 해제한 뒤 다시 시도해주세요.',
    en: 'You can keep up to {max} favorite questions. Remove some favorites, then try again.',
  },
  ignored_limit_reached: {
    ko: '무시할 수 있는 문제는 최대 {max}개입니다. 무시한 문제 일부를 해제한 뒤 다시 시도해주세요.',
    en: 'You can ignore up to {max} questions. Stop ignoring some, then try again.',
  },
  // question images
  image_too_large: { ko: '이미지가 너무 큽니다 (최대 {limit}).', en: 'The image is too large (limit {limit}).' },
  image_type_unsupported: {
    ko: 'PNG, JPEG, WebP, GIF 이미지만 올릴 수 있습니다 (SVG는 안 됩니다).',
    en: 'Only PNG, JPEG, WebP and GIF images can be uploaded (not SVG).',
  },
  image_truncated: { ko: '이미지 파일이 손상되었거나 잘렸습니다.', en: 'The image file is damaged or cut short.' },
  image_dimensions_too_large: {
    ko: '이미지의 가로나 세로가 너무 큽니다 (최대 8,000픽셀).',
    en: 'The image is too wide or too tall (at most 8,000 pixels a side).',
  },
  image_not_found: { ko: '이미지를 찾을 수 없습니다.', en: 'Image not found.' },
  question_deleted: { ko: '문제를 삭제했습니다.', en: 'Question deleted.' },
  // answer evaluation (voice mode): the `reason` sentence
  answer_eval_exact: { ko: '정답과 일치합니다.', en: 'The answer matches the correct answer.' },
  answer_eval_word_match: {
    ko: '정답의 핵심 단어 중 {percent}%가 답변에 포함되어 정답으로 인정합니다.',
    en: '{percent}% of the key words of the correct answer are in the answer, so it counts as correct.',
  },
  answer_eval_too_few_words: {
    ko: '정답의 핵심 단어 중 {percent}%만 답변에 포함되어 있습니다 (50% 이상 필요).',
    en: 'Only {percent}% of the key words of the correct answer are in the answer (50% needed).',
  },
  answer_eval_empty: { ko: '답변이 비어 있습니다.', en: 'The answer is empty.' },
  // the notes screen's model tier
  notes_model_off: {
    ko: '이 서비스에서는 모델로 문제 만들기가 꺼져 있습니다.',
    en: 'Making questions by a model is off on this service.',
  },
  notes_model_limit: {
    ko: '모델로 문제 만들기는 하루 {limit}번까지입니다. {seconds}초 후에 다시 시도해 주세요.',
    en: 'Questions by a model can be made {limit} times a day. Try again in {seconds} seconds.',
  },
  notes_model_unavailable: {
    ko: '모델이 지금 답하지 않습니다. {seconds}초 후에 다시 시도해 주세요.',
    en: 'The model is not answering right now. Try again in {seconds} seconds.',
  },
  notes_text_too_long: {
    ko: '모델에 보낼 노트는 최대 {limit}자입니다.',
    en: 'Notes sent to the model are at most {limit} characters.',
  },
  // short links
  short_link_external: {
    ko: '이 사이트의 주소만 짧은 링크로 만들 수 있습니다.',
    en: 'Short links can only point to pages of this site.',
  },
  short_link_not_found: { ko: '짧은 링크를 찾을 수 없습니다.', en: 'This short link does not exist.' },
  short_link_expired: { ko: '짧은 링크가 만료되었습니다.', en: 'This short link has expired.' },
  short_link_home: { ko: '홈으로 가기', en: 'Go to the home page' },
} satisfies Record<string, Record<Language, string>>;
