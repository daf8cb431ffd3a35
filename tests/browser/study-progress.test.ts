import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, VIEWPORTS } from '../support/browser.js';
import { go, logIn, pageApi, registerThroughForm, shotFromTop, unexpected } from '../support/browser-pages.js';
import { seriousViolations } from '../support/browser-axe.js';
import { useBrowser } from '../support/browser-harness.js';

const { baseUrl, stamp, visit } = useBrowser();

const PASSWORD = 'correct-horse-42';

/** A private study with one task whose exam (3 demo questions) the user has submitted once, 2 correct. */
async function studyWithProgress(page: Page): Promise<{ studyId: string; answers: string[] }> {
  const study = await pageApi<{ id: string }>(page, 'POST', '/api/studies/', {
    title_ko: `진행 스터디 ${stamp}`,
    title_en: `Progress study ${stamp}`,
    is_public: false,
  });
  expect(study.status, JSON.stringify(study.body)).toBe(200);
  const exam = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
    title: `진행 시험 ${stamp}`,
    file_name: 'devops-kubernetes-basics.xlsx',
    question_count: 3,
    is_public: false,
  });
  expect(exam.status, JSON.stringify(exam.body)).toBe(200);
  const task = await pageApi(page, 'POST', '/api/study-tasks/', {
    study: study.body.id,
    name_ko: '쿠버네티스 과제',
    name_en: 'Kubernetes task',
    exam: exam.body.id,
    progress: 0,
  });
  expect(task.status, JSON.stringify(task.body)).toBe(200);
  const read = await pageApi<{ questions: { id: string; answer?: string }[] }>(
    page,
    'GET',
    `/api/exam/${exam.body.id}/`,
  );
  const questions = read.body.questions;
  const submitted = await pageApi(page, 'POST', '/api/submit-exam/', {
    exam_id: exam.body.id,
    submission_id: `progress-${stamp}`,
    elapsed_seconds: 725,
    answers: questions.map((q, i) => ({
      question_id: q.id,
      answer: i < 2 ? (q.answer ?? '') : 'not sure',
      elapsed_seconds: 5,
    })),
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  expect(
    (await pageApi(page, 'POST', '/api/record-study-progress/', { study_id: study.body.id, page_type: 'detail' }))
      .status,
  ).toBe(200);
  return { studyId: study.body.id, answers: questions.map((q) => q.answer ?? '') };
}

async function dashboardShows(page: Page) {
  await page.getByTestId('study-progress-dashboard').waitFor();
  // One day of data is one point per line: its dots are what is drawn.
  await page.locator('[data-testid="overall-chart"] .recharts-line-dot').first().waitFor();
  await page.locator('[data-testid="accuracy-chart"] .recharts-bar-rectangle').first().waitFor();
  expect(await page.locator('[data-testid="task-time-table"] tbody tr').count()).toBe(1);
  // Only the days with time are listed (today's 12 minutes); the empty state is for a period with none.
  expect(await page.locator('[data-testid="daily-time-table"] tbody tr').count()).toBe(1);
  expect(await page.getByTestId('daily-time-empty').count()).toBe(0);
  expect(await page.locator('[data-testid="history-table"] tbody tr').count()).toBeGreaterThanOrEqual(1);
}

/**
 * At 390 px the "By task" table keeps every header on one line (no word broken letter by letter) and its
 * frame scrolls to the last column, which is then wholly inside the frame (D301).
 */
async function taskTableWhole(page: Page) {
  const table = page.getByTestId('task-time-table');
  // Every table of the dashboard keeps its cells on one line (the members' too, for a manager).
  const lines = await page.locator('[data-scroll-x] th, [data-scroll-x] td').evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return `${cell.textContent}:${tops.size}`;
    }),
  );
  expect(lines.filter((line) => !line.endsWith(':1') && !line.endsWith(':0'))).toEqual([]);
  const lastFits = await table.evaluate((element) => {
    const frame = element.closest('[data-scroll-x]')!;
    frame.scrollLeft = frame.scrollWidth;
    const last = element.querySelector('thead th:last-child')!.getBoundingClientRect();
    return last.right <= frame.getBoundingClientRect().right + 1;
  });
  expect(lastFits).toBe(true);
}

describe('study progress dashboard and random practice', () => {
  const username = `prog${stamp}`;
  let studyId = '';

  test('the dashboard renders both charts with data in ko and en, at desktop and 390 px', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await registerThroughForm(page, username, '진행', PASSWORD);
    ({ studyId } = await studyWithProgress(page));

    // One progress (D300): the study header's, the dashboard's card and its task row say the same.
    await go(page, `/study-detail/${studyId}`);
    const header = (await page.getByTestId('study-progress-link').textContent())?.trim();
    expect(header).toBe('2/3 (66.67%)');
    await go(page, `/study-progress-dashboard/${studyId}?returnTo=study-detail`);
    await dashboardShows(page);
    expect(await page.getByTestId('card-progress').getByTestId('card-value').textContent()).toBe(header);
    expect(await page.getByTestId('task-progress').textContent()).toBe(header);
    expect(await page.getByTestId('card-answered').getByTestId('card-value').textContent()).toBe('3');
    expect(await page.getByTestId('total-study-time').textContent()).toBe('총 학습 시간: 0시간 12분');
    expect(await page.getByTestId('period-7').getAttribute('aria-pressed')).toBe('true');
    await shotFromTop(page, 'study-progress-ko-desktop');
    await page.getByTestId('period-all').click();
    await expect.poll(() => page.getByTestId('period-all').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('dashboard-back').getAttribute('href')).toBe(`/study-detail/${studyId}`);
    await page.setViewportSize(VIEWPORTS.phone);
    await dashboardShows(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(VIEWPORTS.phone.width);
    await taskTableWhole(page);
    expect(await seriousViolations(page, { include: '[data-testid="study-progress-dashboard"]' })).toEqual([]);
    // A task's bar tells its accuracy with the unit the axis shows.
    await page.locator('[data-testid="accuracy-chart"] .recharts-bar-rectangle').first().hover();
    await expect
      .poll(() => page.locator('[data-testid="accuracy-chart"] .recharts-tooltip-item').first().textContent())
      .toBe('정답률 : 67%');
    await page.getByTestId('task-time-table').scrollIntoViewIfNeeded();
    await screenshot(page, 'study-progress-by-task-ko-phone');
    await shotFromTop(page, 'study-progress-ko-phone');
    expect(unexpected(errors)).toEqual([]);
    await close();

    const en = await visit('/login', { locale: 'en-US' });
    await logIn(en.page, username, PASSWORD);
    await pageApi(en.page, 'POST', '/api/change-language/', { language: 'en' });
    await go(en.page, `/study-progress-dashboard/${studyId}`);
    await dashboardShows(en.page);
    for (const label of [
      'Progress (all time)',
      'Tasks studied',
      'Answered in this period',
      'Correct',
      'Accuracy',
      'Study time',
    ])
      await en.page.getByTestId('progress-cards').getByText(label, { exact: true }).waitFor();
    expect(await seriousViolations(en.page, { include: '[data-testid="study-progress-dashboard"]' })).toEqual([]);
    await shotFromTop(en.page, 'study-progress-en-desktop');
    await en.page.setViewportSize(VIEWPORTS.phone);
    await dashboardShows(en.page);
    await taskTableWhole(en.page);
    await shotFromTop(en.page, 'study-progress-en-phone');

    // A study only visited, with no task yet: progress history but no study time, so the task and
    // daily panels say so.
    const visited = await pageApi<{ id: string }>(en.page, 'POST', '/api/studies/', {
      title_ko: `방문 ${stamp}`,
      title_en: `Visited ${stamp}`,
      is_public: false,
    });
    expect(
      (
        await pageApi(en.page, 'POST', '/api/record-study-progress/', {
          study_id: visited.body.id,
          page_type: 'detail',
        })
      ).status,
    ).toBe(200);
    await go(en.page, `/study-progress-dashboard/${visited.body.id}`);
    await expect
      .poll(() => en.page.getByTestId('daily-time-empty').textContent(), { timeout: 15_000 })
      .toBe('No study time was recorded in this period.');
    expect(await en.page.getByTestId('daily-time-table').count()).toBe(0);
    expect(await en.page.getByTestId('task-time-empty').textContent()).toBe('This study has no tasks yet.');
    await shotFromTop(en.page, 'study-progress-no-time-en-phone');
    // Gone again, so that random practice below sees only the study with questions.
    expect((await pageApi(en.page, 'DELETE', `/api/studies/${visited.body.id}/`)).status).toBeLessThan(300);
    await en.close();
  });

  test('random practice without a study offers the study list, at 390 px in both languages', async () => {
    for (const [locale, text, link] of [
      ['ko-KR', '참여 중인 스터디가 없습니다.', '참여할 스터디 찾기'],
      ['en-US', 'You have not joined any study.', 'Find a study to join'],
    ] as const) {
      const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale });
      await page.setViewportSize(VIEWPORTS.phone);
      await registerThroughForm(page, `solo${locale.slice(0, 2)}${stamp}`, '혼자', PASSWORD);
      if (locale === 'en-US') await pageApi(page, 'POST', '/api/change-language/', { language: 'en' });
      await go(page, '/random-practice');
      const empty = page.getByTestId('practice-no-studies');
      await expect.poll(() => empty.textContent(), { timeout: 15_000 }).toBe(`${text} ${link}`);
      await shotFromTop(page, `random-practice-no-studies-${locale.slice(0, 2)}-phone`);
      await empty.getByRole('link', { name: link }).click();
      await expect.poll(() => page.url()).toBe(`${baseUrl}/study-management`);
      expect(unexpected(errors)).toEqual([]);
      await close();
    }
  });

  test('a full random practice run from home: verdicts, the overrule, the misses and retry the missed ones', async () => {
    const { page, errors, close } = await visit('/login', { locale: 'ko-KR' });
    await logIn(page, username, PASSWORD);
    // D95: the grid's cards take their pool size from the study list, never from a pool request of their own.
    const poolRequests: string[] = [];
    page.on(
      'request',
      (request) => void (request.url().includes('/api/random-practice/') && poolRequests.push(request.url())),
    );
    await go(page, '/?fromHomeMenu=true');
    await screenshot(page, 'random-practice-home-ko');
    expect(unexpected(errors)).toEqual([]);
    await page.getByTestId('feature-cards').waitFor();
    const card = page.getByTestId('random-practice-card');
    // Still loading shows a toast; once the studies are in, the card opens the screen.
    await expect
      .poll(
        async () => {
          if (!page.url().endsWith('/random-practice')) await card.click();
          await page.waitForTimeout(300);
          return page.url();
        },
        { timeout: 15_000 },
      )
      .toBe(`${baseUrl}/random-practice`);
    await page.getByTestId('practice-study').first().waitFor();
    const select = page.getByTestId('practice-study').first().getByTestId('practice-select');
    await expect.poll(() => select.isEnabled()).toBe(true);
    expect(poolRequests).toEqual([]);
    await select.click();
    await page.getByTestId('practice-settings').waitFor();
    expect(await page.getByTestId('practice-count').inputValue()).toBe('3'); // default 10 capped at the study's 3
    await page.getByTestId('practice-count').fill('2');
    await page.getByTestId('practice-start').click();
    await page.getByTestId('practice-question').waitFor();
    expect(await page.getByTestId('practice-counter').textContent()).toBe('1 / 2');
    // A wrong answer gets its verdict, the correct answer and the explanation; one click overrules it.
    const firstContent = await page.getByTestId('practice-content').textContent();
    await page.getByTestId('answer-input').fill('전혀 다른 답');
    await page.getByTestId('answer-input').press('Enter');
    const feedback = page.getByTestId('answer-feedback');
    await feedback.waitFor();
    expect(await feedback.getAttribute('data-verdict')).toBe('wrong');
    expect((await feedback.getByTestId('correct-answer').textContent())?.trim()).not.toBe('');
    await shotFromTop(page, 'random-practice-verdict-ko');
    await feedback.getByTestId('overrule').click();
    await expect.poll(() => feedback.getAttribute('data-verdict')).toBe('correct');
    await feedback.getByTestId('overrule').click(); // and back: the rule's verdict again
    await expect.poll(() => feedback.getAttribute('data-verdict')).toBe('wrong');
    await page.keyboard.press('ArrowRight'); // after the verdict → goes on (Enter would press the focused overrule)
    await expect.poll(() => page.getByTestId('practice-counter').textContent()).toBe('2 / 2');
    await page.getByTestId('practice-skip').click();
    // The end lists the misses with their text, the answer given and the right one.
    const summary = page.getByTestId('session-summary');
    await summary.waitFor();
    expect(await summary.getByTestId('summary-score').textContent()).toBe('0 / 2');
    expect(await summary.getByTestId('summary-miss').count()).toBe(2);
    expect(await summary.getByTestId('miss-content').first().textContent()).toBe(firstContent);
    expect(await summary.getByTestId('miss-your-answer').first().textContent()).toBe('전혀 다른 답');
    // The answer given counts as practice (D299), and the learner is told where; the skipped one nowhere.
    const saved = page.getByTestId('practice-save-notice');
    await expect.poll(() => saved.getAttribute('data-state')).toBe('saved');
    expect(await saved.textContent()).toContain('답 1개가 연습으로 기록되었습니다.');
    const results = await pageApi<{ results: { exam: { study: { id: string } | null }; answered_count: number }[] }>(
      page,
      'GET',
      '/api/exam-results/',
    );
    const practised = results.body.results.filter((r) => r.exam.study?.id === studyId && r.answered_count === 1);
    expect(practised).toHaveLength(1);
    await shotFromTop(page, 'random-practice-result-ko');
    await summary.getByTestId('retry-missed').click();
    await page.getByTestId('practice-question').waitFor();
    expect(await page.getByTestId('practice-counter').textContent()).toBe('1 / 2');
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
