import type { Exam, ExamQuestion } from '#shared/contracts/exam-schemas.js';
import { DIFFICULTIES, normalizeDifficulty } from '#shared/domain/difficulty.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { viewerTitle } from '#shared/domain/exam-title.js';
import { textFormat } from '#shared/domain/rich-text.js';
import { tagView } from '../tags/index.js';
import type { ExamRecord, StoredQuestion } from './exam-store.js';
import { permissionsFor } from './visibility.js';
import type { CallerUser } from '../../runtime/http/types.js';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A stored question in the caller's language, with ko/en fallback (docs/product.md#exam-management). */
export function questionView(q: StoredQuestion, language: Language): ExamQuestion {
  const record = q as Record<string, unknown>;
  const complete = (lang: Language) =>
    !!(text(record[`title_${lang}`]) && text(record[`content_${lang}`]) && text(record[`answer_${lang}`]));
  const difficulty = DIFFICULTIES.includes(record.difficulty as never)
    ? (record.difficulty as ExamQuestion['difficulty'])
    : normalizeDifficulty(record.difficulty);
  return {
    id: q.id,
    csv_id: text(record.csv_id),
    title: pickLocalized(record, 'title', language),
    content: pickLocalized(record, 'content', language),
    answer: pickLocalized(record, 'answer', language),
    explanation: pickLocalized(record, 'explanation', language),
    title_ko: text(record.title_ko),
    title_en: text(record.title_en),
    content_ko: text(record.content_ko),
    content_en: text(record.content_en),
    answer_ko: text(record.answer_ko),
    answer_en: text(record.answer_en),
    explanation_ko: text(record.explanation_ko),
    explanation_en: text(record.explanation_en),
    difficulty,
    url: text(record.url),
    group_id: text(record.group_id),
    format: textFormat(record.format),
    ...clozeView(record),
    created_language: record.created_language === 'en' ? 'en' : 'ko',
    is_ko_complete: complete('ko'),
    is_en_complete: complete('en'),
    created_at: text(record.created_at),
    order: Number(record.order ?? 0),
  };
}

/** A cloze card's number and note (D366), for the answer side and the editor; nothing for other questions. */
function clozeView(record: Record<string, unknown>): Pick<ExamQuestion, 'cloze' | 'cloze_note'> {
  const number = record.cloze;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) return {};
  return { cloze: number, cloze_note: text(record.cloze_note) };
}

export function displayTitle(exam: Pick<ExamRecord, 'title' | 'title_ko' | 'title_en'>, language: Language): string {
  return viewerTitle(pickLocalized(exam, 'title', language) || exam.title, language);
}

export interface ViewExtras {
  isSubscribed?: boolean;
  versions?: ExamRecord[];
  questions?: StoredQuestion[];
}

export function examView(
  exam: ExamRecord,
  caller: CallerUser | null,
  language: Language,
  extras: ViewExtras = {},
): Exam {
  const view: Exam = {
    id: exam.id,
    title: exam.title,
    title_ko: exam.title_ko ?? '',
    title_en: exam.title_en ?? '',
    display_title: displayTitle(exam, language),
    description: pickLocalized(exam, 'description', language),
    description_ko: exam.description_ko ?? '',
    description_en: exam.description_en ?? '',
    created_at: exam.created_at,
    created_language: exam.created_language,
    is_ko_complete: !!exam.title_ko,
    is_en_complete: !!exam.title_en,
    is_original: exam.is_original,
    original_exam: exam.original_exam ?? null,
    version_number: exam.version_number ?? 1,
    is_public: exam.is_public,
    has_private_questions: !!exam.has_private_questions,
    file_name: exam.file_name ?? null,
    file_id: exam.file_id ?? null,
    total_questions: exam.total_questions,
    created_by: { id: exam.created_by_id, username: exam.created_by_username },
    tags: (exam.tags ?? []).map((t) => tagView(t, language, 0)),
    studies: [],
    force_answer: !!exam.force_answer,
    voice_mode_enabled: !!exam.voice_mode_enabled,
    ai_mock_interview: !!exam.ai_mock_interview,
    is_subscribed: !!extras.isSubscribed,
    versions: (extras.versions ?? []).map((v) => ({
      id: v.id,
      title: v.title,
      display_title: displayTitle(v, language),
      version_number: v.version_number ?? 1,
      total_questions: v.total_questions,
      is_public: v.is_public,
      created_at: v.created_at,
      created_by: { id: v.created_by_id, username: v.created_by_username },
    })),
    user_permissions: permissionsFor(exam, caller),
  };
  if (extras.questions) view.questions = extras.questions.map((q) => questionView(q, language));
  return view;
}

/** `select=id,title,questions` keeps those fields (id always). */
export function selectFields<T extends { id: string }>(view: T, select: string | undefined): T {
  if (!select) return view;
  const fields = new Set(
    select
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
  );
  if (fields.size === 0) return view;
  const picked: Record<string, unknown> = { id: view.id };
  for (const [key, value] of Object.entries(view)) if (fields.has(key)) picked[key] = value;
  return picked as T;
}

export function wantsField(select: string | undefined, field: string): boolean {
  if (!select) return true;
  const fields = select
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return fields.length === 0 || fields.includes(field);
}

/** Whether `select` names the field explicitly (fields that cost requests are only computed when asked for). */
export function namesField(select: string | undefined, ...fields: string[]): boolean {
  const named = new Set((select ?? '').split(',').map((f) => f.trim()));
  return fields.some((field) => named.has(field));
}

/** The caller's flags on question views (L17); anonymous callers get false. */
export function withQuestionFlags<T extends { id: string }>(
  views: T[],
  flags: { favorites: Set<string>; ignored: Set<string> } | null,
): (T & { is_favorite: boolean; is_ignored: boolean })[] {
  return views.map((view) => ({
    ...view,
    is_favorite: !!flags?.favorites.has(view.id),
    is_ignored: !!flags?.ignored.has(view.id),
  }));
}
