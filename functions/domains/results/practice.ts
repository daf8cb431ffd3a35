import type * as contracts from '#shared/contracts/study-progress.js';
import type { SubmittedAnswer } from '#shared/contracts/results.js';
import { badRequest } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { practiceTaskExams, recordPracticeRun } from '../studies/index.js';
import { applyAnswers } from './submit.js';

/**
 * POST /api/save-random-practice-result/ (D299): random practice counts as practice. The run's answers
 * are submits — one per task exam answered, each with the study named, graded on the server by the
 * shared rule (the learner's own verdict kept as an exam answer keeps it) — so each answer is written
 * once, by the one submit path, to: the results list (a result per exam, under the study), the question
 * statistics and their memory state (FSRS, as an exam answer moves it), the review log and the heatmap,
 * and the study's time and progress. Then the run's record (L21). A retry with the same `submission_id`
 * replays the submits already made and changes nothing.
 *
 * DynamoDB requests: the access check and the study's tasks, then one submit per exam answered (each
 * bounded as submit is, docs/architecture.md §2.9 T5), then one PutItem.
 */
export async function saveRandomPracticeResult(
  input: ServiceInput<typeof contracts.saveRandomPracticeResult>,
  ctx: SignedInContext,
) {
  const { body } = input;
  const { studyId, examIds } = await practiceTaskExams(body.study_id, ctx);
  const outside = body.answers.filter((a) => !examIds.has(a.exam_id));
  if (outside.length) throw badRequest('random_practice_unknown_exam', { ids: outside[0]!.exam_id });

  const byExam = new Map<string, SubmittedAnswer[]>();
  for (const { exam_id: examId, ...answer } of body.answers) {
    const answers = byExam.get(examId) ?? [];
    answers.push({ ...answer, elapsed_seconds: 0 });
    byExam.set(examId, answers);
  }
  const perAnswer = body.answers.length ? body.elapsed_seconds / body.answers.length : 0;
  let counted = 0;
  let correct = 0;
  const resultIds: string[] = [];
  // One exam after another: each is a whole submit, so a failure leaves earlier ones done and a retry finishes.
  for (const [examId, answers] of byExam) {
    const applied = await applyAnswers({
      kind: 'submit',
      caller: ctx.caller.user,
      language: ctx.language,
      examId,
      answers,
      elapsedSeconds: Math.round(perAnswer * answers.length),
      submissionId: body.submission_id ? `practice-${body.submission_id}-${examId}` : undefined,
      studyId,
    });
    counted += applied.result.answered_count;
    correct += applied.result.correct_count;
    resultIds.push(applied.result_id);
  }
  const run = body.answers.length
    ? { correct, total: Math.max(body.total_questions, counted) }
    : { correct: body.correct_count, total: body.total_questions };
  const { id, accuracy } = await recordPracticeRun(ctx.caller.user.id, {
    studyId,
    ...run,
    elapsedSeconds: body.elapsed_seconds,
    now: new Date(),
  });
  return {
    success: true as const,
    id,
    accuracy,
    counted,
    correct_count: run.correct,
    result_ids: resultIds,
  };
}
