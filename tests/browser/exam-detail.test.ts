import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/browser-axe.js';
import { screenshot, VIEWPORTS } from '../support/browser.js';
import {
  fitsWidth,
  go,
  pageApi,
  registerThroughForm,
  shotFromTop,
  toast,
  unexpected,
} from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

/**
 * The exam detail screen and the favorites view: filter, sort, reload with the state in
 * the address, start an exam with the chosen order, move questions to another exam, favorites —
 * in Korean and English, at desktop and 390 px, with axe finding nothing serious.
 */
const { baseUrl, stamp, visit } = useBrowser();
const PASSWORD = 'detail-pass-42';

interface Question {
  id: string;
  csv_id: string;
  answer_en?: string;
  answer_ko?: string;
}

async function makeExam(page: Page, title: string, count: number): Promise<{ id: string; questions: Question[] }> {
  const created = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
    title,
    file_name: 'devops-kubernetes-basics.xlsx',
    question_count: count,
    is_public: false,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const exam = await pageApi<{ questions: Question[] }>(page, 'GET', `/api/exam/${created.body.id}/`);
  return { id: created.body.id, questions: exam.body.questions };
}

/** One submitted sitting: the first `correct` questions answered right, the rest wrong. */
async function submit(page: Page, examId: string, questions: Question[], correct: number): Promise<void> {
  const answers = questions.map((question, i) => ({
    question_id: question.id,
    answer: i < correct ? question.answer_en || question.answer_ko || '' : 'no idea',
    elapsed_seconds: 5,
  }));
  const sent = await pageApi(page, 'POST', '/api/submit-exam/', {
    exam_id: examId,
    answers,
    elapsed_seconds: 30,
    submission_id: `detail-${stamp}-${examId}-${correct}`,
  });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
}

const rows = (page: Page) => page.getByTestId('question-row');
const rowIds = (page: Page) =>
  rows(page).evaluateAll((list) => list.map((row) => row.getAttribute('data-question-id') ?? ''));
const csvIds = (page: Page) => page.getByTestId('question-csv-id').allTextContents();

describe('exam detail', () => {
  const username = `det${stamp}`;
  let examA: { id: string; questions: Question[] };
  let examB: { id: string; questions: Question[] };
  /** A copy of questions of the private exam A: publishing it needs the creator's consent. */
  let examC: string;

  test('ko, desktop: filter, sort, reload with the URL state, start with that order, favorites', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await registerThroughForm(page, username, '상세', PASSWORD);
    examA = await makeExam(page, `상세 시험 A ${stamp}`, 6);
    examB = await makeExam(page, `상세 시험 B ${stamp}`, 3);
    await submit(page, examA.id, examA.questions, 2);

    await go(page, `/exam-detail/${examA.id}`);
    await page.getByTestId('question-table').waitFor();
    expect(await page.title()).toBe('시험 상세 · Quizbank');
    await expect.poll(() => rows(page).count()).toBe(6);
    // Default priority: with attempts, the lowest accuracy first — the four wrong ones before the two right ones.
    const attempts = await page.getByTestId('question-correct').allTextContents();
    expect(attempts.slice(0, 4)).toEqual(['0', '0', '0', '0']);
    expect(attempts.slice(4)).toEqual(['1', '1']);
    expect(await page.getByTestId('sort-priority').count()).toBe(0);
    await shotFromTop(page, 'exam-detail-ko-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // Filter: accuracy high keeps the two answered right; the address keeps it.
    await page.getByTestId('filter-answerFilter').selectOption('high');
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('answerFilter')).toBe('high');
    await page.getByTestId('filter-answerFilter').selectOption('');
    await expect.poll(() => rows(page).count()).toBe(6);

    // Sort by id, twice in one task (a double click before the router draws the first): descending.
    await page.getByTestId('sort-csv_id').evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await expect.poll(() => new URL(page.url()).searchParams.get('sortOrder')).toBe('desc');
    const descending = examA.questions
      .map((question) => question.csv_id)
      .sort((a, b) => b.localeCompare(a, undefined, { numeric: true }));
    await expect.poll(() => csvIds(page)).toEqual(descending);

    // Search (debounced) narrows by title; reload shows the same view.
    const titles = await page.getByTestId('question-title').allTextContents();
    const firstTitle = titles[0] ?? '';
    const term = firstTitle.slice(0, Math.min(6, firstTitle.length));
    await page.getByTestId('filter-search').fill(term);
    await expect.poll(() => new URL(page.url()).searchParams.get('searchTerm')).toBe(term);
    const expected = titles.filter((title) => title.toLowerCase().includes(term.toLowerCase())).length;
    await expect.poll(() => rows(page).count()).toBe(expected);
    const filteredIds = await rowIds(page);
    await page.reload();
    await page.getByTestId('question-table').waitFor();
    expect(await page.getByTestId('filter-search').inputValue()).toBe(term);
    await expect.poll(() => rowIds(page)).toEqual(filteredIds);
    expect(await page.getByTestId('sort-csv_id').locator('xpath=..').getAttribute('aria-sort')).toBe('descending');

    // `t` resets everything.
    await go(page, `/exam-detail/${examA.id}?t=1&searchTerm=zzz&sortBy=title`);
    await expect.poll(() => page.url()).toBe(`${baseUrl}/exam-detail/${examA.id}`);
    await expect.poll(() => rows(page).count()).toBe(6);

    // Select two in the table's order (id descending) and start: selected + order + restart.
    await go(page, `/exam-detail/${examA.id}?sortBy=csv_id&sortOrder=desc`);
    await page.getByTestId('question-table').waitFor();
    const ordered = await rowIds(page);
    await rows(page).nth(2).getByTestId('question-select').check();
    await rows(page).nth(0).getByTestId('question-select').check();
    await page.getByTestId('detail-start').click();
    await page.waitForURL(/\/take-exam\//);
    const start = new URL(page.url());
    expect(start.pathname).toBe(`/take-exam/${examA.id}`);
    expect(start.searchParams.get('selected')).toBe(`${ordered[0]},${ordered[2]}`);
    expect(start.searchParams.get('order')).toBe(`${ordered[0]},${ordered[2]}`);
    expect(start.searchParams.get('restart')).toBe('true');
    expect(start.searchParams.get('sortBy')).toBe('csv_id');
    await expect.poll(() => page.getByTestId('question-card').getAttribute('data-question-id')).toBe(ordered[0]);
    expect(await page.getByTestId('question-progress').textContent()).toContain('/ 2');

    // Star one; it shows under favorites with a link back to its exam.
    await go(page, `/exam-detail/${examA.id}`);
    await page.getByTestId('question-table').waitFor();
    const starred = (await rowIds(page))[1]!;
    await page
      .locator(`[data-testid="question-row"][data-question-id="${starred}"]`)
      .getByTestId('question-favorite')
      .click();
    await toast(page, '즐겨찾기에 추가했습니다.').waitFor();
    await go(page, '/favorites');
    await page.getByTestId('question-table').waitFor();
    expect(await page.title()).toBe('즐겨찾기 · Quizbank');
    await expect.poll(() => rowIds(page)).toEqual([starred]);
    expect(await page.getByTestId('question-original-exam').first().getAttribute('href')).toBe(
      `/exam-detail/${examA.id}`,
    );
    expect(await page.getByTestId('filter-ignoreFilter').inputValue()).toBe('');
    await shotFromTop(page, 'favorites-ko-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // Publishing questions of a private exam: the info card asks for consent and saves only with it.
    const copied = await pageApi<{ id: string; exam: { is_public: boolean; has_private_questions: boolean } }>(
      page,
      'POST',
      '/api/create-exam/',
      {
        title: `상세 시험 C ${stamp}`,
        questions: [examA.questions[0]!.id],
        exam_id: examA.id,
      },
    );
    expect(copied.body.exam).toMatchObject({ is_public: false, has_private_questions: true });
    examC = copied.body.id;
    await go(page, `/exam-detail/${examC}`);
    await page.getByTestId('exam-info-toggle').click();
    await page.getByTestId('exam-info-edit').click();
    await page.getByTestId('exam-info-public').check();
    const consent = page.getByTestId('exam-info-private-consent');
    await consent.getByText('비공개 시험의 문제가 들어 있습니다', { exact: false }).waitFor();
    expect(await page.getByTestId('exam-info-save').isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await consent.getByTestId('exam-info-private-consent-check').check();
    await page.getByTestId('exam-info-save').click();
    await toast(page, '시험 정보를 저장했습니다.').waitFor();
    expect((await pageApi<{ is_public: boolean }>(page, 'GET', `/api/exam/${examC}/`)).body.is_public).toBe(true);

    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('ko, desktop: move a question to another exam through the options modal', async () => {
    const { page, errors, close } = await visit('/login', { locale: 'ko-KR' });
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/`);
    // Move one question to exam B through the options modal.
    await go(page, `/exam-detail/${examA.id}`);
    await page.getByTestId('question-table').waitFor();
    // Both exams are drawn at random from one file: move a question B does not hold yet (one it
    // holds is only taken out of A, by design, and B's count would not grow).
    const inB = new Set(examB.questions.map((question) => question.id));
    const moving = (await rowIds(page)).find((id) => !inB.has(id))!;
    await page
      .locator(`[data-testid="question-row"][data-question-id="${moving}"]`)
      .getByTestId('question-select')
      .check();
    await page.getByTestId('detail-options').click();
    const options = page.getByTestId('options-modal');
    await options.getByTestId('options-selected-count').getByText('1').waitFor();
    await options.getByTestId('options-target').selectOption(examB.id);
    await screenshot(page, 'exam-detail-options-ko-desktop', false);
    await options.getByTestId('options-move').click();
    await toast(page, '1문제를 이동했습니다.').waitFor();
    await expect.poll(() => rows(page).count()).toBe(5);
    expect(await rowIds(page)).not.toContain(moving);
    await go(page, `/exam-detail/${examB.id}`);
    await page.getByTestId('question-table').waitFor();
    await expect.poll(() => rowIds(page)).toContain(moving);
    expect(await rows(page).count()).toBe(4);

    // Update from a sheet: the known question id is updated in place, the unknown one reported.
    const kept = examB.questions[0]!;
    const sheet = `Question ID,Title,Question Content,Answer\n${kept.csv_id},Renamed by sheet ${stamp},New content,New answer\nno-such-id,Ghost,C,A\n`;
    await page
      .getByTestId('upload-file')
      .setInputFiles({ name: 'update.csv', mimeType: 'text/csv', buffer: Buffer.from(sheet) });
    await page.getByTestId('upload-submit').click();
    await toast(page, '업데이트 1건').waitFor();
    await page.getByTestId('upload-report').getByText('no-such-id', { exact: false }).waitFor();
    await page
      .locator(`[data-testid="question-row"][data-question-id="${kept.id}"]`)
      .getByText(`Renamed by sheet ${stamp}`)
      .waitFor();
    expect(await rows(page).count()).toBe(4);

    // A random exam of 2 of the 4 shown, with the default (daily-quiz) title.
    await page.getByTestId('detail-random').click();
    const random = page.getByTestId('random-exam-modal');
    await random.getByLabel('문제 수 (1–4)').fill('2');
    await random.getByTestId('random-exam-create').click();
    await page.waitForURL(/\/take-exam\/[^?]+\?returnTo=exam-detail&examId=/);
    expect(new URL(page.url()).searchParams.get('examId')).toBe(examB.id);
    await expect.poll(() => page.getByTestId('question-progress').textContent()).toContain('/ 2');
    // The daily-quiz title speaks the viewer's language (D302).
    expect(await page.getByTestId('exam-title').textContent()).toContain(`${username}님의 오늘의 퀴즈`);

    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('en, 390 px: the table fits, state survives a reload, favorites and options work', async () => {
    const { page, errors, close } = await visit('/login', { locale: 'en-US', storage: { language: 'en' } });
    await page.setViewportSize(VIEWPORTS.phone);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/`);

    await go(page, `/exam-detail/${examA.id}?difficultyFilter=Easy&ignoreFilter=`);
    await page.getByTestId('filter-bar').waitFor();
    expect(await page.title()).toBe('Exam detail · Quizbank');
    expect(await page.getByTestId('filter-difficultyFilter').inputValue()).toBe('Easy');
    expect(await page.getByTestId('filter-ignoreFilter').inputValue()).toBe('');
    await go(page, `/exam-detail/${examA.id}`);
    await page.getByTestId('question-table').waitFor();
    await page.getByTestId('sort-title').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sortBy')).toBe('title');
    // aria-sort and the rows change in one render: once it is there, the rows are in title order.
    await expect
      .poll(() => page.getByTestId('sort-title').locator('xpath=..').getAttribute('aria-sort'))
      .toBe('ascending');
    const before = await rowIds(page);
    await page.reload();
    await page.getByTestId('question-table').waitFor();
    await expect.poll(() => rowIds(page)).toEqual(before);
    await fitsWidth(page, VIEWPORTS.phone.width);
    await shotFromTop(page, 'exam-detail-en-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await rows(page).first().getByTestId('question-select').check();
    await page.getByTestId('detail-options').click();
    await page.getByTestId('options-modal').getByText('Selected questions: 1').waitFor();
    await fitsWidth(page, VIEWPORTS.phone.width);
    await screenshot(page, 'exam-detail-options-en-phone', false);
    await page.getByTestId('options-modal').getByRole('button', { name: 'Close' }).first().click();

    // A bulk favorite that meets the cap stops there and says why (the refusal is played: the cap
    // itself is tested against the tables in tests/integration/questions-learning.test.ts).
    await rows(page).nth(1).getByTestId('question-select').check();
    const limitDetail = 'You can keep up to 1000 favorite questions. Remove some favorites, then try again.';
    let refused = 0;
    await page.route('**/api/add-question-to-favorite/', (route) => {
      refused += 1;
      return route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'favorite_limit_reached', detail: limitDetail }),
      });
    });
    await page.getByTestId('detail-bulk-favorite').click();
    await toast(page, `${limitDetail} 0 done, 2 failed`).waitFor();
    expect(refused).toBe(1);
    await shotFromTop(page, 'exam-detail-favorite-limit-en-phone');
    await page.unroute('**/api/add-question-to-favorite/');

    await go(page, '/favorites');
    await page.getByTestId('question-table').waitFor();
    expect(await page.title()).toBe('Favorites · Quizbank');
    await expect.poll(() => rows(page).count()).toBe(1);
    await fitsWidth(page, VIEWPORTS.phone.width);
    await shotFromTop(page, 'favorites-en-phone');
    expect(await seriousViolations(page)).toEqual([]);

    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('en, desktop and ko, 390 px: the screens render and pass axe', async () => {
    for (const [locale, language, phone] of [
      ['en-US', 'en', false],
      ['ko-KR', 'ko', true],
    ] as const) {
      const { page, errors, close } = await visit('/login', { locale, storage: { language } });
      if (phone) await page.setViewportSize(VIEWPORTS.phone);
      await page.locator('input[name="username"]').fill(username);
      await page.locator('input[name="password"]').fill(PASSWORD);
      await page.locator('form button[type="submit"]').click();
      await page.waitForURL(`${baseUrl}/`);
      for (const path of [`/exam-detail/${examB.id}`, '/favorites']) {
        await go(page, path);
        await page.getByTestId('question-table').waitFor();
        await page.getByTestId('exam-detail-page').waitFor();
        if (phone) await fitsWidth(page, VIEWPORTS.phone.width);
        expect(await seriousViolations(page)).toEqual([]);
      }
      await shotFromTop(page, `favorites-${language}-${phone ? 'phone' : 'desktop'}-2`);
      await go(page, `/exam-detail/${examB.id}`);
      await page.getByTestId('exam-info-toggle').click();
      await page.getByTestId('exam-info-details').waitFor();
      await shotFromTop(page, `exam-detail-${language}-${phone ? 'phone' : 'desktop'}`);
      // The consent to publish private questions, in this language and width.
      const copy = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
        title: `consent ${language} ${phone} ${stamp}`,
        questions: [examA.questions[1]!.id],
        exam_id: examA.id,
      });
      await go(page, `/exam-detail/${copy.body.id}`);
      await page.getByTestId('exam-info-toggle').click();
      await page.getByTestId('exam-info-edit').click();
      await page.getByTestId('exam-info-public').check();
      await page
        .getByTestId('exam-info-private-consent')
        .getByText(language === 'ko' ? '이 문제들을 모두에게 공개합니다' : 'make these questions visible to everyone', {
          exact: false,
        })
        .waitFor();
      if (phone) await fitsWidth(page, VIEWPORTS.phone.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shotFromTop(page, `exam-detail-consent-${language}-${phone ? 'phone' : 'desktop'}`);
      expect(unexpected(errors)).toEqual([]);
      await close();
    }
  });
});
