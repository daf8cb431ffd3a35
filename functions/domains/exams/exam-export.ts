import type * as examSheets from '#shared/contracts/exam-sheets.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { Reply } from '../../runtime/http/reply.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { exportQuestions, exportReply, exportedQuestion } from '../files/sheets.js';
import { getExamWithQuestions } from './exam-store.js';
import { canReadExam } from './visibility.js';

/**
 * GET /api/exam/{examId}/export/: the exam's questions in order as xlsx, csv or Anki txt, for
 * anyone who may read the exam (404 otherwise, as the exam detail). One Query (exam and its
 * questions, E1) plus what the read rule needs for a study-linked private exam.
 */
export async function exportExamQuestions(
  input: ServiceInput<typeof examSheets.exportExamQuestions>,
  ctx: SignedInContext,
): Promise<Reply> {
  const { exam, questions } = GENERATED_ID.test(input.params.examId)
    ? await getExamWithQuestions(input.params.examId)
    : { exam: null, questions: [] };
  if (!exam || !(await canReadExam(exam, ctx.caller.user))) throw new AppError(404, 'exam_not_found');
  const rows = questions.map((q) => exportedQuestion(q, ctx.language));
  const { bytes, fileName, contentType } = exportQuestions(rows, ctx.language, input.query.format, exam.title);
  return exportReply(bytes, fileName, contentType);
}
