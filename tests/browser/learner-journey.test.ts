import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, VIEWPORTS } from '../support/browser.js';
import { fitsPhone, go, registerThroughForm, shotFromTop, toast, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';
import { EN_HEADER, xlsxBytes } from '../support/sheets.js';

/**
 * Issue 14's learner journey, end to end: register → upload → create → take (a typed wrong answer
 * shows the verdict and the correct answer) → End (the summary, where returnTo says) → the
 * mistakes review → retry the wrong ones → results → profile. Once in English on the desktop and
 * once in Korean at 390 px; toasts cover no control, and no screen scrolls sideways on the phone.
 */
const { baseUrl, stamp, visit } = useBrowser();
const PASSWORD = 'correct-horse-42';

const QUESTIONS = [
  ['1', 'First letter', 'Which Greek letter comes first?', 'alpha', 'The alphabet is named after alpha and beta.'],
  ['2', 'Second letter', 'Which Greek letter comes second?', 'beta', 'Beta follows alpha.'],
  ['3', 'Third letter', 'Which Greek letter comes third?', 'gamma', 'Gamma is the third letter.'],
];

const CONTROLS = 'button, a[href], input, select, textarea, summary, [role="button"], [tabindex]:not([tabindex="-1"])';

/**
 * Marks the controls the learner sees right now: wholly inside the viewport, below the navbar,
 * under no toast. These are the ones a new toast must leave uncovered (a control half scrolled
 * out of view may go under the toast strip, as it would under a pinned navbar).
 */
async function markControlsInView(page: Page): Promise<void> {
  await page.evaluate((selector) => {
    const toasts = [...document.querySelectorAll('[data-toast-type]')].map((el) => el.getBoundingClientRect());
    const top = Math.max(0, document.querySelector('[data-testid="navbar"]')!.getBoundingClientRect().bottom);
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const rect = el.getBoundingClientRect();
      const inView =
        rect.width > 0 &&
        rect.height > 0 &&
        rect.top >= top &&
        rect.bottom <= innerHeight &&
        rect.left >= 0 &&
        rect.right <= innerWidth;
      const covered = toasts.some(
        (box) => rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top,
      );
      el.toggleAttribute('data-in-view', inView && !covered && !el.closest('[data-toast-type]'));
    }
  }, CONTROLS);
}

/**
 * The controls matching `selector` that a shown toast lies over: their boxes intersect and, where
 * that is on screen, the toast is what shows there (a toast scrolled under the pinned navbar lies
 * beneath the navbar's links, not over them).
 */
async function toastOverlaps(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const toasts = [...document.querySelectorAll('[data-toast-type]')].map((el) => el.getBoundingClientRect());
    const onTop = (x: number, y: number) => {
      const shown = document.elementFromPoint(x, y);
      return shown === null || shown.closest('[data-toast-type]') !== null;
    };
    const found: string[] = [];
    for (const control of document.querySelectorAll<HTMLElement>(selector)) {
      if (control.closest('[data-toast-type]')) continue;
      const rect = control.getBoundingClientRect();
      for (const box of toasts) {
        const x = (Math.max(rect.left, box.left) + Math.min(rect.right, box.right)) / 2;
        const y = (Math.max(rect.top, box.top) + Math.min(rect.bottom, box.bottom)) / 2;
        if (
          rect.left < box.right &&
          rect.right > box.left &&
          rect.top < box.bottom &&
          rect.bottom > box.top &&
          onTop(x, y)
        ) {
          found.push(
            `${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 30)}" at ${Math.round(rect.top)}-${Math.round(rect.bottom)}, toast ${Math.round(box.top)}-${Math.round(box.bottom)}`,
          );
        }
      }
    }
    return found;
  }, selector);
}

/**
 * Runs `action`, which shows a toast, and checks that the toast covers no control that was in
 * view; then scrolls the page a little (the learner reading on) and checks that no toast lies
 * over any control at all, wherever it is.
 */
async function expectToastCoversNothing(
  page: Page,
  action: () => Promise<void>,
  toastShown: () => Promise<void>,
  shot: string,
) {
  await markControlsInView(page);
  await action();
  await toastShown();
  await page.waitForTimeout(250); // the entry animation
  const found = await toastOverlaps(page, '[data-in-view]');
  await screenshot(page, shot, false);
  expect(found).toEqual([]);

  const scrollY = await page.evaluate(() => window.scrollY);
  if (scrollY > 0) {
    await page.mouse.wheel(0, -Math.min(scrollY, 120));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(scrollY);
  }
  await page.locator('[data-testid="toast-region"][data-pinned="false"]').waitFor({ state: 'attached' });
  expect(await toastOverlaps(page, CONTROLS)).toEqual([]);
}

/** serious/critical axe findings inside `selector`. */
async function axeIn(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`);
}

const TEXT = {
  en: {
    noExams: 'You have no exams yet, so here are the public ones.',
    enterAnswer: 'Please enter an answer first.',
    completed: 'You reached the end. Save or end the exam.',
    scoreValue: '2 / 3',
  },
  ko: {
    noExams: '내 시험이 아직 없어 공개 시험을 보여 드립니다.',
    enterAnswer: '먼저 답을 입력해 주세요.',
    completed: '마지막 문제까지 풀었습니다. 저장하거나 종료하세요.',
    scoreValue: '2 / 3',
  },
} as const;

describe.each([
  ['en', 'en-US', 'desktop', 'results'],
  ['ko', 'ko-KR', 'phone', null],
] as const)('learner journey, %s, %s', (language, locale, viewport, returnTo) => {
  test('register → upload → create → take → End with the summary → mistakes → retry → results → profile', async () => {
    const text = TEXT[language];
    const phone = viewport === 'phone';
    const name = `${language}-${viewport}`;
    const { page, errors, close } = await visit('/', { locale, viewport, storage: { language } });
    expect(page.viewportSize()?.width).toBe(VIEWPORTS[viewport].width);
    await registerThroughForm(page, `lj${language}${stamp}`, 'Learner', PASSWORD);

    // A new user's exam management switches once to the public exams, with a toast. Scrolled down
    // with that toast still open, asking for a wrong-answers exam of one never taken is refused
    // with a toast, which covers no control, neither at once nor once the page scrolls on.
    await go(page, '/exam-management');
    await toast(page, text.noExams).waitFor();
    if (phone) await fitsPhone(page);
    const wrongAnswers = page.getByTestId('exam-wrong').last();
    await wrongAnswers.evaluate((button) => button.scrollIntoView({ block: 'center', behavior: 'instant' }));
    if (phone) expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expectToastCoversNothing(
      page,
      () => wrongAnswers.click(),
      () => page.locator('[data-toast-type="error"]').first().waitFor(),
      `journey-toast-exams-${name}`,
    );

    // Upload three questions.
    const fileName = `greek-${language}-${stamp}.xlsx`;
    await go(page, '/question-files');
    await page.getByTestId('question-file-input').setInputFiles({
      name: fileName,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsxBytes([EN_HEADER, ...QUESTIONS.map((row) => [...row, 'Easy', '', ''])]),
    });
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('upload-result').waitFor({ timeout: 60_000 });
    if (phone) await fitsPhone(page);

    // Create an exam of them.
    await go(page, '/create-exam');
    const form = page.getByTestId('create-exam-form');
    await form.locator('input[name="title"]').fill(`Greek ${language} ${stamp}`);
    const option = form.getByTestId('create-exam-file').locator('option', { hasText: fileName });
    await form.getByTestId('create-exam-file').selectOption((await option.getAttribute('value')) ?? '');
    await form.getByTestId('create-exam-count').fill('3');
    await form.getByTestId('create-exam-submit').click();
    const href = (await page.getByTestId('created-exam-link').getAttribute('href')) ?? '';
    const examId = href.split('/').pop()!;
    expect(examId).toMatch(/^[0-9a-z]{20}$/);
    if (phone) await fitsPhone(page);

    // Take it. The route starts the exam read before the screen's chunk has rendered (D91); the
    // screen takes that answer over, so the exam is read once.
    const examReads: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && new URL(request.url()).pathname === `/api/exam/${examId}/`)
        examReads.push(request.url());
    });
    await go(page, `/take-exam/${examId}${returnTo ? `?returnTo=${returnTo}` : ''}`);
    await page.getByTestId('take-exam-runner').waitFor();
    expect(examReads).toHaveLength(1);
    if (phone) {
      // The tools fold behind one button; opening it shows them, Escape closes it again.
      expect(await page.getByTestId('share-button').isVisible()).toBe(false);
      await page.getByTestId('more-tools').click();
      await page.getByTestId('share-button').waitFor();
      await page.getByTestId('share-button').focus();
      await page.keyboard.press('Escape');
      expect(await page.getByTestId('share-button').isVisible()).toBe(false);
      await fitsPhone(page);
    }
    const titleOf = async () => (await page.getByTestId('question-title').textContent()) ?? '';
    const answerOf = (title: string) => QUESTIONS.find((row) => row[1] === title)![3]!;

    // 1: Next with nothing given warns (the toast covers no control); a typed wrong answer shows
    // the verdict, the correct answer and the explanation.
    const wrongTitle = await titleOf();
    await expectToastCoversNothing(
      page,
      () => page.getByTestId('nav-next').click(),
      () => toast(page, text.enterAnswer).waitFor(),
      `journey-toast-answer-${name}`,
    );
    await page.getByTestId('answer-input').fill('omega');
    expect(await page.getByTestId('self-grade-pass').count()).toBe(0); // one grading control: Submit
    await page.getByTestId('submit-answer').click();
    await page.locator('[data-testid="answer-feedback"][data-verdict="wrong"]').waitFor();
    expect(await page.getByTestId('correct-answer').textContent()).toBe(answerOf(wrongTitle));
    await screenshot(page, `journey-verdict-${name}`);
    await page.getByTestId('nav-next').click();

    // 2: the right answer, typed.
    await page.getByTestId('answer-input').fill(answerOf(await titleOf()));
    await page.getByTestId('submit-answer').click();
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    await page.getByTestId('nav-next').click();

    // 3: graded by oneself (nothing typed: I got it / I missed it, no Submit).
    expect(await page.getByTestId('submit-answer').count()).toBe(0);
    await page.getByTestId('self-grade-pass').click();
    await expectToastCoversNothing(
      page,
      () => page.getByTestId('nav-next').click(),
      () => toast(page, text.completed).waitFor(),
      `journey-toast-completed-${name}`,
    );
    await page.getByTestId('shortcuts-help').locator('summary').click();
    await shotFromTop(page, `journey-take-exam-${name}`);

    // End: lands where returnTo says, with the summary over it.
    await page.getByTestId('end-exam').click();
    await page.waitForURL(returnTo === 'results' ? `${baseUrl}/results` : /\/exam-management\?t=\d+$/);
    const summary = page.getByTestId('session-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('summary-score').textContent()).toBe(text.scoreValue);
    expect(await summary.getByTestId('summary-accuracy').textContent()).toBe('67%');
    expect(await summary.locator('[data-testid="review-entry"]').count()).toBe(3);
    const wrongEntry = summary.locator('[data-testid="review-entry"][data-verdict="wrong"]');
    expect(await wrongEntry.count()).toBe(1);
    expect(await wrongEntry.getByTestId('review-your-answer').textContent()).toBe('omega');
    expect(await wrongEntry.getByTestId('review-correct-answer').textContent()).toBe(answerOf(wrongTitle));
    expect(await axeIn(page, '[data-testid="session-summary"]')).toEqual([]);
    await screenshot(page, `journey-summary-${name}`, false);

    // The summary is a modal: Escape closes it, and the screen under it stays.
    if (phone) {
      await page.keyboard.press('Escape');
      await summary.waitFor({ state: 'detached' });
      await page.goBack();
      await page.goForward();
      expect(await page.getByTestId('session-summary').count()).toBe(0);
      // Back to the summary's way: the result from the home's recent results.
      await go(page, '/');
      await page.getByTestId('home-recent-review').first().click();
    } else {
      await summary.getByTestId('summary-view-result').click();
    }

    // The mistakes review lists exactly the wrong one.
    await page.getByTestId('result-detail-page').waitFor();
    const mistakes = page.getByTestId('result-review').getByTestId('result-review-entry');
    await mistakes.first().waitFor();
    expect(await mistakes.count()).toBe(1);
    expect(await mistakes.first().getByTestId('result-review-correct-answer').textContent()).toBe(answerOf(wrongTitle));
    if (phone) await fitsPhone(page);
    await shotFromTop(page, `journey-mistakes-${name}`);

    // Retry the wrong ones: a new exam of just that question opens.
    await page.getByTestId('retry-wrong').click();
    await page.waitForURL(/\/take-exam\/[0-9a-z]{20}$/);
    await page
      .getByTestId('nav-count')
      .filter({ hasText: /^1 \/ 1$/ })
      .waitFor();
    expect(await titleOf()).toBe(wrongTitle);

    // Results, from the navbar (behind the menu button on a phone).
    if (phone) await page.getByTestId('menu-toggle').click();
    await page.getByTestId('nav-results').click();
    await page.getByTestId('result-row').first().waitFor();
    await page.getByTestId('result-review-link').first().waitFor();
    if (phone) await fitsPhone(page);
    await shotFromTop(page, `journey-results-${name}`);

    await go(page, '/profile');
    await page.getByTestId('profile-page').waitFor();
    if (phone) await fitsPhone(page);

    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
