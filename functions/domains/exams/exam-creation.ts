import { randomInt } from 'node:crypto';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import type * as examCreation from '#shared/contracts/exam-creation.js';
import type { RandomOption } from '#shared/contracts/exam-creation.js';
import { normalizeDifficulty, type Difficulty } from '#shared/domain/difficulty.js';
import type { Language } from '#shared/domain/language.js';
import { dailyQuizTitle } from '#shared/domain/exam-title.js';
import { problemUrl } from '#shared/domain/problem-parser.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { resolveFile, type FileRecord } from '../files/index.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { newId } from '../../runtime/data/ids.js';
import { AppError } from '../../runtime/http/app-error.js';
import { METRIC, countMetric } from '../../runtime/metrics.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext, CallerUser } from '../../runtime/http/types.js';
import { adjustUsage, getTags, type TagRef, requiredDomainTagId, withDomainTag } from '../tags/index.js';
import {
  TitleTakenError,
  findQuestionCopies,
  getExamWithQuestions,
  getExams,
  insertExam,
  searchText,
  titleTaken,
  type ExamRecord,
  type StoredQuestion,
} from './exam-store.js';
import { type QuestionStat, allStats, statsForFile } from '../learning/index.js';
import { examView } from './exam-views.js';
import { canReadExam, canReadExamDirectly } from './visibility.js';
import { getFiles, poolQuestionsAt } from '../files/index.js';
import { adoptFileImages, adoptQuestionImages, removeExamImages } from './question-images.js';

type CreateInput = ServiceInput<typeof examCreation.createExam>['body'];

/** Fisher–Yates on a copy, then the first n. */
export function sample<T>(items: readonly T[], n: number): T[] {
  const copy = [...items];
  const take = Math.min(n, copy.length);
  for (let i = 0; i < take; i++) {
    const j = i + randomInt(copy.length - i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, take);
}

const wrongCount = (s: QuestionStat) => Math.max(0, Number(s.total_attempts ?? 0) - Number(s.correct_attempts ?? 0));
const accuracy = (s: QuestionStat) =>
  Number(s.total_attempts) > 0 ? Number(s.correct_attempts ?? 0) / Number(s.total_attempts) : 1;

/** most_wrong: most wrong answers first, then lowest accuracy, then most attempts. */
export function byMostWrong(a: QuestionStat, b: QuestionStat): number {
  return (
    wrongCount(b) - wrongCount(a) || accuracy(a) - accuracy(b) || Number(b.total_attempts) - Number(a.total_attempts)
  );
}

function pickFromStats(stats: QuestionStat[], option: RandomOption, count: number): QuestionStat[] {
  const wrong = stats.filter((s) => wrongCount(s) > 0);
  return option === 'most_wrong' ? [...wrong].sort(byMostWrong).slice(0, count) : sample(wrong, count);
}

const POOL_ID = /^([0-9a-z]{20})-(\d+)$/;
/** Questions named without their exam are looked up one by one: at most this many. */
const MAX_LOOKUP_WITHOUT_EXAM = 500;

interface Selection {
  questions: StoredQuestion[];
  file: FileRecord | null;
  /** Some chosen question came from a private file or a private exam. */
  hasPrivateQuestions: boolean;
  /** The exam each question copied out of an exam came from: its images are copied along (D180). */
  sourceExams?: Map<string, string>;
}

/** A file counts as private unless it is explicitly public (the original treated a missing flag as public). */
const isPrivateFile = (file: FileRecord) => file.is_public !== true;

/** An exam's questions are private when the exam is private or already holds private questions. */
export const holdsPrivateQuestions = (exam: ExamRecord) => !exam.is_public || !!exam.has_private_questions;

/** The files of pooled questions, for their visibility: 1 BatchGet per 100 files. */
async function filesOf(questions: StoredQuestion[]): Promise<FileRecord[]> {
  const ids = [...new Set(questions.map((q) => String(q.file_id ?? '')).filter(Boolean))];
  return getFiles(ids);
}

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

/** From a file: random over the (difficulty-filtered) pool, or from the caller's history in it. */
async function fromFile(
  file: FileRecord,
  caller: CallerUser,
  option: RandomOption,
  difficulty: Difficulty | null,
  count: number,
): Promise<Selection> {
  const letters = file.difficulties ?? '';
  const allowed = (order: number) => !difficulty || letters[order - 1] === difficulty[0];
  if (option === 'random') {
    const orders: number[] = [];
    for (let order = 1; order <= file.max_questions; order++) if (allowed(order)) orders.push(order);
    const chosen = sample(orders, count);
    return {
      questions: await poolQuestionsAt(chosen.map((order) => ({ fileId: file.id, order }))),
      file,
      hasPrivateQuestions: isPrivateFile(file),
    };
  }
  const stats = (await statsForFile(caller.id, file.id)).filter((s) => {
    const match = POOL_ID.exec(String(s.question_id));
    return !!match && allowed(Number(match[2]));
  });
  const chosen = pickFromStats(stats, option, count);
  const pairs = chosen
    .map((s) => POOL_ID.exec(String(s.question_id))!)
    .map((m) => ({ fileId: m[1]!, order: Number(m[2]) }));
  return { questions: await poolQuestionsAt(pairs), file, hasPrivateQuestions: isPrivateFile(file) };
}

/** No file: wrong_only / most_wrong draw from the caller's whole history; random has no pool. */
async function fromHistory(
  caller: CallerUser,
  option: RandomOption,
  difficulty: Difficulty | null,
  count: number,
): Promise<Selection> {
  if (option === 'random') return { questions: [], file: null, hasPrivateQuestions: false };
  const stats = await allStats(caller.id);
  const ordered =
    option === 'most_wrong'
      ? stats.filter((s) => wrongCount(s) > 0).sort(byMostWrong)
      : sample(
          stats.filter((s) => wrongCount(s) > 0),
          stats.length,
        );
  const pairs = ordered
    .map((s) => POOL_ID.exec(String(s.question_id)))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ fileId: m[1]!, order: Number(m[2]) }));
  // Difficulty is only known once fetched: read a few more than asked for when filtering.
  const wanted = Math.min(pairs.length, MAX_EXAM_QUESTIONS, difficulty ? count * 3 : count);
  let questions = await poolQuestionsAt(pairs.slice(0, wanted));
  if (difficulty) questions = questions.filter((q) => q.difficulty === difficulty);
  const chosen = questions.slice(0, count);
  return { questions: chosen, file: null, hasPrivateQuestions: (await filesOf(chosen)).some(isPrivateFile) };
}

function refId(ref: unknown): string {
  if (typeof ref === 'object' && ref !== null) return String((ref as { id: unknown }).id);
  return String(ref);
}

/** Explicit questions: from the named exam (copy), else each found through the question index. */
async function fromList(refs: unknown[], examId: string | null, caller: CallerUser): Promise<Selection> {
  const ids = [...new Set(refs.map(refId))];
  let byId: Map<string, StoredQuestion>;
  // Where each used question came from: its file, or the exam it was copied out of.
  const privateSources = new Set<string>();
  const sourceExams = new Map<string, string>();
  if (examId) {
    const { exam, questions } = await getExamWithQuestions(examId);
    if (!exam || !(await canReadExam(exam, caller))) throw new AppError(404, 'exam_source_not_found');
    byId = new Map(questions.map((q) => [q.id, q]));
    for (const q of questions) sourceExams.set(q.id, exam.id);
    if (holdsPrivateQuestions(exam)) for (const q of questions) privateSources.add(q.id);
  } else {
    if (ids.length > MAX_LOOKUP_WITHOUT_EXAM) throw new AppError(400, 'validation_failed');
    // Imported ids locate their file item directly; the rest are found through gsi1 QUESTION#<id>.
    byId = new Map();
    const pairs = ids
      .map((id) => POOL_ID.exec(id))
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => ({ fileId: m[1]!, order: Number(m[2]) }));
    const pooled = await poolQuestionsAt(pairs);
    const files = await getFiles([...new Set(pooled.map((q) => String(q.file_id)))]);
    const visibleFiles = new Set(
      files.filter((f) => f.is_public !== false || f.owner_id === caller.id || isSiteAdmin(caller)).map((f) => f.id),
    );
    const privateFiles = new Set(files.filter(isPrivateFile).map((f) => f.id));
    for (const q of pooled) {
      if (!visibleFiles.has(String(q.file_id))) continue;
      byId.set(q.id, q);
      if (privateFiles.has(String(q.file_id))) privateSources.add(q.id);
    }
    const copies = await findQuestionCopies(ids.filter((id) => !byId.has(id)));
    const examIds = [...new Set([...copies.values()].flat().map((c) => c.examId))];
    const readable = (await getExams(examIds)).filter((e) => canReadExamDirectly(e, caller));
    const visibleExams = new Map(readable.map((e) => [e.id, e]));
    for (const [id, found] of copies) {
      const usable = found.find((c) => visibleExams.has(c.examId));
      if (!usable) continue;
      byId.set(id, usable);
      sourceExams.set(id, usable.examId);
      if (holdsPrivateQuestions(visibleExams.get(usable.examId)!)) privateSources.add(id);
    }
  }
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new AppError(400, 'exam_questions_not_found', { ids: missing.slice(0, 10).join(', ') });
  return {
    questions: ids.map((id) => byId.get(id)!),
    file: null,
    hasPrivateQuestions: ids.some((id) => privateSources.has(id)),
    sourceExams,
  };
}

function fromProblems(problems: NonNullable<CreateInput['parsed_problems']>, language: Language): StoredQuestion[] {
  const now = new Date().toISOString();
  return problems.map((p, i) => {
    return {
      id: newId(),
      csv_id: String(p.id ?? i + 1),
      [`title_${language}`]: p.title,
      [`content_${language}`]: p.title,
      [`answer_${language}`]: 'Y',
      difficulty: normalizeDifficulty(p.difficulty),
      url: p.url || problemUrl(p.title),
      group_id: '',
      created_language: language,
      created_at: now,
    } as StoredQuestion;
  });
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

/**
 * POST /api/create-exam/. Requests: title check 1 GetItem; a file 2–3 GetItems + ceil(n/100)
 * BatchGets of its questions; history 1+ Query of the caller's stats; explicit questions 1 Query
 * of the source exam; then ceil(n/25) BatchWrites + 1 transaction (+1 UpdateItem per tag).
 */
export async function createExam(input: ServiceInput<typeof examCreation.createExam>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const body = input.body;
  const fromQuestions = !!body.questions && body.questions.length > 0;
  // The detail screen's random exam may leave the title blank: the user's daily-quiz title then,
  // suffixed when already taken (docs/product.md#creating-exams).
  const defaultTitle = !(body.title ?? '').trim() && fromQuestions;
  const title = defaultTitle ? dailyQuizTitle(caller.username) : (body.title ?? '').trim();
  if (!title) throw new AppError(400, 'exam_title_required');
  if (!defaultTitle && (await titleTaken(caller.id, nameKey(title))))
    throw new AppError(409, 'exam_title_taken', { title });

  const fileRef = body.file_id || body.file_name || null;
  const wrongOnly = body.wrong_questions_only ?? false;
  let option: RandomOption = body.random_option ?? 'random';
  if (wrongOnly && option === 'random') option = 'wrong_only';
  const difficultyText = (body.difficulty ?? '').trim();
  const difficulty =
    difficultyText && difficultyText.toLowerCase() !== 'all' ? normalizeDifficulty(difficultyText) : null;
  const explicitCount = body.question_count;
  const tags = await tagRefs(withDomainTag(body.tags, await requiredDomainTagId(ctx)));

  let selection: Selection;
  let requested: number;
  if (fromQuestions) {
    const examId =
      body.exam_id === undefined || body.exam_id === null || body.exam_id === '' ? null : String(body.exam_id);
    const listed = await fromList(body.questions ?? [], examId, caller);
    requested = explicitCount ?? listed.questions.length;
    const subset =
      requested < listed.questions.length && body.selection_mode !== 'manual'
        ? sample(listed.questions, requested)
        : listed.questions;
    selection = { ...listed, questions: subset };
    requested = Math.max(requested, subset.length);
  } else if (body.parsed_problems && body.parsed_problems.length > 0) {
    const problems = fromProblems(body.parsed_problems, ctx.language);
    requested = problems.length;
    selection = { questions: problems, file: null, hasPrivateQuestions: false };
  } else if (fileRef) {
    const file = await resolveFile(String(fileRef), caller);
    if (!file) throw new AppError(404, 'file_not_found');
    requested = explicitCount ?? 10;
    selection = await fromFile(file, caller, option, difficulty, requested);
  } else {
    requested = explicitCount ?? 0;
    selection = await fromHistory(caller, option, difficulty, requested);
  }

  const questions = selection.questions;
  // Private unless asked otherwise; public with private questions only when confirmed (nothing written before).
  const isPublic = body.is_public ?? false;
  assertPublicationConfirmed(isPublic, selection.hasPrivateQuestions, body.confirm_private_questions);
  const exam = newExamRecord({
    title,
    language: ctx.language,
    caller,
    questions: questions.length,
    description: body.description,
    isPublic,
    hasPrivateQuestions: selection.hasPrivateQuestions,
    isOriginal: body.is_original ?? body.creation_type !== 'copy',
    file: selection.file ? { id: selection.file.id, name: selection.file.name } : undefined,
    tags,
    forceAnswer: body.force_answer,
    voiceMode: body.voice_mode_enabled,
    aiMockInterview: body.ai_mock_interview,
  });
  const sourceExams = selection.sourceExams;
  await storeExam(exam, questions, {
    derived: defaultTitle,
    ...(sourceExams?.size ? { imagesFrom: (q: StoredQuestion) => sourceExams.get(q.id) } : {}),
  });
  const reduced = questions.length < requested;
  return {
    success: true as const,
    id: exam.id,
    exam: examView(exam, caller, ctx.language),
    message: reduced
      ? errorMessage('exam_created_reduced', ctx.language, { requested, count: questions.length })
      : errorMessage('exam_created', ctx.language, { count: questions.length }),
    requested_count: requested,
    question_count: questions.length,
    reduced,
  };
}
