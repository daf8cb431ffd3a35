import type { Language } from '#shared/domain/language.js';
import { AppError } from '../../runtime/http/app-error.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { newId } from '../../runtime/data/ids.js';
import { METRIC, countMetric } from '../../runtime/metrics.js';
import type { CallerUser } from '../../runtime/http/types.js';
import { adjustUsage, getTags, type TagRef } from '../tags/index.js';
import { TitleTakenError, insertExam, searchText, type ExamRecord, type StoredQuestion } from './exam-store.js';
import { adoptFileImages, adoptQuestionImages, removeExamImages } from './question-images.js';

/**
 * Building and writing a new exam item, shared by every way of making one (create, retake,
 * wrong-questions, single-question and daily exams): its tags, the public-with-private-questions
 * rule, the record itself and the write with its title claim and images.
 */

/**
 * A private question never becomes public by default: an exam holding one is public only when its
 * owner asked for it and confirmed that those questions (and answers) will be visible to everyone.
 */
export function assertPublicationConfirmed(
  wantsPublic: boolean,
  hasPrivateQuestions: boolean,
  confirmed: boolean | undefined,
): void {
  if (wantsPublic && hasPrivateQuestions && !confirmed) throw new AppError(409, 'exam_private_questions_unconfirmed');
}
export async function tagRefs(ids: string[] | undefined): Promise<TagRef[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return [];
  const found = await getTags(unique);
  const missing = unique.filter((id) => !found.some((t) => t.id === id));
  if (missing.length) throw new AppError(400, 'tag_not_found', { ids: missing.join(', ') });
  return unique
    .map((id) => found.find((t) => t.id === id)!)
    .map((t) => ({ id: t.id, name_ko: t.name_ko, name_en: t.name_en }));
}

export function newExamRecord(fields: {
  title: string;
  language: Language;
  caller: CallerUser;
  questions: number;
  description?: string;
  isPublic: boolean;
  hasPrivateQuestions?: boolean;
  isOriginal: boolean;
  originalExam?: string | null;
  versionNumber?: number;
  file?: { id: string | null; name: string | null };
  tags?: TagRef[];
  forceAnswer?: boolean;
  voiceMode?: boolean;
  aiMockInterview?: boolean;
}): ExamRecord {
  const title = fields.title.trim();
  const exam: ExamRecord = {
    id: newId(),
    title,
    title_ko: fields.language === 'ko' ? title : '',
    title_en: fields.language === 'en' ? title : '',
    title_key: nameKey(title),
    description_ko: fields.language === 'ko' ? (fields.description ?? '') : '',
    description_en: fields.language === 'en' ? (fields.description ?? '') : '',
    created_at: new Date().toISOString(),
    created_language: fields.language,
    is_original: fields.isOriginal,
    original_exam: fields.originalExam ?? null,
    version_number: fields.versionNumber ?? 1,
    is_public: fields.isPublic,
    has_private_questions: !!fields.hasPrivateQuestions,
    file_name: fields.file?.name ?? null,
    file_id: fields.file?.id ?? null,
    total_questions: fields.questions,
    created_by_id: fields.caller.id,
    created_by_username: fields.caller.username,
    tags: fields.tags ?? [],
    tag_ids: (fields.tags ?? []).map((t) => t.id),
    force_answer: !!fields.forceAnswer,
    voice_mode_enabled: !!fields.voiceMode,
    ai_mock_interview: !!fields.aiMockInterview,
    search_text: '',
  };
  exam.search_text = searchText(exam);
  return exam;
}

/**
 * Writes an exam, turning a lost title race into 409 exam_title_taken; derived titles get a suffix instead.
 * Images travel with the questions (removed again if the exam is not written): a question file's
 * imported images are copied under the exam (D176), and `imagesFrom` names the exam a question is
 * copied out of, whose images are copied too (D180).
 */
export async function storeExam(
  exam: ExamRecord,
  chosen: StoredQuestion[],
  options: { derived: boolean; imagesFrom?: (question: StoredQuestion) => string | null | undefined },
): Promise<ExamRecord> {
  const fromFile = await adoptFileImages(exam.id, chosen);
  const from = options.imagesFrom;
  const questions = from
    ? await adoptQuestionImages(
        exam.id,
        fromFile.map((question) => ({ question, from: from(question) })),
      )
    : fromFile;
  const copied = !!from || fromFile.some((q, i) => q !== chosen[i]);
  try {
    return await insertWithTitleRetries(exam, questions, options.derived);
  } catch (error) {
    if (copied) await removeExamImages(exam.id).catch(() => 0);
    throw error;
  }
}

async function insertWithTitleRetries(exam: ExamRecord, questions: StoredQuestion[], derived: boolean) {
  for (let attempt = 0; ; attempt++) {
    try {
      await insertExam(exam, questions);
      if (exam.tag_ids.length) await adjustUsage(exam.tag_ids, 1);
      countMetric(METRIC.examsCreated);
      return exam;
    } catch (error) {
      if (!(error instanceof TitleTakenError)) throw error;
      if (!derived || attempt >= 3) throw new AppError(409, 'exam_title_taken', { title: exam.title });
      exam.title = `${exam.title.replace(/ #[0-9a-z]{4}$/, '')} #${newId(4)}`;
      exam.title_ko = exam.title_ko ? exam.title : '';
      exam.title_en = exam.title_en ? exam.title : '';
      exam.title_key = nameKey(exam.title);
      exam.search_text = searchText(exam);
    }
  }
}
