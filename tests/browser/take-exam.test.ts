import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  fitsPhone,
  go,
  pageApi,
  questionFileNamed,
  ready,
  registerThroughForm,
  shotFromTop,
  toast,
  unexpected,
} from '../support/browser-pages.js';
import { seriousViolations } from '../support/browser-axe.js';
import { useBrowser } from '../support/browser-harness.js';
import { VIEWPORTS } from '../support/browser.js';

const { baseUrl, stamp, open, visit } = useBrowser();

const PASSWORD = 'correct-horse-42';

interface ListedExam {
  id: string;
  title: string;
}

/** The demo seed's public exams ("쿠버네티스 기초", "Kubernetes Basics"), by title. */
async function publicExamId(title: string): Promise<string> {
  // The demo seed runs when the server starts: the first test of a fresh server may wait for it.
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${baseUrl}/api/exams/?is_public=true&page_size=100`, {
      headers: { Accept: 'application/json' },
    });
    const body = (await response.json()) as { results: ListedExam[] };
    const exam = body.results.find((item) => item.title === title);
    if (exam) return exam.id;
    if (attempt >= 60)
      throw new Error(`no public exam "${title}" in ${body.results.map((item) => item.title).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const runner = (page: Page) => page.getByTestId('take-exam-runner');
const count = (page: Page) => page.getByTestId('nav-count').textContent();
const currentTitle = (page: Page) => page.getByTestId('question-title').textContent();

async function waitCount(page: Page, text: string) {
  await page
    .getByTestId('nav-count')
    .filter({ hasText: new RegExp(`^${text.replace(/\//g, '\\/')}$`) })
    .waitFor();
}

/** The correct answer of the shown question, read through "show answer" (then hidden again). */
async function revealAnswer(page: Page): Promise<string> {
  await page.getByTestId('show-answer').click();
  const answer = (await page.getByTestId('correct-answer').textContent()) ?? '';
  await page.getByTestId('show-answer').click();
  return answer;
}

describe('take exam (docs/product.md#take-exam)', () => {
  test('an anonymous visitor reads the questions and is sent to log in when answering', async () => {
    const examId = await publicExamId('쿠버네티스 기초');
    const { page, errors, close } = await visit(`/take-exam/${examId}`, { locale: 'ko-KR' });
    await runner(page).waitFor();
    expect(await page.getByTestId('exam-title').textContent()).toBe('쿠버네티스 기초');
    await waitCount(page, '1 / 10');
    expect(await page.getByTestId('favorite-toggle').count()).toBe(0); // signed-in only
    expect(await page.getByTestId('edit-question').count()).toBe(0);

    // Reading is free: next, last, first, the list.
    const first = await currentTitle(page);
    await page.getByTestId('nav-next').click();
    await waitCount(page, '2 / 10');
    await page.getByTestId('nav-last').click();
    await waitCount(page, '10 / 10');
    await page.getByTestId('nav-first').click();
    await waitCount(page, '1 / 10');
    expect(await currentTitle(page)).toBe(first);
    await page.getByTestId('list-button').click();
    await page.getByTestId('question-list-item').nth(2).click();
    await waitCount(page, '3 / 10');

    // The hint shows answer and explanation.
    await page.getByTestId('show-answer').click();
    await page.getByTestId('answer-reveal').waitFor();
    await page.getByTestId('nav-previous').click();
    await waitCount(page, '2 / 10');
    expect(await page.getByTestId('answer-reveal').count()).toBe(0); // reset on a move

    // Answering records: to /login, coming back here afterwards.
    await page.getByTestId('answer-input').fill('파드');
    await page.getByTestId('submit-answer').click();
    await page.waitForURL(`${baseUrl}/login?returnTo=${encodeURIComponent(`/take-exam/${examId}`)}`);
    await toast(page, '로그인이 필요합니다.').waitFor();

    // exam_id in the query works too, and single-question mode shows just that question.
    // (the visitor's session record is kept: restart=true starts over)
    await go(page, `/take-exam?exam_id=${examId}&restart=true`);
    await waitCount(page, '1 / 10');
    expect(new URL(page.url()).searchParams.has('restart')).toBe(false); // applied once
    const questionId = await page.getByTestId('question-card').getAttribute('data-question-id');
    await go(page, `/take-exam?exam_id=${examId}&question_id=${questionId}`);
    await waitCount(page, '1 / 1');
    expect(await page.getByTestId('question-card').getAttribute('data-question-id')).toBe(questionId);
    // Without exam_id the load fails with an alert.
    await go(page, `/take-exam?question_id=${questionId}`);
    await page.getByTestId('take-exam-error').filter({ hasText: 'exam_id' }).waitFor();

    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('take an exam: typed answers, self-grading, reload and continue, save, end, the saved result', async () => {
    const examId = await publicExamId('Kubernetes Basics');
    const { page, context, errors, close } = await visit('/', { locale: 'en-US' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await registerThroughForm(page, `te${stamp}`, 'Taker', PASSWORD);
    await go(page, `/take-exam/${examId}?returnTo=results&from=test`);
    await runner(page).waitFor();
    await waitCount(page, '1 / 10');
    await page.getByTestId('favorite-toggle').waitFor();

    // 1: the correct answer, typed; Next.
    const answer1 = await revealAnswer(page);
    await page.getByTestId('answer-input').fill(answer1);
    // Submitting shows the verdict at once.
    await page.getByTestId('submit-answer').click();
    await page
      .locator('[data-testid="answer-feedback"][data-verdict="correct"]')
      .filter({ hasText: 'Correct!' })
      .waitFor();
    await page.getByTestId('nav-next').click();
    await waitCount(page, '2 / 10');

    // 2: self-graded pass (fills the correct answer); 3: fail (a blank answer).
    await page.getByTestId('self-grade-pass').click();
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    expect((await page.getByTestId('answer-input').inputValue()).trim()).not.toBe('');
    await page.getByTestId('nav-next').click();
    await waitCount(page, '3 / 10');
    await page.getByTestId('self-grade-fail').click();
    await page.locator('[data-testid="answer-feedback"][data-verdict="wrong"]').waitFor();
    await page.getByTestId('nav-next').click();
    await waitCount(page, '4 / 10');

    // 4: a blank answer cannot go on; a wrong typed one goes on with Ctrl+Enter.
    await page.getByTestId('nav-next').click();
    await toast(page, 'Please enter an answer first, or Skip to leave it unanswered.').waitFor();
    expect(await count(page)).toBe('4 / 10');
    const answer4 = await revealAnswer(page);
    await page.getByTestId('answer-input').fill('no idea');
    // A wrong typed answer: the verdict, the correct answer and the explanation, before moving on.
    await page.getByTestId('submit-answer').click();
    await page.locator('[data-testid="answer-feedback"][data-verdict="wrong"]').waitFor();
    expect(await page.getByTestId('answer-feedback').textContent()).toContain('Not right.');
    expect(await page.getByTestId('correct-answer').textContent()).toBe(answer4);
    await page.getByTestId('answer-feedback').getByText('Explanation').waitFor();
    // The focus is on Next: Enter goes on.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('verdict-next');
    await page.keyboard.press('Enter');
    await waitCount(page, '5 / 10');

    // The timers tick.
    await page.waitForFunction(() => document.querySelector('[data-testid="total-timer"]')?.textContent !== '0:00');
    expect(await page.getByTestId('total-timer').textContent()).toMatch(/^\d+:\d{2}$/);

    // Reload: the same question, the answers and the time are still there.
    const title5 = await currentTitle(page);
    const before = await page.getByTestId('total-timer').textContent();
    await page.reload();
    await ready(page);
    await runner(page).waitFor();
    await waitCount(page, '5 / 10');
    expect(await currentTitle(page)).toBe(title5);
    await page.getByText('4 answered').waitFor();
    const seconds = (text: string | null) => text!.split(':').reduce((total, part) => total * 60 + Number(part), 0);
    expect(seconds(await page.getByTestId('total-timer').textContent())).toBeGreaterThanOrEqual(seconds(before));
    await page.getByTestId('list-button').click();
    const tiles = page.getByTestId('question-list-item');
    expect(await tiles.nth(0).getAttribute('aria-label')).toContain('Correct');
    expect(await tiles.nth(2).getAttribute('aria-label')).toContain('Wrong');
    await page.getByTestId('question-list-modal').getByRole('button', { name: 'Close' }).click();

    // Share: a short link, or the full address when none can be made.
    await page.getByTestId('share-button').click();
    await toast(page, /Link copied\.|the full address was copied/).waitFor();

    await shotFromTop(page, 'take-exam-en-desktop');

    // Save: the four answers make a result; the exam stays open.
    await page.getByTestId('save-exam').click();
    await toast(page, 'Your answers so far are saved.').waitFor();
    expect(await count(page)).toBe('5 / 10');
    expect(await page.getByTestId('exam-completed').count()).toBe(0); // 4 of 10 answered: not completed

    // The statistics now have attempts: question 1 shows its accuracy (100 %), and the slider adjusts it.
    await page.getByTestId('nav-first').click();
    const accuracy = page.getByTestId('accuracy-panel');
    await accuracy.getByTestId('accuracy-value').filter({ hasText: 'Accuracy 100%' }).waitFor();
    const adjustCalls: string[] = [];
    page.on(
      'request',
      (request) =>
        void (request.url().includes('/api/adjust-question-accuracy/') && adjustCalls.push(request.method())),
    );
    await accuracy.getByTestId('accuracy-slider').focus();
    await page.keyboard.press('Home');
    await page.locator('[data-toast-type="success"]').last().waitFor();
    await accuracy.getByTestId('accuracy-value').filter({ hasText: 'Accuracy 0%' }).waitFor();
    await page.waitForTimeout(300);
    expect(adjustCalls).toEqual(['POST']); // one call per release (a repeated toast would replace the shown one)
    await shotFromTop(page, 'take-exam-accuracy-en-desktop');
    await page.getByTestId('list-button').click();
    await page.getByTestId('question-list-item').nth(4).click();
    await waitCount(page, '5 / 10');

    // 5: pass, then End: the new answer is added to the same result; back to /results.
    await page.getByTestId('self-grade-pass').click();
    await page.getByTestId('end-exam').click();
    // Every sitting ends on its summary; "back" goes to where it was started (returnTo=results).
    await page.waitForURL(/\/exam-summary\//);
    await page.getByTestId('session-summary').waitFor();
    await page.getByTestId('summary-back').click();
    await page.waitForURL(`${baseUrl}/results`);

    const results = await pageApi<{
      count: number;
      results: {
        id: string;
        exam: { id: string };
        correct_count: number;
        wrong_count: number;
        answered_count: number;
        total_score: number;
      }[];
    }>(page, 'GET', `/api/exam-results/?exam_id=${examId}`);
    expect(results.status).toBe(200);
    expect(results.body.results).toHaveLength(1);
    const result = results.body.results[0]!;
    expect(result).toMatchObject({ correct_count: 3, wrong_count: 2, answered_count: 5, total_score: 10 });

    // Ended: coming back starts a new session; continue=true&result_id takes the saved answers
    // and jumps to the first question without one.
    await go(page, `/take-exam/${examId}?continue=true&result_id=${result.id}&returnTo=results`);
    await runner(page).waitFor();
    await page.getByText('5 answered').waitFor();
    await toast(page, 'Continuing from the earlier result.').waitFor();
    await page.getByTestId('list-button').click();
    const current = page.locator('[data-testid="question-list-item"][aria-current="step"]');
    expect(await current.getAttribute('aria-label')).toContain('Not answered');
    expect(await page.locator('[data-testid="question-list-item"][aria-label$="Correct"]').count()).toBe(3);
    await page.getByTestId('question-list-modal').getByRole('button', { name: 'Close' }).click();

    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('End without returnTo lands on my exams, even when the cached "my exams" list is stale', async () => {
    const publicId = await publicExamId('쿠버네티스 기초');
    const { page, errors, close } = await visit('/', { locale: 'en-US' });
    await registerThroughForm(page, `end${stamp}`, 'Ender', PASSWORD);

    // A new user's own list is empty: the one-time switch to the public list is right here.
    await go(page, '/exam-management');
    await page
      .getByTestId('exam-list-notice')
      .filter({ hasText: 'You have no exams yet, so here are the public ones.' })
      .waitFor();

    // An exam of their own appears behind the cached empty list's back (as from another tab).
    const source = await pageApi<{ questions: { id: string }[] }>(page, 'GET', `/api/exam/${publicId}/`);
    const created = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
      title: `Mine ${stamp}`,
      creation_type: 'copy',
      exam_id: publicId,
      questions: source.body.questions.slice(0, 2).map((question) => question.id),
    });
    expect(created.status).toBe(200);

    // Take it without reloading the app (the stale list stays in the cache), answer, End.
    await page.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/take-exam/${created.body.id}`);
    await runner(page).waitFor();
    await waitCount(page, '1 / 2');
    await page.getByTestId('self-grade-pass').click();
    await page.getByTestId('nav-next').click();
    await waitCount(page, '2 / 2');
    expect(await page.getByTestId('exam-completed').count()).toBe(0);
    await page.getByTestId('self-grade-pass').click();
    await page.getByTestId('nav-next').click(); // the last question's Finish ends the sitting
    await page.getByTestId('session-summary').waitFor();
    expect(await page.getByTestId('summary-score').textContent()).toBe('2 / 2');
    await page.getByTestId('summary-back').click();

    // docs/product.md#take-exam: /exam-management?t=…, on the user's own list with their exam, no false switch.
    await page.waitForURL(/\/exam-management\?t=\d+$/);
    await page.getByTestId('exam-management-page').getByText(`Mine ${stamp}`).waitFor();
    expect(await page.getByTestId('scope-my').getAttribute('aria-checked')).toBe('true');
    await page.waitForTimeout(500);
    expect(await page.getByTestId('exam-list-notice').count()).toBe(0);
    expect(await page.getByTestId('scope-my').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('exam-management-page').getByText(`Mine ${stamp}`).count()).toBeGreaterThan(0);

    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('the exam creator edits, adds and deletes questions; restart; voice mode', async () => {
    const { page, errors, close } = await visit('/', { locale: 'en-US' });
    await registerThroughForm(page, `ted${stamp}`, 'Taker', PASSWORD);
    const file = await questionFileNamed(page, 'devops-kubernetes-basics.xlsx');
    const created = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
      title: `Mine ${stamp}`,
      file_id: file.id,
      question_count: 3,
      is_public: false,
    });
    expect(created.status).toBe(200);
    const examId = created.body.id;

    await go(page, `/take-exam/${examId}?order=1,2,3`);
    await waitCount(page, '1 / 3');

    // Edit: required fields are checked, then saved.
    await page.getByTestId('edit-question').click();
    const modal = page.getByTestId('question-form-modal');
    await modal.locator('input[name="title"]').fill('   ');
    await modal.getByTestId('question-form-submit').click();
    await modal.getByText('Title, content and answer are required.').waitFor();
    await modal.locator('input[name="title"]').fill(`Edited ${stamp}`);
    await modal.getByTestId('question-form-submit').click();
    await toast(page, 'Question saved.').waitFor();
    await page
      .getByTestId('question-title')
      .filter({ hasText: `Edited ${stamp}` })
      .waitFor();

    // Add: the next csv id and Medium by default; the new question is shown.
    await page.getByTestId('add-question').click();
    expect(await modal.locator('input[name="csv_id"]').inputValue()).toMatch(/^\d+$/);
    expect(await modal.locator('select[name="difficulty"]').inputValue()).toBe('Medium');
    await modal.locator('input[name="title"]').fill(`Added ${stamp}`);
    await modal.locator('textarea[name="content"]').fill('What does kubectl apply do with a manifest?');
    await modal.locator('textarea[name="answer"]').fill('Creates or updates the objects it describes');
    await modal.getByTestId('question-form-submit').click();
    await toast(page, 'Question added.').waitFor();
    await waitCount(page, '4 / 4');
    await page
      .getByTestId('question-title')
      .filter({ hasText: `Added ${stamp}` })
      .waitFor();

    // mode=add-question opens the add form at once.
    await go(page, `/take-exam/${examId}?mode=add-question`);
    await modal.waitFor();
    await modal.getByRole('button', { name: 'Cancel' }).click();
    await modal.waitFor({ state: 'detached' });
    await page.getByTestId('list-button').click();
    await page.locator(`[data-testid="question-list-item"][aria-label*="Added ${stamp}"]`).click();
    await page
      .getByTestId('question-title')
      .filter({ hasText: `Added ${stamp}` })
      .waitFor();

    // Delete, with confirmation.
    await page.getByTestId('delete-question').click();
    await page.getByTestId('delete-question-modal-confirm').click();
    await toast(page, 'Question deleted.').waitFor();
    await waitCount(page, '3 / 3');

    // A cloze note: words selected with the keyboard become gaps (Ctrl+Shift+C, then the button),
    // the preview shows one card per gap, and each is added as its own question.
    await page.getByTestId('add-question').click();
    await modal.locator('input[name="title"]').fill(`Cloze ${stamp}`);
    const content = modal.locator('textarea[name="content"]');
    await content.fill('kubectl talks to the API server');
    await content.press('End');
    for (let i = 0; i < 'API server'.length; i++) await content.press('Shift+ArrowLeft');
    await content.press('Control+Shift+C');
    expect(await content.inputValue()).toBe('kubectl talks to the {{c1::API server}}');
    await content.press('Home');
    for (let i = 0; i < 'kubectl'.length; i++) await content.press('Shift+ArrowRight');
    await modal.getByTestId('insert-gap').click();
    expect(await content.inputValue()).toBe('{{c2::kubectl}} talks to the {{c1::API server}}');
    await modal.getByTestId('cloze-preview-card').nth(1).waitFor();
    expect(await modal.getByTestId('cloze-preview-card').allTextContents()).toEqual([
      expect.stringContaining('kubectl talks to the […]'),
      expect.stringContaining('[…] talks to the API server'),
    ]);
    expect(await modal.locator('textarea[name="answer"]').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await modal.screenshot({ path: 'test-results/screenshots/question-editor-cloze-en.png' });
    await modal.getByTestId('question-form-submit').click();
    await toast(page, 'Question added.').waitFor();
    // The first card is shown: the fourth of five.
    await waitCount(page, '4 / 5');
    // Card 1 shows its gap, never its answer; answered leniently, it reveals the whole sentence.
    const shown = page.getByTestId('question-content');
    await shown.filter({ hasText: 'kubectl talks to the […]' }).waitFor();
    expect(await shown.textContent()).not.toContain('API server');
    await page.getByTestId('answer-input').fill('api  server.');
    await page.getByTestId('submit-answer').click();
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    expect(await page.getByTestId('cloze-sentence').textContent()).toBe('kubectl talks to the [API server]');
    expect(await seriousViolations(page)).toEqual([]);
    await shotFromTop(page, 'take-exam-cloze-en-desktop');

    // Restart from the tools asks first, then starts at question 1 with nothing answered.
    await page.getByTestId('restart-button').click();
    await page.getByTestId('restart-modal-confirm').click();
    await toast(page, 'Starting over.').waitFor();
    await waitCount(page, '1 / 5');
    await page.getByText('0 answered').waitFor();

    // An exam with voice mode shows the voice panel in the question area, across questions.
    const updated = await pageApi(page, 'PATCH', `/api/exam/${examId}/update/`, { voice_mode_enabled: true });
    expect(updated.status).toBe(200);
    await go(page, `/take-exam/${examId}`);
    await page.getByTestId('voice-mode-panel').waitFor();
    await page.getByTestId('nav-last').click();
    await page.getByTestId('voice-mode-panel').waitFor();

    // The same in Korean at 390 px, keyboard only: the language switch (the page reloads in Korean), then
    // a note whose two gaps are made by the shortcut, its preview, and its first card answered.
    expect((await pageApi(page, 'PATCH', `/api/exam/${examId}/update/`, { voice_mode_enabled: false })).status).toBe(
      200,
    );
    await page.setViewportSize(VIEWPORTS.phone);
    await page.getByTestId('language-switch').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'ko');
    await ready(page);
    await page.getByTestId('nav-count').filter({ hasText: / 5$/ }).waitFor();
    // At 390 px the editing tools are behind "more".
    await page.getByTestId('more-tools').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('add-question').focus();
    await page.keyboard.press('Enter');
    await modal.locator('input[name="title"]').focus();
    await page.keyboard.type(`빈칸 ${stamp}`);
    await content.focus();
    await page.keyboard.type('쿠버네티스의 두뇌는 컨트롤 플레인');
    for (let i = 0; i < '컨트롤 플레인'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await page.keyboard.press('Control+Shift+C');
    // Ctrl+Home: at 390 px the note wraps, and Home goes to the start of the visual line only.
    await page.keyboard.press('Control+Home');
    for (let i = 0; i < '쿠버네티스'.length; i++) await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Control+Shift+C');
    expect(await content.inputValue()).toBe('{{c2::쿠버네티스}}의 두뇌는 {{c1::컨트롤 플레인}}');
    await modal.getByTestId('cloze-preview-card').nth(1).waitFor();
    expect(await modal.getByTestId('cloze-preview-card').allTextContents()).toEqual([
      expect.stringContaining('쿠버네티스의 두뇌는 […]'),
      expect.stringContaining('[…]의 두뇌는 컨트롤 플레인'),
    ]);
    await fitsPhone(page);
    expect(await seriousViolations(page, { label: 'question editor cloze ko phone' })).toEqual([]);
    await modal.screenshot({ path: 'test-results/screenshots/question-editor-cloze-ko-phone.png' });
    await modal.getByTestId('question-form-submit').focus();
    await page.keyboard.press('Enter');
    await waitCount(page, '6 / 7');
    await shown.filter({ hasText: '쿠버네티스의 두뇌는 […]' }).waitFor();
    expect(await shown.textContent()).not.toContain('컨트롤');
    await page.getByTestId('answer-input').focus();
    await page.keyboard.type('컨트롤  플레인');
    await page.keyboard.press('Enter');
    await page.locator('[data-testid="answer-feedback"][data-verdict="correct"]').waitFor();
    expect(await page.getByTestId('cloze-sentence').textContent()).toBe('쿠버네티스의 두뇌는 [컨트롤 플레인]');
    await fitsPhone(page);
    expect(await seriousViolations(page, { label: 'take-exam cloze ko phone' })).toEqual([]);
    await shotFromTop(page, 'take-exam-cloze-ko-phone');

    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  for (const [locale, language, examTitle] of [
    ['ko-KR', 'ko', '쿠버네티스 기초'],
    ['en-US', 'en', 'Kubernetes Basics'],
  ] as const) {
    test(`phone width and screenshots (${language})`, async () => {
      const examId = await publicExamId(examTitle);
      const desktop = await visit(`/take-exam/${examId}`, { locale });
      await runner(desktop.page).waitFor();
      await desktop.page.getByTestId('show-answer').click();
      await shotFromTop(desktop.page, `take-exam-anonymous-${language}-desktop`);
      await desktop.close();

      const { page, errors, close } = await visit(`/take-exam/${examId}`, { locale, viewport: 'phone' });
      await runner(page).waitFor();
      await page.getByTestId('answer-input').fill('x'.repeat(120));
      await page.getByTestId('show-answer').click();
      await fitsPhone(page);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(100);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await shotFromTop(page, `take-exam-${language}-phone`);
      expect(unexpected(errors)).toEqual([]);
      await close();
    });
  }
});

// One sitting in two tabs of one learner (D294), and starting it again from exam detail (D296):
// keyboard only; tab A in Korean at 390 px, tab B in English on a desktop.
describe('one sitting, two tabs, and resume or restart', () => {
  const sittingWritten = (page: Page) =>
    page.waitForResponse((response) => response.url().includes('/sitting/') && response.request().method() === 'PUT');
  /** Types an answer into the focused box, submits it (Enter) and goes on (Enter on the verdict). */
  async function answerByKeys(page: Page, text: string, next: string) {
    await page.getByTestId('answer-input').focus();
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
    await page.getByTestId('answer-feedback').waitFor();
    await page.keyboard.press('Enter');
    await waitCount(page, next);
  }

  test('answers from both tabs are kept, the stale tab is told, and exam detail offers continue or start over', async () => {
    const examId = await publicExamId('쿠버네티스 기초');
    const a = await visit('/', { locale: 'ko-KR', viewport: 'phone' });
    await registerThroughForm(a.page, `ts${stamp}`, 'Two tabs', PASSWORD);
    await go(a.page, `/take-exam/${examId}`);
    await runner(a.page).waitFor();
    await waitCount(a.page, '1 / 10');
    let written = sittingWritten(a.page);
    await answerByKeys(a.page, 'a1', '2 / 10');
    await written;

    // Tab B (same learner) opens the exam: asked, it continues where A is.
    const b = await open({ locale: 'en-US' });
    await b.context.addCookies(await a.context.cookies());
    await go(b.page, `/take-exam/${examId}`);
    const offer = b.page.getByTestId('sitting-offer');
    await offer.getByText('Continue (1 answered)').waitFor();
    expect(await seriousViolations(b.page, { label: 'sitting offer (en desktop)' })).toEqual([]);
    await shotFromTop(b.page, 'take-exam-sitting-offer-en-desktop');
    await b.page.locator('[data-testid="sitting-offer-continue"]:focus').waitFor(); // the focus starts on Continue
    await b.page.keyboard.press('Enter');
    await offer.waitFor({ state: 'detached' });
    await waitCount(b.page, '2 / 10');
    await b.page.getByText('1 answered').waitFor();

    // A answers two more; B, not having seen them, answers the last question: its write is merged.
    written = sittingWritten(a.page);
    await answerByKeys(a.page, 'a2', '3 / 10');
    await answerByKeys(a.page, 'a3', '4 / 10');
    await written;
    await b.page.getByTestId('nav-last').focus();
    await b.page.keyboard.press('Enter');
    await waitCount(b.page, '10 / 10');
    await b.page.getByTestId('answer-input').focus();
    await b.page.keyboard.type('b10');
    await b.page.keyboard.press('Enter');
    await b.page.getByTestId('answer-feedback').waitFor();
    await toast(b.page, /This exam was also answered in another tab or device: 2 answers/).waitFor();
    await b.page.getByText('4 answered').waitFor();

    // A's next answer is stale in turn: merged, and A is told in Korean.
    await answerByKeys(a.page, 'a4', '5 / 10');
    await toast(a.page, /다른 탭이나 기기에서도 이 시험을 풀었어요/).waitFor();
    await a.page.getByText('답한 문제 5개').waitFor();
    expect(await seriousViolations(a.page, { label: 'stale notice (ko phone)' })).toEqual([]);
    await fitsPhone(a.page);
    await shotFromTop(a.page, 'take-exam-stale-notice-ko-phone');
    const { body } = await pageApi<{ sitting: { state: { answered: string[]; answers: Record<string, string> } } }>(
      a.page,
      'GET',
      `/api/exam/${examId}/sitting/`,
    );
    const { answered, answers } = body.sitting.state;
    expect(answered).toHaveLength(5);
    expect(new Set(answered).size).toBe(5);
    expect(answered.map((id) => answers[id]).sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'b10']);
    await b.close();

    // Exam detail's Start: continue (5 answered) or start over.
    await go(a.page, `/exam-detail/${examId}`);
    await a.page.getByTestId('detail-start').focus();
    await a.page.keyboard.press('Enter');
    const detailOffer = a.page.getByTestId('sitting-offer');
    await detailOffer.getByText('이어서 풀기 (5문제 답함)').waitFor();
    expect(await seriousViolations(a.page, { label: 'exam detail offer (ko phone)' })).toEqual([]);
    await shotFromTop(a.page, 'exam-detail-sitting-offer-ko-phone');
    await a.page.locator('[data-testid="sitting-offer-continue"]:focus').waitFor();
    await a.page.keyboard.press('Enter');
    await runner(a.page).waitFor();
    await a.page.getByText('답한 문제 5개').waitFor();
    expect(await a.page.getByTestId('sitting-offer').count()).toBe(0); // chosen already: not asked again

    // Start over from exam detail: the old sitting's five answers reach the statistics.
    await go(a.page, `/exam-detail/${examId}`);
    await a.page.getByTestId('detail-start').focus();
    await a.page.keyboard.press('Enter');
    await a.page.getByTestId('sitting-offer-start-over').waitFor();
    await a.page.keyboard.press('Shift+Tab'); // from Continue back to Start over
    await a.page.keyboard.press('Enter');
    await runner(a.page).waitFor();
    await waitCount(a.page, '1 / 10');
    const stats = await pageApi<{ question_id: string; total_attempts: number }[]>(
      a.page,
      'GET',
      `/api/exam/${examId}/question-statistics/`,
    );
    expect(stats.body.filter((stat) => answered.includes(stat.question_id) && stat.total_attempts === 1)).toHaveLength(
      5,
    );
    expect(unexpected(a.errors)).toEqual([]);
    await a.close();
  });

  test('entering from the exam list or a study task asks every time, also in the tab that holds the sitting; a reload does not', async () => {
    const a = await visit('/', { locale: 'ko-KR', viewport: 'phone' });
    await registerThroughForm(a.page, `tn${stamp}`, 'Entries', PASSWORD);
    const file = await questionFileNamed(a.page, 'devops-kubernetes-basics.xlsx');
    const created = await pageApi<{ id: string }>(a.page, 'POST', '/api/create-exam/', {
      title: `Entries ${stamp}`,
      file_id: file.id,
      question_count: 3,
      is_public: false,
    });
    expect(created.status).toBe(200);
    const examId = created.body.id;
    const study = await pageApi<{ id: string }>(a.page, 'POST', '/api/studies/', {
      title_ko: `입구 스터디 ${stamp}`,
      title_en: `Entry study ${stamp}`,
      is_public: false,
    });
    expect(study.status).toBe(200);
    const task = await pageApi(a.page, 'POST', '/api/study-tasks/', {
      study: study.body.id,
      name_ko: '입구 과제',
      name_en: 'Entry task',
      exam: examId,
      progress: 0,
    });
    expect(task.status).toBe(200);

    await go(a.page, `/take-exam/${examId}`);
    await runner(a.page).waitFor();
    await waitCount(a.page, '1 / 3');
    await answerByKeys(a.page, 'e1', '2 / 3');
    // A reload of the exam's own page goes on where it was, unasked: the keys answer at once
    // (an open offer would hold them).
    const reread = a.page.waitForResponse(
      (response) => response.url().includes(`/api/exam/${examId}/sitting/`) && response.request().method() === 'GET',
    );
    await a.page.reload();
    await reread;
    await waitCount(a.page, '2 / 3');
    // The sitting is written with the second answer before the tab leaves.
    const written = a.page.waitForResponse(
      (response) =>
        response.url().includes('/sitting/') &&
        response.request().method() === 'PUT' &&
        (response.request().postData() ?? '').includes('"e2"'),
    );
    await answerByKeys(a.page, 'e2', '3 / 3');
    await written;

    // The exam list's Take, in the tab that holds the sitting: asked; Continue goes on where it stopped.
    await go(a.page, '/exam-management');
    const take = a.page.locator(`[data-testid="exam-take"][href="/take-exam/${examId}?returnTo=exam-management"]`);
    await take.focus();
    await a.page.keyboard.press('Enter');
    const offer = a.page.getByTestId('sitting-offer');
    await offer.getByText('이어서 풀기 (2문제 답함)').waitFor();
    expect(await seriousViolations(a.page, { label: 'exam list entry offer (ko phone)' })).toEqual([]);
    await fitsPhone(a.page);
    await shotFromTop(a.page, 'take-exam-entry-offer-ko-phone');
    await a.page.locator('[data-testid="sitting-offer-continue"]:focus').waitFor();
    await a.page.keyboard.press('Enter');
    await offer.waitFor({ state: 'detached' });
    await waitCount(a.page, '3 / 3');
    await a.page.getByText('답한 문제 2개').waitFor();
    const { body } = await pageApi<{ sitting: { state: { answered: string[] } } }>(
      a.page,
      'GET',
      `/api/exam/${examId}/sitting/`,
    );
    const answered = body.sitting.state.answered;
    expect(answered).toHaveLength(2);

    // A study task's link, in English on a desktop: asked; Start over counts the two answers first.
    const b = await open({ locale: 'en-US' });
    await b.context.addCookies(await a.context.cookies());
    await go(b.page, `/study-detail/${study.body.id}`);
    await b.page.getByTestId('task-take-link').focus();
    await b.page.keyboard.press('Enter');
    const taskOffer = b.page.getByTestId('sitting-offer');
    await taskOffer.getByText('Continue (2 answered)').waitFor();
    expect(await seriousViolations(b.page, { label: 'study task entry offer (en desktop)' })).toEqual([]);
    await shotFromTop(b.page, 'take-exam-entry-offer-en-desktop');
    await b.page.locator('[data-testid="sitting-offer-continue"]:focus').waitFor();
    await b.page.keyboard.press('Shift+Tab'); // from Continue back to Start over
    await b.page.keyboard.press('Enter');
    await taskOffer.waitFor({ state: 'detached' });
    await waitCount(b.page, '1 / 3');
    await b.page.getByText('0 answered').waitFor();
    const stats = await pageApi<{ question_id: string; total_attempts: number }[]>(
      b.page,
      'GET',
      `/api/exam/${examId}/question-statistics/`,
    );
    expect(
      stats.body
        .filter((stat) => stat.total_attempts > 0)
        .map((stat) => stat.question_id)
        .sort(),
    ).toEqual([...answered].sort());
    expect(unexpected(a.errors)).toEqual([]);
    expect(unexpected(b.errors)).toEqual([]);
    await b.close();
    await a.close();
  });
});

// The signed-in screen at phone width, for the screenshot with every tool shown.
describe('take exam signed in at phone width', () => {
  test('tools wrap without sideways scrolling', async () => {
    const examId = await publicExamId('쿠버네티스 기초');
    const opened = await open({ locale: 'ko-KR', viewport: 'phone' });
    const { page, close } = opened;
    await page.goto(`${baseUrl}/`);
    await ready(page);
    await registerThroughForm(page, `tp${stamp}`, 'Taker', PASSWORD);
    await go(page, `/take-exam/${examId}`);
    await runner(page).waitFor();
    await page.getByTestId('favorite-toggle').waitFor();
    await fitsPhone(page);

    // At the favorites cap the server refuses (409 favorite_limit_reached): the star falls back and
    // the toast says why, in the server's words. The refusal is played here; the cap itself is
    // tested against the tables in tests/integration/questions-learning.test.ts.
    const limitDetail = '즐겨찾기는 최대 1000개까지 저장할 수 있습니다. 즐겨찾기 일부를 해제한 뒤 다시 시도해주세요.';
    await page.route('**/api/add-question-to-favorite/', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'favorite_limit_reached', detail: limitDetail }),
      }),
    );
    await page.getByTestId('favorite-toggle').click();
    await toast(page, limitDetail).waitFor();
    await page.locator('[data-testid="favorite-toggle"][aria-pressed="false"]:not([disabled])').waitFor();
    await shotFromTop(page, 'take-exam-favorite-limit-ko-phone');
    await page.unroute('**/api/add-question-to-favorite/');
    await shotFromTop(page, 'take-exam-signed-in-ko-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shotFromTop(page, 'take-exam-signed-in-ko-desktop');

    // Single-question mode, signed in: a private temporary exam with that one question.
    const questionId = await page.getByTestId('question-card').getAttribute('data-question-id');
    await go(page, `/take-exam?exam_id=${examId}&question_id=${questionId}&returnTo=exam-detail`);
    await page.waitForURL(
      (url) =>
        url.pathname !== '/take-exam' && url.pathname.startsWith('/take-exam/') && !url.pathname.endsWith(examId),
    );
    expect(new URL(page.url()).searchParams.get('examId')).toBe(examId);
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('exam-detail');
    await waitCount(page, '1 / 1');
    expect(await page.getByTestId('question-card').getAttribute('data-question-id')).toBe(questionId);
    await close();
  });
});
