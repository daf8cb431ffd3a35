import type * as contracts from '#shared/contracts/questions.js';
import { MAX_EXAM_QUESTIONS } from '#shared/contracts/exam-schemas.js';
import { clozeAnswerText, clozeNumbers, clozeQuestion, hasCloze } from '#shared/domain/cloze.js';
import { clozeCardNumbers } from '#shared/domain/cloze-note-edit.js';
import { normalizeDifficulty } from '#shared/domain/difficulty.js';
import { pickLocalized, type Language } from '#shared/domain/language.js';
import { cleanUrl } from '#shared/domain/question-url.js';
import { textFormat } from '#shared/domain/rich-text.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext, CallerUser } from '../../runtime/http/types.js';
import { readableExam, canEditExam, canReadExam } from './visibility.js';
import { getExamWithQuestions, type ExamRecord, type StoredQuestion } from './exam-store.js';
import { questionView } from './exam-views.js';
import { highestPosition, reservePositions } from './exam-question-store.js';
import { sweepEditedQuestionImages, sweepQuestionImages } from './question-images.js';
import { applyNoteEdit, noteSiblings } from './cloze-note-edit.js';
import { noteKey } from './cloze-siblings.js';
import { examQuestionEntity } from './entities/exam-question.js';
import type { StoredItem } from '../../runtime/data/item.js';
import {
  ExamFullError,
  QuestionGoneError,
  deleteQuestionCopy,
  findQuestionInExam,
  findQuestionItemInExam,
  insertQuestionCopy,
  saveQuestionCopy,
} from './exam-question-store.js';

/**
 * Question edits inside one exam (docs/product.md#exam-management; docs/architecture.md E19, E20): the copy
 * `EXAM#<examId>`/`Q#<position>` only — copies of the same question in other exams (often other
 * people's) are never touched. Rights: canEditExam (site admin, creator, study admin hook);
 * 404 when the caller cannot read the exam, 403 when they can only read it.
 */

const TEXT_FIELDS = ['title', 'content', 'answer', 'explanation'] as const;
const REQUIRED_FIELDS = ['title', 'content', 'answer'] as const;

type QuestionForm = Partial<ServiceInput<typeof contracts.addQuestion>['body']> & Record<string, unknown>;

async function assertEditable(exam: ExamRecord, caller: CallerUser): Promise<void> {
  if (!(await canEditExam(exam, caller))) throw new AppError(403, 'question_forbidden');
}

/**
 * Applies a form to a stored question: `title`/`content`/`answer`/`explanation` land in the
 * caller's language fields, explicit `<field>_ko`/`<field>_en` values are taken as given.
 * Pure; throws 400 `question_required_fields` when title, content or answer end up blank.
 */
export function applyQuestionForm(before: StoredQuestion, form: QuestionForm, language: Language): StoredQuestion {
  const after: Record<string, unknown> = { ...before };
  for (const field of TEXT_FIELDS) {
    for (const lang of ['ko', 'en'] as const) {
      const explicit = form[`${field}_${lang}`];
      if (typeof explicit === 'string') after[`${field}_${lang}`] = explicit.trim();
    }
    const value = form[field];
    if (typeof value === 'string') after[`${field}_${language}`] = value.trim();
  }
  if (form.difficulty !== undefined) after.difficulty = normalizeDifficulty(form.difficulty);
  if (form.url !== undefined) after.url = cleanUrl(form.url);
  if (form.csv_id !== undefined) after.csv_id = String(form.csv_id).trim();
  if (form.group_id !== undefined) after.group_id = String(form.group_id).trim();
  if (form.format !== undefined) after.format = textFormat(form.format);
  asClozeCard(after, form, language);
  for (const field of REQUIRED_FIELDS) {
    if (pickLocalized(after, field, language).trim() === '') throw new AppError(400, 'question_required_fields');
  }
  return after as StoredQuestion;
}

/**
 * A form whose content holds gaps makes the question a cloze card (D370): the note is kept whole and
 * the content and answer become card `cloze`'s (the card's own number, else the form's, else the
 * note's first that makes a card) — computed here, never taken from the client. Content without gaps
 * makes it an ordinary question again. What happens to the note's other cards is D455's.
 */
function asClozeCard(after: Record<string, unknown>, form: QuestionForm, language: Language): void {
  if (typeof form.content !== 'string') return;
  const note = form.content.trim();
  if (!hasCloze(note)) {
    delete after.cloze;
    delete after.cloze_note;
    return;
  }
  const format = textFormat(after.format);
  const numbers = clozeCardNumbers(note, format);
  const wanted = Number(after.cloze ?? form.cloze);
  const number = numbers.includes(wanted) ? wanted : (numbers[0] ?? clozeNumbers(note)[0]!);
  after.cloze = number;
  after.cloze_note = note;
  after[`content_${language}`] = clozeQuestion(note, number, format);
  after[`answer_${language}`] = clozeAnswerText(note, number, format);
}

/** The highest numeric csv_id of the exam plus one (1 for an exam without numeric ids). */
export function nextCsvId(questions: StoredQuestion[]): string {
  let highest = 0;
  for (const q of questions) {
    const n = Number(String(q.csv_id ?? '').trim());
    if (Number.isFinite(n) && String(q.csv_id ?? '').trim() !== '' && n > highest) highest = Math.floor(n);
  }
  return String(highest + 1);
}

/**
 * PATCH /api/questions/{id}/update/: GetItem EXAM + gsi1 Query + GetItem copy + PutItem (conditional);
 * an edit that drops an image + 1 E1 read and a DELETE per image no other question uses. A cloze
 * card's edit edits its note (D455): + gsi2 Query + BatchGetItem (its cards), + Query + UpdateItem
 * when a gap is added, and one transaction for every card instead of the PutItem.
 */
export async function updateQuestion(input: ServiceInput<typeof contracts.updateQuestion>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const exam = await readableExam(input.body.exam_id, caller);
  await assertEditable(exam, caller);
  const item = await findQuestionItemInExam(exam.id, input.params.id);
  if (!item) throw new AppError(404, 'question_not_found');
  const current = examQuestionEntity.parse(item);
  const after = applyQuestionForm(current, input.body as QuestionForm, ctx.language);
  if (noteKey(current) !== null || noteKey(after) !== null) return editNote(exam.id, item, current, after, ctx);
  try {
    const saved = await saveQuestionCopy(exam.id, Number(current.order), after);
    // An image the edit dropped goes once no question of the exam uses it (D179).
    await sweepEditedQuestionImages(exam.id, current, after);
    return questionView(saved as StoredQuestion, ctx.language);
  } catch (error) {
    if (error instanceof QuestionGoneError) throw new AppError(404, 'question_not_found');
    throw error;
  }
}

/** A cloze card's edit (D455): the note's cards follow it; removed cards' unused images go (D179). */
async function editNote(
  examId: string,
  item: StoredItem,
  current: StoredQuestion,
  after: StoredQuestion,
  ctx: SignedInContext,
) {
  const { siblings, indexed } = await noteSiblings(examId, item);
  const shown = await applyNoteEdit({
    examId,
    before: current,
    after,
    siblings,
    language: ctx.language,
    reindex: !indexed,
  });
  // An image the edit dropped from the note goes once no question of the exam uses it (D179); the
  // note's other cards held the same note, so the edited card tells which.
  await sweepEditedQuestionImages(examId, current, after);
  return questionView(shown ?? after, ctx.language);
}

/**
 * POST /api/exam/{examId}/add-question/: 1 Query of the exam partition (rights, cap, next
 * csv_id, highest position) → 1 UpdateItem reserving a position on the `QSEQ` counter →
 * 1 transaction (Put `Q#<pos>`, `ADD total_questions 1` under the cap).
 */
export async function addQuestion(input: ServiceInput<typeof contracts.addQuestion>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const examId = input.params.examId;
  const { exam, questions } = GENERATED_ID.test(examId)
    ? await getExamWithQuestions(examId)
    : { exam: null, questions: [] };
  if (!exam || !(await canReadExam(exam, caller))) throw new AppError(404, 'exam_not_found');
  await assertEditable(exam, caller);
  if (questions.length >= MAX_EXAM_QUESTIONS)
    throw new AppError(400, 'exam_question_limit', { max: MAX_EXAM_QUESTIONS });
  const lang = ctx.language;
  const form = input.body as QuestionForm;
  const draft = applyQuestionForm(
    {
      id: '',
      csv_id:
        form.csv_id !== undefined && String(form.csv_id).trim() !== ''
          ? String(form.csv_id).trim()
          : nextCsvId(questions),
      difficulty: 'Medium',
      url: '',
      group_id: '',
      created_language: lang,
      created_at: new Date().toISOString(),
    },
    {
      ...form,
      csv_id: undefined,
      difficulty: form.difficulty === undefined || String(form.difficulty).trim() === '' ? undefined : form.difficulty,
    },
    lang,
  );
  const [position] = await reservePositions(exam.id, highestPosition(questions), 1);
  const question = { ...draft, id: `${exam.id}-${position!}` };
  try {
    const saved = await insertQuestionCopy(exam.id, position!, question);
    return questionView(saved as StoredQuestion, lang);
  } catch (error) {
    if (error instanceof ExamFullError) throw new AppError(400, 'exam_question_limit', { max: MAX_EXAM_QUESTIONS });
    throw error;
  }
}

/** DELETE /api/questions/{id}/?exam_id=: GetItem EXAM + gsi1 Query + GetItem copy + 1 transaction. */
export async function deleteQuestion(input: ServiceInput<typeof contracts.deleteQuestion>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const exam = await readableExam(input.query.exam_id, caller);
  await assertEditable(exam, caller);
  const current = await findQuestionInExam(exam.id, input.params.id);
  if (!current) throw new AppError(404, 'question_not_found');
  try {
    await deleteQuestionCopy(exam.id, Number(current.order), current.id);
  } catch (error) {
    if (error instanceof QuestionGoneError) throw new AppError(404, 'question_not_found');
    throw error;
  }
  // Only a question with images reads the rest of the exam (E1) to see which are still used.
  await sweepQuestionImages(exam.id, [current], async () => (await getExamWithQuestions(exam.id)).questions);
  return { success: true as const, message: errorMessage('question_deleted', ctx.language) };
}
