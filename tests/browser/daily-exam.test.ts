import { describe, expect, test } from 'vitest';
import { screenshot } from '../support/browser.js';
import { pageApi, registerThroughForm, toast, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

/** The home daily exam card (issue 13; spec 1 §2, §8). */
const { baseUrl, stamp, visit } = useBrowser();
const PASSWORD = 'correct-horse-42';

describe('home daily exam card', () => {
  test('without subscriptions it toasts and goes to /profile after 2 s; with one it opens today’s exam', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'en-US' });
    await registerThroughForm(page, `daily_${stamp}`, 'Daily', PASSWORD);

    const started = Date.now();
    await page.getByTestId('daily-exam-card').click();
    await expect.poll(() => toast(page, /subscribed to any exams/).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.waitForURL(`${baseUrl}/profile`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);

    const exams = await pageApi<{ results: { id: string; title: string }[] }>(page, 'GET', '/api/exams/?is_public=true&page_size=100');
    const demo = exams.body.results.find((exam) => exam.title === 'Kubernetes Basics');
    expect(demo, 'the demo seed’s public exam').toBeDefined();
    expect((await pageApi(page, 'POST', '/api/exam-subscription/bulk-toggle/', { exam_ids: [demo!.id], action: 'subscribe' })).status).toBe(200);

    await page.goto(`${baseUrl}/?fromHomeMenu=true`);
    await page.getByTestId('daily-exam-card').click();
    await page.waitForURL(/\/take-exam\/[0-9a-z]{20}$/);
    const examId = new URL(page.url()).pathname.split('/').pop();
    const daily = await pageApi<{ success: boolean; exam: { id: string; title: string } }>(page, 'GET', '/api/daily-exam/');
    expect(daily.body).toMatchObject({ success: true, exam: { id: examId, title: `Today's Quizzes for daily_${stamp}` } });
    await screenshot(page, 'daily-exam-opened');

    // Spec 3 §6: the exam detail of one's own daily exam offers the daily random exam (today's, once a day).
    await page.goto(`${baseUrl}/exam-detail/${examId}`);
    await page.getByTestId('detail-daily-exam').click();
    await page.waitForURL(`${baseUrl}/take-exam/${examId}?returnTo=${encodeURIComponent(`exam-detail/${examId}`)}`);
    // Another exam's detail does not show it.
    await page.goto(`${baseUrl}/exam-detail/${demo!.id}`);
    await page.getByTestId('detail-share').waitFor();
    expect(await page.getByTestId('detail-daily-exam').count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
