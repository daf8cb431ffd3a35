import { pickLocalized, type Language } from '#shared/domain/language.js';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/browser-axe.js';
import { VIEWPORTS } from '../support/browser.js';
import { fitsWidth, go, logIn, pageApi, registerThroughForm, shotFromTop, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

/**
 * Issue 23 items 8 and 9 and the smaller findings: reading questions with their answers (exam
 * detail, the result review), and the exam detail's tools at 390 px — in Korean and English, at
 * desktop and 390 px, axe-clean, with screenshots.
 */
const { stamp, visit } = useBrowser();
const PASSWORD = 'reading-pass-42';

interface Question {
  [field: string]: unknown;
  id: string;
  title?: string;
  content?: string;
  answer?: string;
  answer_en?: string;
  answer_ko?: string;
}

const CASES = [
  { locale: 'ko-KR', language: 'ko', phone: false },
  { locale: 'en-US', language: 'en', phone: true },
  { locale: 'ko-KR', language: 'ko', phone: true },
  { locale: 'en-US', language: 'en', phone: false },
] as const;
const label = (c: (typeof CASES)[number]) => `${c.language}-${c.phone ? 'phone' : 'desktop'}`;

async function signIn(c: (typeof CASES)[number], username: string) {
  const opened = await visit('/login', { locale: c.locale, storage: { language: c.language } });
  if (c.phone) await opened.page.setViewportSize(VIEWPORTS.phone);
  await logIn(opened.page, username, PASSWORD);
  return opened;
}

const answerOf = (question: Question) => question.answer || question.answer_en || question.answer_ko || '';
/** A question's text as a screen in `language` shows it. */
const shown = (question: Question, field: string, language: Language) => pickLocalized(question as unknown as Record<string, unknown>, field, language);

describe('reading questions with their answers', () => {
  const username = `read${stamp}`;
  let examId = '';
  let questions: Question[] = [];
  let resultId = '';

  test('setup: an exam of 4 questions, one sitting with one mistake', async () => {
    const { page, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await registerThroughForm(page, username, '읽기', PASSWORD);
    const created = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
      title: `읽기 시험 ${stamp}`,
      file_name: 'devops-kubernetes-basics.xlsx',
      question_count: 4,
      is_public: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    examId = created.body.id;
    questions = (await pageApi<{ questions: Question[] }>(page, 'GET', `/api/exam/${examId}/`)).body.questions;
    const answers = questions.map((question, i) => ({ question_id: question.id, answer: i === 0 ? 'no idea at all' : answerOf(question), elapsed_seconds: 4 }));
    const sent = await pageApi<{ result_id: string }>(page, 'POST', '/api/submit-exam/', { exam_id: examId, answers, elapsed_seconds: 20, submission_id: `read-${stamp}` });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    resultId = sent.body.result_id;
    await close();
  });

  for (const c of CASES) {
    test(`exam detail shows each question's text and, on demand, its answer (${label(c)})`, async () => {
      const { page, errors, close } = await signIn(c, username);
      await go(page, `/exam-detail/${examId}`);
      await page.getByTestId('question-table').waitFor();
      const row = page.locator('[data-testid="question-row"]').first();
      const id = (await row.getAttribute('data-question-id')) ?? '';
      const question = questions.find((q) => q.id === id)!;
      await expect.poll(() => row.getByTestId('question-content').textContent()).toBe(shown(question, 'content', c.language));
      // Answers stay hidden until asked for: one question, then the whole list.
      expect(await page.getByTestId('question-answer').count()).toBe(0);
      await row.getByTestId('question-reveal').click();
      expect(await row.getByTestId('question-reveal').getAttribute('aria-expanded')).toBe('true');
      expect(await row.getByTestId('question-answer').textContent()).toBe(shown(question, 'answer', c.language));
      expect(await page.getByTestId('question-answer').count()).toBe(1);
      await page.getByTestId('detail-show-answers').click();
      expect(await page.getByTestId('detail-show-answers').getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => page.getByTestId('question-answer').count()).toBe(4);
      await page.getByTestId('detail-show-answers').click();
      await expect.poll(() => page.getByTestId('question-answer').count()).toBe(0);
      await row.getByTestId('question-reveal').click();

      if (c.phone) {
        await fitsWidth(page, VIEWPORTS.phone.width);
        // The list starts within the first screen: tools and filters fold on phones.
        const top = await page.getByTestId('question-table').evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
        expect(top).toBeLessThan(VIEWPORTS.phone.height);
        expect(await page.getByTestId('detail-tools').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
        expect(await page.getByTestId('detail-filters').evaluate((el) => (el as HTMLDetailsElement).open)).toBe(false);
        await page.getByTestId('detail-filters').locator('summary').click();
        await page.getByTestId('filter-difficultyFilter').waitFor();
        // The Manage menu opens inside the screen, every item whole.
        await page.getByTestId('detail-admin-menu').locator('summary').click();
        const items = page.getByTestId('detail-admin-menu').locator('button');
        await items.first().waitFor();
        for (const box of await items.evaluateAll((list) => list.map((el) => el.getBoundingClientRect().toJSON() as DOMRect))) {
          expect(box.left).toBeGreaterThanOrEqual(0);
          expect(box.right).toBeLessThanOrEqual(VIEWPORTS.phone.width);
        }
        await fitsWidth(page, VIEWPORTS.phone.width);
        await shotFromTop(page, `read-exam-detail-menu-${label(c)}`);
        await page.getByTestId('detail-admin-menu').locator('summary').click();
      }
      await shotFromTop(page, `read-exam-detail-${label(c)}`);
      expect(await seriousViolations(page)).toEqual([]);

      // The result review: the question's text beside the learner's answer and the right one.
      await go(page, `/results/${resultId}`);
      const review = page.getByTestId('result-review-entry');
      await review.first().waitFor();
      expect(await page.getByTestId('result-review-mistakes').getAttribute('aria-pressed')).toBe('true');
      expect(await review.count()).toBe(1);
      const missed = questions[0]!;
      const entry = page.locator(`[data-testid="result-review-entry"][data-question-id="${missed.id}"]`);
      expect(await entry.getByTestId('result-review-text').textContent()).toBe(shown(missed, 'content', c.language));
      expect(await entry.getByTestId('result-review-your-answer').textContent()).toBe('no idea at all');
      expect(await entry.getByTestId('result-review-correct-answer').textContent()).toBe(shown(missed, 'answer', c.language));
      await page.getByTestId('result-review-all').click();
      await expect.poll(() => review.count()).toBe(4);
      expect(await page.locator('[data-testid="result-review-entry"][data-verdict="correct"]').count()).toBe(3);
      if (c.phone) await fitsWidth(page, VIEWPORTS.phone.width);
      await shotFromTop(page, `read-result-review-${label(c)}`);
      expect(await seriousViolations(page)).toEqual([]);
      expect(unexpected(errors)).toEqual([]);
      await close();
    });
  }
});
