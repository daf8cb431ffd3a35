import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, type OpenedPage } from '../support/browser.js';
import { seriousViolations } from '../support/browser-axe.js';
import { fitsPhone, go, pageApi, registerThroughForm, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

/**
 * Offline study: the installed app (installability, the update prompt) and the Review screen on two
 * devices of one learner (ko and en, 390 px): download, go offline, review, reload offline, reconnect;
 * no grade lost or applied twice, and both devices and the server agree. The sync needs the server's
 * POST /api/review-sync/.
 */
const { stamp, visit, open } = useBrowser();
const PASSWORD = 'correct-horse-42';
/** The demo seed's two public exams, ten questions each: every new card both devices review. */
const DEMO_EXAMS = ['Kubernetes Basics', '쿠버네티스 기초'];
const NEW_CARDS = 20;

async function subscribeToDemos(page: Page) {
  const exams = await pageApi<{ results: { id: string; title: string }[] }>(
    page,
    'GET',
    '/api/exams/?is_public=true&page_size=100',
  );
  const ids = exams.body.results.filter((exam) => DEMO_EXAMS.includes(exam.title)).map((exam) => exam.id);
  expect(ids).toHaveLength(2);
  const res = await pageApi(page, 'POST', '/api/exam-subscription/bulk-toggle/', {
    exam_ids: ids,
    action: 'subscribe',
  });
  expect(res.status).toBe(200);
}

/** The Review screen with its service worker in control and the queue downloaded. */
async function readyOffline(opened: OpenedPage) {
  const { page } = opened;
  await go(page, '/review');
  await page.getByTestId('review-card').waitFor();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.getByTestId('review-offline-switch').click();
  await expect.poll(() => page.getByTestId('review-offline-switch').isChecked()).toBe(true);
}

const outboxCount = async (page: Page) =>
  Number(await page.getByTestId('review-outbox-count').getAttribute('data-count'));

/**
 * Grades every card the screen offers with the keyboard: a new card Easy or Good in turn, a card seen
 * before (a learning step shown early) Easy, so each card ends in review. Answers the grades given.
 */
async function reviewAll(page: Page, stopAfter = Number.POSITIVE_INFINITY): Promise<number> {
  const seen = new Set<string>();
  let graded = 0;
  while (graded < stopAfter) {
    await page.locator('[data-testid="review-card"], [data-testid="review-done"]').first().waitFor();
    const card = page.getByTestId('review-card');
    if ((await card.count()) === 0) break;
    const id = (await card.getAttribute('data-question-id'))!;
    const key = seen.has(id) || graded % 2 === 0 ? '4' : '3';
    seen.add(id);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Space');
    await page.getByTestId('review-grades').waitFor();
    await page.keyboard.press(key);
    graded++;
    await expect
      .poll(async () => (await card.count()) === 0 || (await card.getAttribute('data-question-id')) !== id)
      .toBe(true);
  }
  return graded;
}

/** The device's store: each card's state as the Review screen schedules from it. */
const storedStates = (page: Page) =>
  page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((db) => db.name?.startsWith('quizbank-offline-'))!.name!;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const cards = await new Promise<
      { question_id: string; fsrs: { state: string; due: string; reps: number } | null }[]
    >((resolve) => {
      const request = db.transaction('cards').objectStore('cards').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return cards.map((c) => `${c.question_id} ${c.fsrs?.state} ${c.fsrs?.due} ${c.fsrs?.reps}`).sort();
  });

const screenCounts = async (page: Page) =>
  Promise.all(
    ['new', 'learning', 'due'].map(async (kind) =>
      Number(await page.getByTestId(`review-count-${kind}`).textContent()),
    ),
  );

/** The sittings waiting in the device's exam outbox (IndexedDB `exam_outbox`). */
const examOutbox = (page: Page) =>
  page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((db) => db.name?.startsWith('quizbank-offline-'))!.name!;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const records = await new Promise<Record<string, unknown>[]>((resolve) => {
      const request = db.transaction('exam_outbox').objectStore('exam_outbox').getAll();
      request.onsuccess = () => resolve(request.result as Record<string, unknown>[]);
    });
    db.close();
    return records;
  });

describe('offline study', () => {
  test('two devices review offline, reload, reconnect: nothing lost or doubled; installable; update prompt', async () => {
    const a = await visit('/?fromHomeMenu=true', { locale: 'ko-KR', viewport: 'phone', serviceWorkers: true });
    await registerThroughForm(a.page, `offline${stamp}`, 'Offline', PASSWORD);
    await subscribeToDemos(a.page);
    await pageApi(a.page, 'PATCH', '/api/user-profile/update/', { new_cards_per_day: NEW_CARDS });
    await readyOffline(a);
    const b = await open({
      locale: 'en-US',
      viewport: 'phone',
      storage: { language: 'en' },
      session: await a.context.storageState(),
      serviceWorkers: true,
    });
    await readyOffline(b);

    // Installable: Chromium finds no installability error (manifest, icons, service worker). Playwright's
    // contexts are incognito ones, which Chromium never installs from: that one error is the harness's.
    const cdp = await a.context.newCDPSession(a.page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual([]);

    // A new version: the prompt waits for the learner, and its reload runs the new worker. The test deploys
    // it by registering the worker under a new address (Playwright cannot answer a worker's own update check).
    await a.page.evaluate(() => navigator.serviceWorker.register('/sw.js?next=1').then(() => undefined));
    await a.page.getByTestId('update-prompt').waitFor();
    await screenshot(a.page, 'offline-update-prompt-ko-phone');
    await Promise.all([a.page.waitForEvent('load'), a.page.getByTestId('update-reload').click()]);
    await a.page.getByTestId('review-card').waitFor();
    expect(await a.page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js\?next=1$/);
    expect(await a.page.getByTestId('update-prompt').count()).toBe(0);

    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await a.page.getByTestId('review-offline-badge').waitFor();
    const firstA = await reviewAll(a.page, 8);
    expect(await outboxCount(a.page)).toBe(8);
    expect(await seriousViolations(a.page, { label: '/review offline ko' })).toEqual([]);
    await fitsPhone(a.page);
    await screenshot(a.page, 'offline-review-ko-phone');

    // A reload offline: the app comes from the service worker, the outbox from IndexedDB.
    await a.page.reload();
    await a.page.getByTestId('review-card').waitFor();
    expect(await outboxCount(a.page)).toBe(8);
    const gradesA = firstA + (await reviewAll(a.page));
    const gradesB = await reviewAll(b.page);
    expect(gradesA).toBeGreaterThanOrEqual(NEW_CARDS);
    expect(gradesB).toBeGreaterThanOrEqual(NEW_CARDS);
    expect(await outboxCount(b.page)).toBe(gradesB);
    expect(await b.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await seriousViolations(b.page, { label: '/review offline en' })).toEqual([]);
    await fitsPhone(b.page);
    await screenshot(b.page, 'offline-review-done-en-phone');

    // Back online, one device after the other: every grade leaves the outbox once acknowledged.
    const acknowledged: { grade_id: string; status: string }[] = [];
    for (const device of [a, b])
      device.page.on('response', (response) => {
        if (!response.url().endsWith('/api/review-sync/') || !response.ok()) return;
        void response.json().then((body: { results: { grade_id: string; status: string }[] }) => {
          acknowledged.push(...body.results);
        });
      });
    await a.context.setOffline(false);
    await expect.poll(() => outboxCount(a.page), { timeout: 20_000 }).toBe(0);
    await b.context.setOffline(false);
    await expect.poll(() => outboxCount(b.page), { timeout: 20_000 }).toBe(0);

    // Each grade applied once on the server (none refused, none twice), and both devices hold its merged states.
    await expect.poll(() => acknowledged.length).toBe(gradesA + gradesB);
    expect(acknowledged.filter((r) => r.status === 'applied')).toHaveLength(gradesA + gradesB);
    expect(new Set(acknowledged.map((r) => r.grade_id)).size).toBe(gradesA + gradesB);
    const activity = await pageApi<{ total_reviews: number }>(a.page, 'GET', '/api/review-activity/');
    expect(activity.body.total_reviews).toBe(gradesA + gradesB);
    for (const device of [a, b]) {
      await device.page.reload();
      await device.page.getByTestId('review-counts').waitFor();
    }
    // Each device reads the download again once its outbox is empty: both end with the server's states.
    await expect
      .poll(async () => {
        const [onA, onB] = await Promise.all([storedStates(a.page), storedStates(b.page)]);
        return onA.length > 0 && onA.join('\n') === onB.join('\n');
      })
      .toBe(true);
    const server = await pageApi<{ counts: { new: number; learning: number; due: number } }>(
      a.page,
      'GET',
      '/api/review-queue/',
    );
    const expected = [server.body.counts.new, server.body.counts.learning, server.body.counts.due];
    expect(await screenCounts(a.page)).toEqual(expected);
    expect(await screenCounts(b.page)).toEqual(expected);

    // Requests made while offline fail by design: the auth check, the queue's first read, and the browser's
    // own update check of the service worker on the reload ("… when fetching the script").
    const offlineFailures = (error: string) =>
      !/ERR_INTERNET_DISCONNECTED|An unknown error occurred when fetching the script/.test(error);
    expect(unexpected(a.errors).filter(offlineFailures)).toEqual([]);
    expect(unexpected(b.errors).filter(offlineFailures)).toEqual([]);
  }, 240_000);
  test('an exam taken offline: downloaded, taken, reloaded offline, one sitting once it syncs', async () => {
    const { page, context, errors } = await open({
      locale: 'en-US',
      viewport: 'phone',
      storage: { language: 'en' },
      serviceWorkers: true,
    });
    await registerThroughForm(page, `offexam${stamp}`, 'Offexam', PASSWORD);
    // The demo seed's public English exam (ten questions): taken offline like any exam one may read.
    const { body: list } = await pageApi<{ results: { id: string; title: string }[] }>(
      page,
      'GET',
      '/api/exams/?is_public=true&page_size=100',
    );
    const examId = list.results.find((exam) => exam.title === DEMO_EXAMS[0])!.id;
    const { body: exam } = await pageApi<{ questions: { id: string; answer?: string; answer_en?: string }[] }>(
      page,
      'GET',
      `/api/exam/${examId}/`,
    );
    const [right] = exam.questions;

    // Downloaded on the exam's screen, with the service worker in control.
    await go(page, `/exam-detail/${examId}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    await page.getByTestId('exam-offline-switch').click();
    await expect.poll(() => page.getByTestId('exam-offline-switch').isChecked()).toBe(true);
    await page.getByTestId('exam-offline').getByText('10 questions on this device').waitFor();
    // The switch is what this step adds to the exam detail (the rest of the screen has its own test).
    expect(
      await seriousViolations(page, {
        include: '[data-testid="exam-offline"]',
        label: '/exam-detail offline switch en',
      }),
    ).toEqual([]);
    await screenshot(page, 'offline-exam-switch-en-phone', false);

    // Offline: the app from the worker, the exam from IndexedDB; one answer right, one wrong, then End.
    await context.setOffline(true);
    await go(page, `/take-exam/${examId}?order=${exam.questions.map((q) => q.id).join(',')}`);
    for (const answer of [right!.answer_en || right!.answer || '', 'no idea']) {
      await page.getByTestId('answer-input').fill(answer);
      await page.getByTestId('answer-input').press('Enter');
      await page.getByTestId('verdict-next').waitFor();
      if (answer !== 'no idea') await page.getByTestId('verdict-next').click();
    }
    await page.getByTestId('end-exam').click();
    const sync = page.getByTestId('summary-sync');
    await expect.poll(() => sync.getAttribute('data-state')).toBe('waiting');
    expect(await page.getByTestId('summary-score').textContent()).toBe('1 / 10');
    const [queued] = await examOutbox(page);
    expect(queued).toMatchObject({ exam_id: examId, local: { correct: 1, answered: 2, total: 10 } });
    expect(await seriousViolations(page, { label: '/exam-summary offline en' })).toEqual([]);
    await fitsPhone(page);
    await screenshot(page, 'offline-exam-summary-en-phone');

    // A reload offline keeps the sitting waiting.
    await page.reload();
    await expect.poll(() => sync.getAttribute('data-state')).toBe('waiting');
    expect(await examOutbox(page)).toHaveLength(1);

    // Back online: sent through submit, acknowledged, gone from the outbox; one sitting, at the time it was taken.
    await context.setOffline(false);
    await expect.poll(() => sync.getAttribute('data-state'), { timeout: 20_000 }).toBe('synced');
    expect(await examOutbox(page)).toEqual([]);
    const results = () =>
      pageApi<{ results: { id: string; answered_count: number; correct_count: number; completed_at: string }[] }>(
        page,
        'GET',
        `/api/exam-results/?exam_id=${examId}`,
      );
    const listed = (await results()).body.results;
    expect(
      listed.map(({ answered_count, correct_count, completed_at }) => [answered_count, correct_count, completed_at]),
    ).toEqual([[2, 1, queued!.answered_at]]);
    // A resend (an acknowledgement lost on the way) is the same sitting.
    const resend = await pageApi<{ replayed: boolean; result_id: string }>(page, 'POST', '/api/submit-exam/', {
      exam_id: examId,
      answers: queued!.answers,
      elapsed_seconds: queued!.elapsed_seconds,
      submission_id: queued!.submission_id,
      answered_at: queued!.answered_at,
    });
    expect(resend.body).toEqual(expect.objectContaining({ replayed: true, result_id: listed[0]!.id }));
    expect((await results()).body.results).toHaveLength(1);
    expect(
      unexpected(errors).filter((error) => !/ERR_INTERNET_DISCONNECTED|when fetching the script/.test(error)),
    ).toEqual([]);
  }, 120_000);
});
