import type * as examCreation from '#shared/contracts/exam-creation.js';
import { normalizeDifficulty } from '#shared/domain/difficulty.js';
import type { Language } from '#shared/domain/language.js';
import { problemUrl } from '#shared/domain/problem-parser.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { newId } from '../../runtime/data/ids.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { CallerUser } from '../../runtime/http/types.js';
import { getFiles, poolQuestionsAt } from '../files/index.js';
import { getExamWithQuestions, getExams, type StoredQuestion } from './exam-store.js';
import { findQuestionCopies } from './question-copy-store.js';
import { POOL_ID, holdsPrivateQuestions, isPrivateFile, type Selection } from './question-selection.js';
import { canReadExam, canReadExamDirectly } from './visibility.js';

/** Questions a new exam is given explicitly: named questions (of an exam or anywhere), or parsed problems. */

type ParsedProblems = NonNullable<ServiceInput<typeof examCreation.createExam>['body']['parsed_problems']>;

/** Questions named without their exam are looked up one by one: at most this many. */
const MAX_LOOKUP_WITHOUT_EXAM = 500;

function refId(ref: unknown): string {
  if (typeof ref === 'object' && ref !== null) return String((ref as { id: unknown }).id);
  return String(ref);
}

/** Explicit questions: from the named exam (copy), else each found through the question index. */
export async function selectListedQuestions(
  refs: unknown[],
  examId: string | null,
  caller: CallerUser,
): Promise<Selection> {
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

/** Parsed problems (title, difficulty, url) as questions in the caller's language. */
export function problemQuestions(problems: ParsedProblems, language: Language): StoredQuestion[] {
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
