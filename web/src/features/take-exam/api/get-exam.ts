import { getExam } from '#shared/contracts/exams.js';
import { loadRenderer } from '../../../components/rich-text/index.js';
import { preloadApi, useApi } from '../../../lib/use-api.js';

/** GET /api/exam/{examId}/ — the exam with its questions, flags and the caller's rights. */
export function useExam(examId: string | null) {
  return useApi(getExam, examId ? { params: { examId } } : null, { revalidateOnFocus: false });
}

/** The first questions a learner sees: what the Markdown renderer is fetched for before the screen renders. */
const FIRST_QUESTIONS = 5;

/**
 * The same read, started by the route before the screen's chunk has arrived (app/router.tsx). When the
 * first questions are Markdown, the renderer (and math or highlighting) is fetched the moment the exam
 * arrives, not after the screen has rendered and asked for it (D261).
 */
export function preloadExam(examId: string) {
  void preloadApi(getExam, { params: { examId } }).then((exam) => {
    const texts = (exam?.questions ?? [])
      .slice(0, FIRST_QUESTIONS)
      .filter((question) => question.format === 'markdown')
      .flatMap((question) => [question.content, question.answer, question.explanation])
      .filter((text): text is string => typeof text === 'string' && text !== '');
    if (texts.length > 0) loadRenderer(texts).catch(() => undefined);
  });
}
