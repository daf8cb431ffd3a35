import type * as examSheets from '#shared/contracts/exam-sheets.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { AppError } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { Reply } from '../../runtime/http/reply.js';
import type { CallerUser, SignedInContext } from '../../runtime/http/types.js';
import type { Language } from '#shared/domain/language.js';
import type { ExportFormat } from '#shared/domain/question-sheet.js';
import {
  EXPORT_CONTENT_TYPES,
  exportFileName,
  exportQuestions,
  exportReply,
  exportedQuestion,
  type BackgroundExportSpec,
} from '../files/sheets.js';
import { getCallerUser } from '../users/index.js';
import { getExamWithQuestions } from './exam-store.js';
import { canReadExam } from './visibility.js';

/** The exam and its questions in order, if `caller` may read it (null otherwise, as the exam detail). */
async function readableExam(examId: string, caller: CallerUser) {
  const { exam, questions } = GENERATED_ID.test(examId)
    ? await getExamWithQuestions(examId)
    : { exam: null, questions: [] };
  return exam && (await canReadExam(exam, caller)) ? { exam, questions } : null;
}

function buildExamExport(
  found: NonNullable<Awaited<ReturnType<typeof readableExam>>>,
  language: Language,
  format: ExportFormat,
) {
  const rows = found.questions.map((q) => exportedQuestion(q, language));
  return exportQuestions(rows, language, format, found.exam.title);
}

/**
 * GET /api/exam/{examId}/export/: the exam's questions in order as xlsx, csv or Anki txt, for
 * anyone who may read the exam (404 otherwise, as the exam detail). One Query (exam and its
 * questions, E1) plus what the read rule needs for a study-linked private exam.
 */
export async function exportExamQuestions(
  input: ServiceInput<typeof examSheets.exportExamQuestions>,
  ctx: SignedInContext,
): Promise<Reply> {
  const found = await readableExam(input.params.examId, ctx.caller.user);
  if (!found) throw new AppError(404, 'exam_not_found');
  const { bytes, fileName, contentType } = buildExamExport(found, ctx.language, input.query.format);
  return exportReply(bytes, fileName, contentType);
}

/** POST /api/exam/{examId}/export/ (D198): the background job's input, for whoever may read the exam (404 otherwise). */
export async function examExportJob(
  input: ServiceInput<typeof examSheets.startExamExport>,
  ctx: SignedInContext,
): Promise<BackgroundExportSpec> {
  const found = await readableExam(input.params.examId, ctx.caller.user);
  if (!found) throw new AppError(404, 'exam_not_found');
  const { format } = input.query;
  return {
    fileName: exportFileName(found.exam.title, format),
    contentType: EXPORT_CONTENT_TYPES[format],
    params: { exam_id: found.exam.id, format, language: ctx.language },
  };
}

/** The background build of an exam export; the user must still be able to read the exam. */
export async function buildExamExportJob(userId: string, params: Record<string, string>): Promise<Uint8Array> {
  const user = await getCallerUser(userId);
  // canReadExam reads only the caller's id and roles, which the stored user carries.
  const found = user && params.exam_id ? await readableExam(params.exam_id, user) : null;
  if (!found) throw new AppError(404, 'exam_not_found');
  const language = params.language === 'en' ? 'en' : 'ko';
  return buildExamExport(found, language, params.format as ExportFormat).bytes;
}
