import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, VIEWPORTS } from '../support/browser.js';
import {
  animationsEnded,
  fitsPhone,
  go,
  logIn,
  pageApi,
  questionFileNamed,
  registerThroughForm,
  shotFromTop,
  toast,
  unexpected,
  watchKeysAtFocus,
} from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';
import { csvBytes, EN_HEADER, xlsxBytes } from '../support/sheets.js';

/**
 * The learner journey, end to end: register → upload → create → take (a typed wrong answer
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
  await animationsEnded(page); // the toast's entry
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
    enterAnswer: 'Please enter an answer first, or Skip to leave it unanswered.',
    scoreValue: '2 / 3',
  },
  ko: {
    noExams: '내 시험이 아직 없어 공개 시험을 보여 드립니다.',
    enterAnswer: '먼저 답을 입력해 주세요. 답하지 않고 넘어가려면 건너뛰기를 누르세요.',
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

    // A new user's exam management switches once to the public exams, said above the list (D255).
    // Scrolled down, asking for a wrong-answers exam of one never taken is refused with a toast,
    // which covers no control, neither at once nor once the page scrolls on.
    await go(page, '/exam-management');
    await page.getByTestId('exam-list-notice').filter({ hasText: text.noExams }).waitFor();
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
    await page.getByTestId('preview-confirm').click({ timeout: 60_000 });
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

    // 3: graded by oneself (nothing typed: I got it / I missed it, no Submit); `?` lists the keys
    // in a dialog that Escape closes.
    expect(await page.getByTestId('submit-answer').count()).toBe(0);
    await page.getByTestId('self-grade-pass').click();
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    await page.keyboard.press('?');
    await page.getByTestId('shortcuts-dialog').waitFor();
    expect(await axeIn(page, '[data-testid="shortcuts-dialog"]')).toEqual([]);
    await shotFromTop(page, `journey-take-exam-${name}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('shortcuts-dialog').waitFor({ state: 'detached' });

    // End: the sitting's summary, with the way back to where it was started.
    await page.getByTestId('end-exam').click();
    await page.waitForURL(/\/exam-summary\//);
    const summary = page.getByTestId('session-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('summary-score').textContent()).toBe(text.scoreValue);
    expect(await summary.getByTestId('summary-accuracy').textContent()).toBe('67%');
    const misses = summary.getByTestId('summary-miss');
    expect(await misses.count()).toBe(1);
    expect(await misses.first().getByTestId('miss-content').textContent()).toBe(
      QUESTIONS.find((row) => row[1] === wrongTitle)![2],
    );
    expect(await misses.first().getByTestId('miss-your-answer').textContent()).toBe('omega');
    expect(await misses.first().getByTestId('miss-correct-answer').textContent()).toBe(answerOf(wrongTitle));
    expect(await axeIn(page, '[data-testid="session-summary"]')).toEqual([]);
    if (phone) await fitsPhone(page);
    await screenshot(page, `journey-summary-${name}`, false);

    if (phone) {
      // Back goes to where the exam was started (exam management, no returnTo), then the result
      // from the home's recent results.
      await summary.getByTestId('summary-back').click();
      await page.waitForURL(/\/exam-management\?t=\d+$/);
      await go(page, '/');
      await page.getByTestId('home-recent-review').first().click();
    } else {
      expect(await summary.getByTestId('summary-back').getAttribute('href')).toBe('/results');
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

const activeTestId = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null);

/** What is due (D298), as a screen says it: reviews, learning (ready now of them) and new cards. */
interface DueCounts {
  due: number;
  learning: number;
  now: number;
  fresh: number;
}

/** The numbers in home's and the profile's due sentences (home.dueToday, reviewActivity: one wording). */
const DUE_WORDS = {
  en: { learning: /(\d+) learning \((\d+) ready now\)/, fresh: /(\d+) new cards?/, due: /(\d+) reviews?,/ },
  ko: { learning: /학습 중 (\d+)문제\(지금 (\d+)문제\)/, fresh: /새 문제 (\d+)문제/, due: /복습 (\d+)문제/ },
} as const;

function numberIn(text: string, pattern: RegExp, group = 1): number {
  const found = pattern.exec(text);
  expect(found, `${pattern} in "${text}"`).not.toBeNull();
  return Number(found![group]);
}

/** Home's "Due today" line, read from the page. */
async function homeCounts(page: Page, language: 'en' | 'ko'): Promise<DueCounts> {
  const text = (await page.getByTestId('home-due-today-count').textContent()) ?? '';
  const words = DUE_WORDS[language];
  return {
    due: numberIn(text, words.due),
    learning: numberIn(text, words.learning),
    now: numberIn(text, words.learning, 2),
    fresh: numberIn(text, words.fresh),
  };
}

/** The profile's review forecast: today's reviews in its summary, learning and new in the line under it. */
async function profileCounts(page: Page, language: 'en' | 'ko'): Promise<DueCounts> {
  const section = page.getByTestId('profile-review-activity');
  const summary = (await section.getByTestId('forecast-summary').textContent()) ?? '';
  const today = (await section.getByTestId('forecast-today').textContent()) ?? '';
  const words = DUE_WORDS[language];
  return {
    due: numberIn(summary, language === 'en' ? /(\d+) due today/ : /오늘 (\d+)문제/),
    learning: numberIn(today, words.learning),
    now: numberIn(today, words.learning, 2),
    fresh: numberIn(today, words.fresh),
  };
}

/** The Review screen's three numbers; "ready now" is written only when fewer than all learning cards are. */
async function reviewCounts(page: Page): Promise<DueCounts> {
  const read = async (kind: string) => Number(await page.getByTestId(`review-count-${kind}`).textContent());
  const learning = await read('learning');
  const note = page.getByTestId('review-count-learning-now');
  return {
    due: await read('due'),
    learning,
    now: (await note.count()) ? numberIn((await note.textContent()) ?? '', /(\d+)/) : learning,
    fresh: await read('new'),
  };
}

/** The server's rule at this moment (GET /api/due-today/). */
async function dueToday(page: Page): Promise<DueCounts> {
  const { body } = await pageApi<{ due: number; learning: number; learning_now: number; new: number }>(
    page,
    'GET',
    '/api/due-today/',
  );
  return { due: body.due, learning: body.learning, now: body.learning_now, fresh: body.new };
}

const TABS = [
  ['1', 'Capital of France', 'What is the capital of France?', 'Paris', 'Paris has been the capital since 987.'],
  ['2', 'Capital of Japan', 'What is the capital of Japan?', 'Tokyo', 'Tokyo since 1868.'],
  ['3', 'Capital of Korea', 'What is the capital of Korea?', 'Seoul', 'Seoul since 1394.'],
  ['4', 'Capital of Italy', 'What is the capital of Italy?', 'Rome', 'Rome since 1871.'],
  ['5', 'Capital of Spain', 'What is the capital of Spain?', 'Madrid', 'Madrid since 1561.'],
];

/**
 * One learner, two tabs, one sitting (D294), then the one due rule (D298): a CSV imported, an exam
 * of it, answered in two tabs of one browser (one miss on purpose, one question left), ended in the
 * first; the summary holds every answer once; the Review screen reviews the new card and then the
 * miss when its one-minute learning step comes due (English; Korean checks the time it is promised
 * for); home, the profile and the Review screen say the server's counts at the same moment, before
 * and after.
 */
describe.each([
  ['en', 'en-US', 'desktop'],
  ['ko', 'ko-KR', 'phone'],
] as const)('learner journey in two tabs, %s, %s', (language, locale, viewport) => {
  test('CSV → exam → two tabs → End: each answer once → Review the miss → home, profile and Review agree', async () => {
    const phone = viewport === 'phone';
    const name = `${language}-${viewport}`;
    const { context, page, errors, close } = await visit('/', { locale, viewport, storage: { language } });
    await registerThroughForm(page, `tt${language}${stamp}`, 'Two tabs', PASSWORD);

    // Import a CSV written here; make an exam of all five.
    const fileName = `capitals-${language}-${stamp}.csv`;
    await go(page, '/question-files');
    await page.getByTestId('question-file-input').setInputFiles({
      name: fileName,
      mimeType: 'text/csv',
      buffer: csvBytes([EN_HEADER, ...TABS.map((row) => [...row, 'Easy', '', ''])]),
    });
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('preview-confirm').click({ timeout: 60_000 });
    await page.getByTestId('upload-result').waitFor({ timeout: 60_000 });
    await go(page, '/create-exam');
    const form = page.getByTestId('create-exam-form');
    await form.locator('input[name="title"]').fill(`Capitals ${language} ${stamp}`);
    const option = form.getByTestId('create-exam-file').locator('option', { hasText: fileName });
    await form.getByTestId('create-exam-file').selectOption((await option.getAttribute('value')) ?? '');
    await form.getByTestId('create-exam-count').fill(String(TABS.length));
    await form.getByTestId('create-exam-submit').click();
    const examId = ((await page.getByTestId('created-exam-link').getAttribute('href')) ?? '').split('/').pop()!;
    const exam = await pageApi<{ questions: { id: string; csv_id?: string }[] }>(page, 'GET', `/api/exam/${examId}/`);
    const ids = TABS.map(([csvId]) => exam.body.questions.find((question) => String(question.csv_id) === csvId)!.id);
    // Subscribed, so its questions are the Review screen's (the due rule's sources).
    const subscribed = await pageApi(page, 'POST', '/api/exam-subscription/bulk-toggle/', {
      exam_ids: [examId],
      action: 'subscribe',
    });
    expect(subscribed.status).toBe(200);

    // Two tabs of the same browser, the same learner, the same sitting.
    const path = `/take-exam/${examId}?order=${ids.join(',')}&returnTo=results`;
    await go(page, path);
    await page.getByTestId('take-exam-runner').waitFor();
    const other = await context.newPage();
    other.on('console', (message) => message.type() === 'error' && errors.push(`second tab: ${message.text()}`));
    other.on('pageerror', (error) => errors.push(`second tab, uncaught: ${error.message}`));
    await go(other, path);
    await other.getByTestId('take-exam-runner').waitFor();

    // First tab, by keyboard: 1 wrong (and saved at once, so its 1-minute learning step starts now), 2 right.
    await page.bringToFront();
    await expect.poll(() => activeTestId(page)).toBe('answer-input');
    await page.keyboard.type('Lyon');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="answer-feedback"][data-verdict="wrong"]').waitFor();
    await page.getByTestId('save-exam').click();
    await page.locator('[data-toast-type="success"]').first().waitFor();
    await page.getByTestId('verdict-next').click();
    await expect.poll(() => activeTestId(page)).toBe('answer-input');
    await page.keyboard.type(TABS[1]![3]!);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();

    // Second tab: 4 by "I got it", 3 typed; 5 is left unanswered.
    await other.bringToFront();
    await other.getByTestId('nav-last').click();
    await other.getByTestId('nav-previous').click();
    await other.getByTestId('self-grade-pass').click();
    await other.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    await other.getByTestId('nav-previous').click();
    await other.getByTestId('answer-input').fill(TABS[2]![3]!);
    await other.getByTestId('answer-input').press('Enter');
    await other.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    const sittingAnswered = async () =>
      (
        await pageApi<{ sitting: { state: { answered: string[] } } | null }>(
          page,
          'GET',
          `/api/exam/${examId}/sitting/`,
        )
      ).body.sitting?.state.answered.length ?? 0;
    await expect.poll(sittingAnswered, { timeout: 10_000 }).toBe(4);

    // End in the first tab: the other tab's answers are taken in and each answer counts once.
    await page.bringToFront();
    await page.getByTestId('end-exam').click();
    const summary = page.getByTestId('session-summary');
    await summary.waitFor();
    await other.close();
    expect(await summary.getByTestId('summary-score').textContent()).toBe('3 / 5');
    expect(await summary.getByTestId('summary-stats').locator('xpath=following-sibling::p[1]').textContent()).toBe(
      language === 'en' ? '4 of 5 questions answered' : '5문제 중 4문제 풀이',
    );
    const misses = summary.getByTestId('summary-miss');
    expect(await misses.count()).toBe(1);
    expect(await misses.first().getAttribute('data-question-id')).toBe(ids[0]);
    expect(await misses.first().getByTestId('miss-your-answer').textContent()).toBe('Lyon');
    const results = await pageApi<{
      results: { answered_count: number; correct_count: number; details?: { question_id: string }[] }[];
    }>(page, 'GET', `/api/exam-results/?exam_id=${examId}`);
    expect(results.body.results.map((result) => [result.answered_count, result.correct_count])).toEqual([[4, 3]]);
    const latest = await pageApi<{ results: { details?: { question_id: string }[] }[] }>(
      page,
      'GET',
      `/api/exam-results/?exam_id=${examId}&latest=true`,
    );
    expect((latest.body.results[0]!.details ?? []).map((detail) => detail.question_id).sort()).toEqual(
      ids.slice(0, 4).sort(),
    );
    expect(await axeIn(page, '[data-testid="session-summary"]')).toEqual([]);
    if (phone) await fitsPhone(page);
    await screenshot(page, `journey-tabs-summary-${name}`, false);

    /** Home, the profile and the Review screen read at one moment: the same numbers as the server's. */
    const compareScreens = async (expected: Omit<DueCounts, 'now'>, shots: boolean) => {
      const before = await dueToday(page);
      await go(page, '/');
      await page.getByTestId('home-due-today-count').waitFor();
      const home = await homeCounts(page, language);
      expect(await axeIn(page, '[data-testid="home-due-today"]')).toEqual([]);
      if (shots) {
        await page.getByTestId('home-due-today').scrollIntoViewIfNeeded();
        await screenshot(page, `journey-tabs-home-${name}`, false);
      }
      await go(page, '/profile');
      await page.getByTestId('forecast-today').waitFor();
      const profile = await profileCounts(page, language);
      expect(await axeIn(page, '[data-testid="profile-review-activity"]')).toEqual([]);
      if (shots) {
        await page.getByTestId('forecast-summary').scrollIntoViewIfNeeded();
        await screenshot(page, `journey-tabs-profile-${name}`, false);
      }
      await go(page, '/review');
      await page.getByTestId('review-counts').waitFor();
      await page.locator('[data-testid="review-card"], [data-testid="review-done"]').first().waitFor();
      const review = await reviewCounts(page);
      const after = await dueToday(page);
      expect({ due: before.due, learning: before.learning, fresh: before.fresh }).toEqual(expected);
      // A learning step that came due while the screens were read changes "ready now" legitimately.
      const moment = before.now === after.now ? before : { ...before, now: expect.any(Number) };
      expect({ home, profile, review }).toEqual({ home: moment, profile: moment, review: moment });
      expect(after).toEqual({ ...before, now: after.now });
      if (phone) await fitsPhone(page);
      if (shots) await shotFromTop(page, `journey-tabs-review-${name}`);
    };

    // At once: four cards learning (none ready yet), the fifth new.
    await compareScreens({ due: 0, learning: 4, fresh: 1 }, false);

    // The Review screen, by keyboard: the new card first, then the miss — its one-minute step is within
    // the learn-ahead limit once nothing else is left (D307), so the learner reviews it now.
    const card = page.getByTestId('review-card');
    expect(await card.getAttribute('data-question-id')).toBe(ids[4]);
    expect(await axeIn(page, '[data-testid="review-page"]')).toEqual([]);
    const gradeGood = async () => {
      await page.keyboard.press('Escape');
      await page.keyboard.press('Space');
      await page.getByTestId('review-grades').waitFor();
      await page.keyboard.press('3');
    };
    await gradeGood();
    const miss = page.locator(`[data-testid="review-card"][data-question-id="${ids[0]}"]`);
    await miss.waitFor();
    expect(await miss.textContent()).toContain('What is the capital of France?');
    await gradeGood();
    await expect.poll(() => miss.count()).toBe(0);

    // After: five cards learning, none new; the three screens still say the server's numbers.
    await compareScreens({ due: 0, learning: 5, fresh: 0 }, true);
    expect(unexpected(errors)).toEqual([]);
    await close();
  }, 120_000);
});

/**
 * The learner's loop: a verdict for every answer (right / almost with its difference /
 * wrong, the overrule recorded on the server), Y/N as true/false, answer-required exams, a whole
 * exam with the keyboard alone, and one end of a sitting from every place an exam is started.
 */
const LOOP = [
  ['1', 'First letter', 'Which Greek letter comes first?', 'alpha', 'Alpha begins the alphabet.'],
  ['2', 'Second letter', 'Which is the second Greek letter?\n1. alpha\n2. beta\n3. gamma', '2', 'Beta follows alpha.'],
  ['3', 'Round earth', 'The Earth is round (Y/N)', 'Y', 'Seen from space, it is.'],
  [
    '4',
    'Orchestrator',
    'Which container orchestrator did Google open-source in 2014?',
    'kubernetes',
    'Kubernetes grew out of Borg.',
  ],
];

/** Uploads LOOP as the user's own file and makes a private exam of it; the question ids in LOOP's order. */
async function loopExam(
  page: Page,
  label: string,
  options: Record<string, unknown> = {},
): Promise<{ examId: string; ids: string[] }> {
  const fileName = `loop-${label}-${stamp}.xlsx`;
  await go(page, '/question-files');
  await page.getByTestId('question-file-input').setInputFiles({
    name: fileName,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsxBytes([EN_HEADER, ...LOOP.map((row) => [...row, 'Easy', '', ''])]),
  });
  await page.getByTestId('upload-submit').click();
  // The upload stops at the preview; nothing is imported until it is confirmed.
  await page.getByTestId('preview-confirm').click({ timeout: 60_000 });
  await page.getByTestId('upload-result').waitFor({ timeout: 60_000 });
  const file = await questionFileNamed(page, fileName);
  const created = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
    title: `Loop ${label} ${stamp}`,
    file_id: file.id,
    question_count: LOOP.length,
    is_public: false,
    ...options,
  });
  expect(created.status).toBe(200);
  const exam = await pageApi<{ questions: { id: string; csv_id?: string }[] }>(
    page,
    'GET',
    `/api/exam/${created.body.id}/`,
  );
  const ids = LOOP.map(([csvId]) => exam.body.questions.find((question) => String(question.csv_id) === csvId)!.id);
  return { examId: created.body.id, ids };
}

describe.each([
  ['en', 'en-US', 'desktop'],
  ['ko', 'ko-KR', 'phone'],
] as const)('learner loop, %s, %s', (language, locale, viewport) => {
  const name = `${language}-${viewport}`;

  test('a whole exam with the keyboard alone: typed, choice, true/false, a near miss overruled; the server records the overrule', async () => {
    const { page, errors, close } = await visit('/', { locale, viewport, storage: { language } });
    await registerThroughForm(page, `kb${language}${stamp}`, 'Keys', PASSWORD);
    const { examId, ids } = await loopExam(page, `kb-${language}`);
    await go(page, `/take-exam/${examId}?order=${ids.join(',')}&returnTo=exam-management`);
    await page.getByTestId('take-exam-runner').waitFor();
    const feedback = page.getByTestId('answer-feedback');
    const count = (text: string) =>
      page
        .getByTestId('nav-count')
        .filter({ hasText: new RegExp(`^${text.replace(/\//g, '\\/')}$`) })
        .waitFor();

    // 1, typed: the focus starts in the answer box; Enter submits, Enter again goes on.
    await expect.poll(() => activeTestId(page)).toBe('answer-input');
    expect(await page.getByTestId('answer-input').getAttribute('placeholder')).toMatch(
      language === 'en' ? /Enter submits.*Shift\+Enter/ : /Enter로 제출.*Shift\+Enter/,
    );
    await page.keyboard.type('Alpha');
    await page.keyboard.press('Shift+Enter'); // a new line, not a submit
    expect(await feedback.count()).toBe(0);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    expect(await activeTestId(page)).toBe('verdict-next');
    await page.keyboard.press('Enter');
    await count('2 / 4');

    // 2, choice: options are radio buttons; 2 picks the second, Enter submits, → goes on.
    expect(await page.getByTestId('answer-choice').count()).toBe(3);
    await expect.poll(() => activeTestId(page)).toBe('answer-choice');
    await page.keyboard.press('b');
    expect(await page.getByTestId('answer-choice').nth(1).isChecked()).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    await page.keyboard.press('ArrowRight');
    await count('3 / 4');

    // 3, Y/N: true or false (O / X), graded at once.
    await page.getByTestId('answer-yesno').waitFor();
    await page.keyboard.press('o');
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    await page.keyboard.press('Enter');
    await count('4 / 4');

    // 4, a near miss: "almost" with the difference highlighted, counted wrong; overruled by keyboard.
    await expect.poll(() => activeTestId(page)).toBe('answer-input');
    await page.keyboard.type('kubernetis');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="answer-feedback"][data-graded="almost"][data-verdict="wrong"]').waitFor();
    expect(await feedback.getByTestId('answer-diff').locator('del').textContent()).toBe('i');
    expect(await feedback.getByTestId('answer-diff').locator('ins').textContent()).toBe('e');
    expect(await axeIn(page, '[data-testid="question-card"]')).toEqual([]);
    if (viewport === 'phone') await fitsPhone(page);
    await shotFromTop(page, `loop-almost-${name}`);
    await page.keyboard.press('Shift+Tab');
    expect(await activeTestId(page)).toBe('overrule');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    await page.keyboard.press('Tab');
    expect(await activeTestId(page)).toBe('verdict-next');
    await page.keyboard.press('Enter'); // Finish: the last question ends the sitting

    // The summary: all four right, the overrule counted by the server.
    const summary = page.getByTestId('session-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('summary-score').textContent()).toBe('4 / 4');
    expect(await summary.getByTestId('summary-miss').count()).toBe(0);
    expect(await axeIn(page, '[data-testid="session-summary"]')).toEqual([]);
    if (viewport === 'phone') await fitsPhone(page);
    await shotFromTop(page, `loop-summary-keyboard-${name}`);
    const results = await pageApi<{
      results: { correct_count: number; details?: { question_id: string; overruled?: boolean }[] }[];
    }>(page, 'GET', `/api/exam-results/?exam_id=${examId}&latest=true`);
    expect(results.body.results[0]!.correct_count).toBe(4);
    expect(results.body.results[0]!.details?.find((detail) => detail.question_id === ids[3])?.overruled).toBe(true);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('resume anywhere: a second browser continues where the first stopped; finished there, the first starts afresh', async () => {
    const username = `rs${language}${stamp}`;
    const first = await visit('/', { locale, viewport, storage: { language } });
    await registerThroughForm(first.page, username, 'Resumer', PASSWORD);
    const { examId, ids } = await loopExam(first.page, `rs-${language}`);
    const sitting = async (page: Page) =>
      (
        await pageApi<{ sitting: { state: { answered: string[] } } | null }>(
          page,
          'GET',
          `/api/exam/${examId}/sitting/`,
        )
      ).body.sitting;
    const count = (page: Page, text: string) =>
      page
        .getByTestId('nav-count')
        .filter({ hasText: new RegExp(`^${text.replace(/\//g, '\\/')}$`) })
        .waitFor();

    // The first browser answers two questions and stops.
    await go(first.page, `/take-exam/${examId}?order=${ids.join(',')}`);
    await first.page.getByTestId('answer-input').fill('alpha');
    await first.page.getByTestId('answer-input').press('Enter');
    await first.page.getByTestId('verdict-next').click();
    await first.page.getByTestId('answer-choice').nth(1).check();
    await first.page.getByTestId('submit-answer').click();
    await first.page.getByTestId('verdict-next').click();
    await count(first.page, '3 / 4');
    await expect.poll(async () => (await sitting(first.page))?.state.answered.length ?? 0, { timeout: 10_000 }).toBe(2);

    // Another browser (a phone, say): the same sitting, at the same place.
    const second = await visit('/', { locale, viewport, storage: { language } });
    await logIn(second.page, username, PASSWORD);
    await go(second.page, `/take-exam/${examId}`);
    // Opening on a sitting this browser never saw: asked first (D296), it continues.
    await second.page.getByTestId('sitting-offer-continue').click();
    await count(second.page, '3 / 4');
    await second.page.getByText(language === 'en' ? '2 answered' : '답한 문제 2개').waitFor();
    if (viewport === 'phone') await fitsPhone(second.page);
    await shotFromTop(second.page, `loop-resumed-${name}`);
    await second.page.getByTestId('answer-true').click();
    await second.page.getByTestId('verdict-next').click();
    await second.page.getByTestId('answer-input').fill('kubernetes');
    await second.page.getByTestId('answer-input').press('Enter');
    await second.page.getByTestId('verdict-next').click(); // Finish
    const summary = second.page.getByTestId('session-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('summary-score').textContent()).toBe('4 / 4');
    // Each answer once: one result of four answers, and the sitting is over.
    const results = await pageApi<{ results: { answered_count: number }[] }>(
      second.page,
      'GET',
      `/api/exam-results/?exam_id=${examId}`,
    );
    expect(results.body.results.map((result) => result.answered_count)).toEqual([4]);
    expect(await sitting(second.page)).toBeNull();

    // The first browser, back: the sitting was finished elsewhere, so it starts afresh (nothing counted twice).
    await first.page.reload();
    await first.page.getByTestId('take-exam-runner').waitFor();
    await first.page.getByText(language === 'en' ? '0 answered' : '답한 문제 0개').waitFor();
    expect(unexpected(first.errors)).toEqual([]);
    expect(unexpected(second.errors)).toEqual([]);
    await second.close();
    await first.close();
  });

  test('answer-required and Y/N: Submit waits for an answer, no empty "I got it", the shortcut submits; false is graded wrong', async () => {
    const { page, errors, close } = await visit('/', { locale, viewport, storage: { language } });
    await registerThroughForm(page, `fa${language}${stamp}`, 'Required', PASSWORD);
    const { examId, ids } = await loopExam(page, `fa-${language}`, { force_answer: true });
    await go(page, `/take-exam/${examId}?order=${ids.join(',')}`);
    await page.getByTestId('take-exam-runner').waitFor();

    expect(await page.getByTestId('self-grade-pass').count()).toBe(0);
    expect(await page.getByTestId('submit-answer').isDisabled()).toBe(true);
    await page.getByTestId('answer-input').fill('alpha');
    expect(await page.getByTestId('submit-answer').isDisabled()).toBe(false);
    await page.getByTestId('answer-input').press('Control+Enter');
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    await page.getByTestId('verdict-next').click();
    await page.getByTestId('answer-choices').waitFor();
    // The list jumps to the Y/N question: false is an answer, graded wrong.
    await page.getByTestId('nav-last').click();
    await page.getByTestId('nav-previous').click();
    await page.getByTestId('answer-false').click();
    await page.locator('[data-testid="answer-feedback"][data-verdict="wrong"]').waitFor();
    expect(await page.getByTestId('correct-answer').textContent()).toBe(language === 'en' ? 'O True' : 'O 참');
    expect(await page.getByTestId('verdict-given').textContent()).toBe(language === 'en' ? 'X False' : 'X 거짓');
    if (viewport === 'phone') await fitsPhone(page);
    await shotFromTop(page, `loop-yes-no-${name}`);
    await page.getByTestId('end-exam').click();
    const summary = page.getByTestId('session-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('summary-score').textContent()).toBe('1 / 4');
    expect(await summary.getByTestId('summary-miss').count()).toBe(1);
    // The miss list speaks as the buttons did, not in the stored Y/N.
    expect(await summary.getByTestId('miss-your-answer').textContent()).toBe(language === 'en' ? 'X False' : 'X 거짓');
    expect(await summary.getByTestId('miss-correct-answer').textContent()).toBe(language === 'en' ? 'O True' : 'O 참');
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('one end of a sitting from every place an exam is started: the summary, retry the missed ones, back', async () => {
    const { page, errors, close } = await visit('/', { locale, viewport, storage: { language } });
    await registerThroughForm(page, `end${language}${stamp}`, 'Ends', PASSWORD);
    const { examId, ids } = await loopExam(page, `end-${language}`);
    const origins = [
      ['exam management', 'returnTo=exam-management', /^\/exam-management\?t=\d+$/],
      ['exam detail', `returnTo=exam-detail&examId=${examId}`, new RegExp(`^/exam-detail/${examId}\\?t=\\d+$`)],
      [
        'study task',
        `returnTo=study-detail&studyId=s-${stamp}&examId=${examId}`,
        new RegExp(`^/study-detail/s-${stamp}$`),
      ],
      ['daily exam', 'returnTo=home', /^\/$/],
      ['review', 'returnTo=results', /^\/results$/],
    ] as const;
    const refusals: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400)
        refusals.push(`${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
    });
    const keysLiveAtFocus = await watchKeysAtFocus(page, ['answer-input']);
    for (const [origin, query, back] of origins) {
      await go(page, `/take-exam/${examId}?order=${ids.join(',')}&restart=true&${query}`);
      await page.getByTestId('take-exam-runner').waitFor();
      await expect.poll(() => activeTestId(page)).toBe('answer-input');
      // The keys listen from the moment the field has the focus: Esc and X pressed at once are not typed.
      await keysLiveAtFocus(origin);
      await page.keyboard.press('Escape'); // out of the answer box: O / X grade
      await page.keyboard.press('x'); // I missed it
      await page.locator('[data-testid="answer-feedback"][data-verdict="wrong"]').waitFor();
      await page.getByTestId('end-exam').click();
      const summary = page.getByTestId('session-summary');
      // Where End led instead, and what it said, when the summary does not come.
      await summary.waitFor().catch(async (error: Error) => {
        const toasts = await page.getByTestId('toast-region').allTextContents();
        const said = [`toasts: ${toasts.join(' | ')}`, `API refusals: ${refusals.join(' | ')}`, ...unexpected(errors)];
        throw new Error(`${origin}: no summary at ${page.url()}; ${said.join('; ')}`, { cause: error });
      });
      expect(await summary.getByTestId('summary-score').textContent(), origin).toBe('0 / 4');
      expect(await summary.getByTestId('miss-content').textContent(), origin).toBe(LOOP[0]![2]);
      expect(await summary.getByTestId('summary-back').getAttribute('href'), origin).toMatch(back);
      const retry = new URL((await summary.getByTestId('retry-missed').getAttribute('href'))!, baseUrl);
      expect(retry.searchParams.get('selected'), origin).toBe(ids[0]);
      expect(`${retry.searchParams.get('returnTo')}`, origin).toBe(new URLSearchParams(query).get('returnTo'));
    }
    if (viewport === 'phone') await fitsPhone(page);
    await shotFromTop(page, `loop-summary-${name}`);
    // Retry the missed ones: the one question, afresh; back returns to the results.
    await page.getByTestId('retry-missed').click();
    await page
      .getByTestId('nav-count')
      .filter({ hasText: /^1 \/ 1$/ })
      .waitFor();
    await page.getByTestId('self-grade-pass').click();
    await page.getByTestId('verdict-next').click(); // Finish
    await page.getByTestId('session-summary').waitFor();
    expect(await page.getByTestId('summary-no-misses').count()).toBe(1);
    await page.getByTestId('summary-back').click();
    await page.waitForURL(`${baseUrl}/results`);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
