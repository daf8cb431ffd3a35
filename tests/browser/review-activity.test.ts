import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { VIEWPORTS } from '../support/browser.js';
import { fitsPhone, go, pageApi, registerThroughForm, shotFromTop, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';
import { KO_HEADER, questionRows, xlsxBytes } from '../support/sheets.js';

const { stamp, visit } = useBrowser();
const PASSWORD = 'Review-activity-1';

/** serious/critical axe findings inside `selector`. */
async function axeIn(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
}

/** A private three-question exam of the signed-in user, answered once through the API (3 reviews today). */
async function answerThreeQuestions(page: Page, label: string): Promise<void> {
  const bytes = [...xlsxBytes([KO_HEADER, ...questionRows(3)])];
  const fileId = await page.evaluate(
    async ({ bytes, name }) => {
      const token = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const form = new FormData();
      form.append('is_public', 'false');
      form.append('file', new File([new Uint8Array(bytes)], name));
      const response = await fetch('/api/upload-questions/', {
        method: 'POST',
        body: form,
        credentials: 'include',
        headers: { 'X-CSRFToken': decodeURIComponent(token) },
      });
      return ((await response.json()) as { file: { id: string } }).file.id;
    },
    { bytes, name: `activity-${label}-${stamp}.xlsx` },
  );
  const exam = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
    title: `Activity ${label} ${stamp}`,
    file_id: fileId,
    question_count: 3,
  });
  expect(exam.status).toBe(200);
  const questions = await pageApi<{ id: string; answer: string }[]>(
    page,
    'GET',
    `/api/exam/${exam.body.id}/questions/`,
  );
  // Subscribed, so its cards are in the Review screen's queue (the due rule's sources, D298).
  const subscribed = await pageApi(page, 'POST', '/api/exam-subscription/bulk-toggle/', {
    exam_ids: [exam.body.id],
    action: 'subscribe',
  });
  expect(subscribed.status).toBe(200);
  const submitted = await pageApi(page, 'POST', '/api/submit-exam/', {
    exam_id: exam.body.id,
    answers: questions.body.map((question) => ({ question_id: question.id, answer: question.answer })),
    elapsed_seconds: 30,
  });
  expect(submitted.status).toBe(200);
}

/** The due rule's phrases (D298) as home and the profile both write them. */
function duePhrases(language: 'ko' | 'en', due: { due: number; learning: number; learning_now: number; new: number }) {
  return language === 'ko'
    ? [`학습 중 ${due.learning}문제(지금 ${due.learning_now}문제)`, `새 문제 ${due.new}문제`]
    : [`${due.learning} learning (${due.learning_now} ready now)`, `${due.new} new card${due.new === 1 ? '' : 's'}`];
}

const TEXT = {
  ko: { streak: '1일', total: '3문제', summary: '지난 365일 중 1일 동안 모두 3문제를 복습했습니다.' },
  en: { streak: '1 day', total: '3 reviews', summary: 'You reviewed 3 questions on 1 of the last 365 days.' },
} as const;

describe.each(['ko', 'en'] as const)('review history on the profile (%s)', (language) => {
  test("today's reviews in the heatmap and the streak, the forecast, at desktop and 390 px, axe-clean", async () => {
    const locale = language === 'ko' ? 'ko-KR' : 'en-US';
    const { page, errors, close } = await visit('/', { locale, viewport: 'desktop', storage: { language } });
    await registerThroughForm(page, `ra${language}${stamp}`, 'Reviewer', PASSWORD);
    await answerThreeQuestions(page, language);

    // One due rule (D298): home, the profile and the Review screen say the same counts.
    const summary = await pageApi<{ due: number; learning: number; learning_now: number; new: number }>(
      page,
      'GET',
      '/api/due-today/',
    );
    expect(summary.body.learning).toBe(3);
    await go(page, '/');
    const home = page.getByTestId('home-due-today-count');
    await home.waitFor();
    for (const phrase of duePhrases(language, summary.body)) expect(await home.textContent()).toContain(phrase);

    await go(page, '/profile');
    const section = page.getByTestId('profile-review-activity');
    const todayLine = section.getByTestId('forecast-today');
    await todayLine.waitFor();
    for (const phrase of duePhrases(language, summary.body)) expect(await todayLine.textContent()).toContain(phrase);
    expect(await section.getByTestId('forecast-summary').textContent()).toContain(
      language === 'ko' ? `오늘 ${summary.body.due}문제` : `${summary.body.due} due today`,
    );
    await section.getByTestId('review-heatmap').waitFor();
    expect(await section.getByTestId('current-streak').textContent()).toBe(TEXT[language].streak);
    expect(await section.getByTestId('longest-streak').textContent()).toBe(TEXT[language].streak);
    expect(await section.getByTestId('total-reviews').textContent()).toBe(TEXT[language].total);
    expect(await section.getByTestId('heatmap-summary').textContent()).toBe(TEXT[language].summary);
    // One square per day of the year, today's holding the three reviews.
    const today = await section.locator('rect[data-count="3"]').getAttribute('data-date');
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await section.locator('rect[data-date]').count()).toBeGreaterThanOrEqual(365);
    await section.getByTestId('due-forecast').locator('.recharts-surface').waitFor();
    // Fewer reviews than a fit needs: the fit is not offered, and the reason is said (D302).
    expect(await page.getByTestId('memory-fit-button').isDisabled()).toBe(true);
    expect(await page.getByTestId('memory-fit-need-more').textContent()).toMatch(
      language === 'ko'
        ? /^복습이 60개 쌓이면 맞출 수 있습니다\. 지금까지 \d+개입니다\.$/
        : /^A fit needs 60 reviews; you have \d+ so far\.$/,
    );
    expect(await axeIn(page, '[data-testid="profile-review-activity"]')).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/review-activity-${language}-desktop.png` });

    await page.setViewportSize(VIEWPORTS.phone);
    await expect.poll(() => section.locator('rect[data-date]').count()).toBeLessThan(200); // the last 26 weeks
    await fitsPhone(page);
    expect(await axeIn(page, '[data-testid="profile-review-activity"]')).toEqual([]);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/screenshots/review-activity-${language}-phone.png` });
    await shotFromTop(page, `review-activity-profile-${language}-phone`);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
