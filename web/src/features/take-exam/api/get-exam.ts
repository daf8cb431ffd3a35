import { getExam } from '#shared/contracts/exams.js';
import { RENDERED_QUESTIONS, type Exam } from '#shared/contracts/exam-schemas.js';
import { shownTexts } from '#shared/domain/input-form.js';
import { loadRenderer, loadSanitizer, preloadImages, seedRendered } from '../../../components/rich-text/index.js';
import { readWholeExam } from '../utils/whole-exam.js';
import { preloadApi, useApi } from '../../../lib/use-api.js';

/** GET /api/exam/{examId}/ — the exam with its questions, flags and the caller's rights. */
export function useExam(examId: string | null) {
  return useApi(
    getExam,
    examId ? { params: { examId } } : null,
    {
      revalidateOnFocus: false,
      // A read after an edit answers the first questions rendered again (D263).
      onSuccess: (exam) => void seedRendered(exam.rendered ?? []),
    },
    readWholeExam,
  );
}

/**
 * The same read, started by the route before the screen's chunk has arrived (app/router.tsx). The
 * server answers the first questions' Markdown rendered (D263): the sanitizer is fetched beside the
 * read and takes them in the moment it answers. Markdown it did not render among the first questions
 * has the renderer (and math or highlighting) fetched at once, not after the screen has asked (D261).
 */
export function preloadExam(examId: string) {
  loadSanitizer().catch(() => undefined);
  void preloadApi(getExam, { params: { examId } }, readWholeExam).then((exam) => {
    if (!exam) return;
    void seedRendered(exam.rendered ?? []);
    const first = firstQuestionHtml(exam);
    if (first) preloadImages(first);
    const texts = unrenderedTexts(exam);
    if (texts.length > 0) loadRenderer(texts).catch(() => undefined);
  });
}

/** The first question's text as the server rendered it: its image is what take-exam paints largest. */
function firstQuestionHtml(exam: Exam): string | undefined {
  const first = exam.questions?.[0];
  if (first?.format !== 'markdown') return undefined;
  const [shown] = shownTexts(first);
  return exam.rendered?.find(({ text }) => text === shown)?.html;
}

function unrenderedTexts(exam: Exam): string[] {
  const done = new Set((exam.rendered ?? []).map(({ text }) => text));
  return (exam.questions ?? [])
    .slice(0, RENDERED_QUESTIONS)
    .filter((question) => question.format === 'markdown')
    .flatMap(shownTexts)
    .filter((text) => !done.has(text));
}
