import { RENDERED_QUESTIONS, type ExamQuestion, type RenderedText } from '#shared/contracts/exam-schemas.js';
import { shownTexts } from '#shared/domain/input-form.js';
import type { Logger } from '../../runtime/log.js';

/**
 * The exam read's `rendered` (D263): HTML of the Markdown texts the first questions show (a choice
 * question's text without its choices, the answer, the explanation), so take-exam paints them without
 * fetching the renderer. Bounded by RENDERED_QUESTIONS, not by the exam's size: the read's CPU and
 * answer stay the same for a 2,000-question exam. A text that fails to render is left out; the
 * browser renders it itself.
 */
export async function renderedTexts(questions: readonly ExamQuestion[], log: Logger): Promise<RenderedText[]> {
  const texts = new Set<string>();
  for (const question of questions.slice(0, RENDERED_QUESTIONS)) {
    if (question.format === 'markdown') for (const text of shownTexts(question)) texts.add(text);
  }
  if (texts.size === 0) return [];
  const { markdownHtml } = await import('./markdown-html.js');
  const rendered: RenderedText[] = [];
  for (const text of texts) {
    try {
      rendered.push({ text, html: markdownHtml(text) });
    } catch (error) {
      log.warn('markdown text not rendered', { error: String(error) });
    }
  }
  return rendered;
}
