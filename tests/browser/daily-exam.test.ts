import { describe, expect, test } from 'vitest';
import { VIEWPORTS, screenshot } from '../support/browser.js';
import { pageApi, registerThroughForm, shotFromTop, toast, unexpected } from '../support/browser-pages.js';
import { seriousViolations } from '../support/browser-axe.js';
import { useBrowser } from '../support/browser-harness.js';

/** The home daily exam card (docs/product.md#daily-quiz, #errors). */
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

    const exams = await pageApi<{ results: { id: string; title: string }[] }>(
      page,
      'GET',
      '/api/exams/?is_public=true&page_size=100',
    );
    const demo = exams.body.results.find((exam) => exam.title === 'Kubernetes Basics');
    expect(demo, 'the demo seed’s public exam').toBeDefined();
    expect(
      (
        await pageApi(page, 'POST', '/api/exam-subscription/bulk-toggle/', {
          exam_ids: [demo!.id],
          action: 'subscribe',
        })
      ).status,
    ).toBe(200);

    await page.goto(`${baseUrl}/?fromHomeMenu=true`);
    await page.getByTestId('daily-exam-card').click();
    await page.waitForURL(/\/take-exam\/[0-9a-z]{20}\?returnTo=home$/);
    const examId = new URL(page.url()).pathname.split('/').pop();
    const daily = await pageApi<{ success: boolean; exam: { id: string; title: string } }>(
      page,
      'POST',
      '/api/daily-exam/',
    );
    expect(daily.body).toMatchObject({
      success: true,
      exam: { id: examId, title: `Today's Quizzes for daily_${stamp}` },
    });
    await screenshot(page, 'daily-exam-opened');

    // Resume from the daily exam (D296): with one answer saved, the home card asks to continue or start over.
    await page.getByTestId('self-grade-pass').click();
    const answered = async () =>
      (
        await pageApi<{ sitting: { state: { answered: string[] } } | null }>(
          page,
          'GET',
          `/api/exam/${examId}/sitting/`,
        )
      ).body.sitting?.state.answered.length ?? 0;
    await expect.poll(answered, { timeout: 15_000 }).toBe(1);
    await page.goto(`${baseUrl}/?fromHomeMenu=true`);
    await page.getByTestId('daily-exam-card').click();
    const offer = page.getByTestId('sitting-offer');
    await offer.getByText('Continue (1 answered)').waitFor();
    expect(await seriousViolations(page, { label: 'daily exam offer (en desktop)' })).toEqual([]);
    await page.locator('[data-testid="sitting-offer-continue"]:focus').waitFor(); // keyboard: Enter continues
    await page.keyboard.press('Enter');
    await offer.waitFor({ state: 'detached' });
    expect(await answered()).toBe(1);

    // docs/product.md#roles: the exam detail of one's own daily exam offers the daily random exam (today's, once a day).
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

  test('the mail link /daily-exam says why when no exam can be made, with the way on, at 390 px in both languages', async () => {
    for (const [locale, reason, subscriptions, home] of [
      ['ko-KR', '구독한 시험이 없습니다', '구독 시험 고르기', '홈으로'],
      ['en-US', 'subscribed to any exams', 'Choose subscribed exams', 'Home'],
    ] as const) {
      const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale });
      await page.setViewportSize(VIEWPORTS.phone);
      await registerThroughForm(page, `dailynone${locale.slice(0, 2)}${stamp}`, 'Daily', PASSWORD);
      if (locale === 'en-US') await pageApi(page, 'POST', '/api/change-language/', { language: 'en' });
      await page.goto(`${baseUrl}/daily-exam`);
      const failed = page.getByTestId('daily-exam-failed');
      await failed.waitFor();
      expect(await failed.textContent()).toContain(reason);
      expect(await failed.getByRole('link', { name: subscriptions }).getAttribute('href')).toBe('/profile');
      expect(await failed.getByRole('link', { name: home }).getAttribute('href')).toBe('/?fromHomeMenu=true');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        VIEWPORTS.phone.width,
      );
      await shotFromTop(page, `daily-exam-none-${locale.slice(0, 2)}-phone`);
      // Nothing subscribed: as from the home card, the profile (where exams are subscribed) follows.
      await page.waitForURL(`${baseUrl}/profile`);
      expect(unexpected(errors)).toEqual([]);
      await close();
    }
  });
});
