import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, VIEWPORTS } from '../support/browser.js';
import {
  fitsWidth,
  go,
  logIn,
  pageApi,
  registerThroughForm,
  shotFromTop,
  toast,
  unexpected,
} from '../support/browser-pages.js';
import { useAdmin, useBrowser } from '../support/browser-harness.js';

const { baseUrl, stamp, visit } = useBrowser();

const PASSWORD = 'correct-horse-42';

/**
 * An exam of 3 questions from the demo's public file, and `count` submitted results of it: the
 * i-th result answers i % 4 questions correctly (of 3) so the scores differ.
 */
async function makeResults(page: Page, title: string, count: number): Promise<{ examId: string; resultIds: string[] }> {
  const created = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
    title,
    file_name: 'devops-kubernetes-basics.xlsx',
    question_count: 3,
    is_public: false,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const examId = created.body.id;
  const exam = await pageApi<{ questions: { id: string; answer_en?: string; answer?: string }[] }>(
    page,
    'GET',
    `/api/exam/${examId}/`,
  );
  expect(exam.status).toBe(200);
  const questions = exam.body.questions;
  expect(questions).toHaveLength(3);
  const resultIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const answers = questions.map((question, q) => ({
      question_id: question.id,
      answer: q < i % 4 ? question.answer_en || question.answer || '' : 'not sure',
      elapsed_seconds: 10 + q,
    }));
    // One submission id per submit: without it, identical answers count as a retry of the same submit.
    const submission = {
      exam_id: examId,
      answers,
      elapsed_seconds: 65 + i,
      submission_id: `results-${title.length}-${Date.now().toString(36)}-${i}`,
    };
    const submitted = await pageApi<{ result_id: string; replayed: boolean }>(
      page,
      'POST',
      '/api/submit-exam/',
      submission,
    );
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.replayed).toBe(false);
    resultIds.push(submitted.body.result_id);
  }
  return { examId, resultIds };
}

const rows = (page: Page) => page.getByTestId('result-row');

describe('results', () => {
  const username = `res${stamp}`;
  const examTitle = `결과 시험 ${stamp}`;

  test('a learner pages through 12 results, sees no management column, and deletes one from home', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await registerThroughForm(page, username, '결과', PASSWORD);
    const { examId } = await makeResults(page, examTitle, 12);

    const listCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/exam-results/')) listCalls.push(new URL(request.url()).search);
    });
    await go(page, '/results');
    await page.getByTestId('results-table').waitFor();
    expect(await page.title()).toBe('시험 결과 · Quizbank');
    await expect.poll(() => rows(page).count()).toBe(10);
    expect(await page.getByTestId('results-range').textContent()).toBe('1–10 / 12');
    expect(await page.getByTestId('results-manage-column').count()).toBe(0);
    expect(await page.getByTestId('result-delete').count()).toBe(0);
    // One request of 100 serves both screen pages.
    expect(listCalls).toEqual(['?page_size=100']);

    const first = rows(page).first();
    expect(await first.getByTestId('result-exam-link').textContent()).toBe(examTitle);
    expect(await first.getByTestId('result-exam-link').getAttribute('href')).toBe(`/exam-detail/${examId}`);
    await first.getByText(/^완료 /).waitFor();
    expect(await first.getByTestId('result-score').textContent()).toMatch(/^[0-3]\/3$/);
    await first.getByText(/^1:\d\d$/).waitFor(); // elapsed 65–76 s as m:ss
    expect(await page.getByTestId('page-1').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('page-first').isDisabled()).toBe(true);
    expect(await page.getByTestId('page-previous').isDisabled()).toBe(true);
    expect(await page.getByTestId('page-3').count()).toBe(0);
    await shotFromTop(page, 'results-ko-desktop');

    await page.getByTestId('page-next').click();
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await page.getByTestId('results-range').textContent()).toBe('11–12 / 12');
    expect(await page.getByTestId('page-2').getAttribute('aria-current')).toBe('page');
    expect(await page.getByTestId('page-last').isDisabled()).toBe(true);
    expect(listCalls).toHaveLength(1);
    await page.getByTestId('page-first').click();
    await expect.poll(() => rows(page).count()).toBe(10);

    // The exam filter, and the link back to all results.
    await go(page, `/results?exam_id=${examId}`);
    await page.getByTestId('results-table').waitFor();
    expect(listCalls.at(-1)).toBe(`?page_size=100&exam_id=${examId}`);
    await page.getByTestId('results-all').click();
    await page.waitForURL(`${baseUrl}/results`);

    // Refresh asks again.
    const before = listCalls.length;
    await page.getByTestId('results-refresh').click();
    await expect.poll(() => listCalls.length).toBeGreaterThan(before);

    // Home: the 5 newest, a link to /results, delete after a confirm.
    await go(page, '/');
    const recent = page.getByTestId('home-recent-results');
    await recent.getByTestId('home-recent-table').waitFor();
    expect(await recent.getByTestId('home-recent-row').count()).toBe(5);
    expect(await recent.getByTestId('home-results-link').getAttribute('href')).toBe('/results');
    await recent.getByTestId('home-recent-row').first().getByText(examTitle).waitFor();
    await recent
      .getByTestId('home-recent-row')
      .first()
      .getByText(/^[0-3]\/3$/)
      .waitFor();
    await shotFromTop(page, 'home-recent-results-ko-desktop');
    const firstId = await recent.getByTestId('home-recent-row').first().getAttribute('data-result-id');
    await recent.getByTestId('home-recent-delete').first().click();
    const modal = page.getByTestId('home-delete-result-modal');
    await modal.getByText(examTitle, { exact: false }).waitFor();
    await screenshot(page, 'home-recent-results-delete-ko-desktop', false);
    await page.getByTestId('home-delete-result-modal-confirm').click();
    await toast(page, '결과를 삭제했습니다.').waitFor();
    await page.locator(`[data-testid="home-recent-row"][data-result-id="${firstId}"]`).waitFor({ state: 'detached' });
    expect(await recent.getByTestId('home-recent-row').count()).toBe(5);

    await go(page, '/results');
    await expect.poll(async () => page.getByTestId('results-range').textContent()).toBe('1–10 / 11');

    expect(unexpected(errors)).toEqual([]);
    await close();
  }, 180_000);

  test('ko and en, desktop and 390 px: no sideways scroll on /results and home', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await logIn(page, username, PASSWORD);
    for (const language of ['ko', 'en'] as const) {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      for (const viewport of ['desktop', 'phone'] as const) {
        await page.setViewportSize(viewport === 'phone' ? VIEWPORTS.phone : VIEWPORTS.desktop);
        await go(page, '/results');
        await page.getByTestId('results-table').waitFor();
        await page.getByRole('heading', { level: 1, name: language === 'ko' ? '시험 결과' : 'Results' }).waitFor();
        await expect.poll(() => rows(page).count()).toBe(10);
        if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
        if (!(language === 'ko' && viewport === 'desktop')) await shotFromTop(page, `results-${language}-${viewport}`);

        await go(page, '/');
        await page.getByTestId('home-recent-table').waitFor();
        const visibleRows = await page.locator('[data-testid="home-recent-row"]:visible').count();
        expect(visibleRows).toBe(viewport === 'phone' ? 3 : 5); // docs/product.md#limits: 3 on phones
        if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
        if (!(language === 'ko' && viewport === 'desktop'))
          await shotFromTop(page, `home-recent-results-${language}-${viewport}`);
      }
    }
    expect(unexpected(errors)).toEqual([]);
    await close();
  }, 180_000);

  test('load errors empty the list with the docs/product.md#errors message; an empty list says so', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'en-US' });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await registerThroughForm(page, `empty${stamp}`, 'Empty', PASSWORD);
    await go(page, '/results');
    await page.getByTestId('results-empty').getByText('No exam results yet.').waitFor();
    await toast(page, 'There are no exam results to show.').waitFor();
    await shotFromTop(page, 'results-empty-en-desktop');
    await go(page, '/');
    await page.getByTestId('home-recent-empty').waitFor();

    for (const [status, text] of [
      [403, 'You do not have permission to see these results.'],
      [404, 'The results could not be found.'],
      [500, 'The exam results could not be loaded.'],
    ] as const) {
      await page.route('**/api/exam-results/**', (route) =>
        route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ code: `http_${status}`, detail: 'x' }),
        }),
      );
      await go(page, '/results');
      await page.getByTestId('results-error').getByText(text).waitFor();
      expect(await page.getByTestId('results-table').count()).toBe(0);
      await page.unroute('**/api/exam-results/**');
    }
    expect(unexpected(errors).filter((error) => !/status of 500/.test(error))).toEqual([]);
    await close();
  }, 120_000);

  test('anonymous visitors are sent to log in', async () => {
    const { page, close } = await visit('/results', { locale: 'ko-KR' });
    await page.waitForURL(`${baseUrl}/login?returnTo=%2Fresults`);
    await close();
  });
});

describe('results: admin management column', () => {
  const { username: admin, password: adminPassword } = useAdmin(`resadmin${stamp}`, 'admin-pass-2025');

  test('redo, continue and delete with a confirm; a failed delete says so', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'en-US' });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await logIn(page, admin, adminPassword, '/results');
    const title = `Admin results ${stamp}`;
    const { examId, resultIds } = await makeResults(page, title, 3);
    await go(page, '/results');
    await page.getByTestId('results-manage-column').waitFor();
    await expect.poll(() => rows(page).count()).toBe(3);
    const newest = resultIds.at(-1)!;
    const row = page.locator(`[data-testid="result-row"][data-result-id="${newest}"]`);
    expect(await row.getByTestId('result-redo').getAttribute('href')).toBe(`/take-exam/${examId}?returnTo=results`);
    expect(await row.getByTestId('result-continue').getAttribute('href')).toBe(
      `/take-exam/${examId}?continue=true&result_id=${newest}&returnTo=results`,
    );
    await shotFromTop(page, 'results-admin-en-desktop');
    await page.setViewportSize(VIEWPORTS.phone);
    await fitsWidth(page, VIEWPORTS.phone.width);
    await shotFromTop(page, 'results-admin-en-phone');
    await page.setViewportSize(VIEWPORTS.desktop);

    // A failed delete: the toast, the row stays.
    await page.route('**/api/exam-result/**', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' })
        : route.continue(),
    );
    await row.getByTestId('result-delete').click();
    await page.getByTestId('delete-result-modal-confirm').click();
    await toast(page, 'The result could not be deleted.').waitFor();
    await page.unroute('**/api/exam-result/**');

    await page.getByTestId('delete-result-modal').getByText(title, { exact: false }).waitFor();
    await screenshot(page, 'results-delete-en-desktop', false);
    await page.getByTestId('delete-result-modal-confirm').click();
    await toast(page, 'Result deleted.').waitFor();
    await row.waitFor({ state: 'detached' });
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await page.getByTestId('results-range').textContent()).toBe('1–2 / 2');
    expect(unexpected(errors).filter((error) => !/status of 500/.test(error))).toEqual([]);
    await close();
  }, 120_000);
});
