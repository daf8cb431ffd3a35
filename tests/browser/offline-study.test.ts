import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { screenshot, type OpenedPage } from '../support/browser.js';
import { seriousViolations } from '../support/browser-axe.js';
import { fitsPhone, go, pageApi, registerThroughForm, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';
import { KO_HEADER, questionRows, xlsxBytes } from '../support/sheets.js';

/**
 * Offline study: the installed app (installability, the update prompt) and the Review screen on two
 * devices of one learner (ko and en, 390 px): download, go offline, review, reload offline, reconnect;
 * no grade lost or applied twice, and both devices and the server agree. The sync needs the server's
 * POST /api/review-sync/.
 */
const { stamp, visit, open } = useBrowser();
const PASSWORD = 'correct-horse-42';
/** The demo seed's public English exam, which the offline sitting takes. */
const DEMO_EXAM = 'Kubernetes Basics';
/** New cards each device reviews offline: the learner's own exam of that many questions and a day's limit as large. */
const NEW_CARDS = 100;

/** A private exam of {@link NEW_CARDS} questions, made from an uploaded sheet and subscribed to (the Review screen's source). */
async function ownExam(page: Page) {
  // No group ids: every question is a card of its own.
  const rows = questionRows(NEW_CARDS, 'Offline').map((row) => [...row.slice(0, -1), '']);
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
    { bytes: [...xlsxBytes([KO_HEADER, ...rows])], name: `offline-${stamp}.xlsx` },
  );
  const exam = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
    title: `Offline ${stamp}`,
    file_id: fileId,
    question_count: NEW_CARDS,
  });
  expect(exam.status).toBe(200);
  const res = await pageApi(page, 'POST', '/api/exam-subscription/bulk-toggle/', {
    exam_ids: [exam.body.id],
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
  await expect.poll(() => page.getByTestId('review-offline-switch').isChecked(), { timeout: 15_000 }).toBe(true);
}

const outboxCount = async (page: Page) =>
  Number(await page.getByTestId('review-outbox-count').getAttribute('data-count'));

/**
 * Grades every card the screen offers with the keyboard: every tenth new card Good (it comes back as a
 * learning step, shown early), every other card Easy, so each card ends in review. `seen` collects the
 * cards graded. Each grade waits for the outbox to hold it and the next card (one wait in the page).
 * Answers the grades given.
 */
async function reviewAll(page: Page, seen: Set<string>, stopAfter = Number.POSITIVE_INFINITY): Promise<number> {
  const queued = await outboxCount(page);
  let graded = 0;
  let previous: string | null = null;
  for (;;) {
    // One wait in the page per grade: the last grade is in the outbox and the next card (or the end) shows.
    const shown = await page.waitForFunction(
      ({ previous, count, more }) => {
        const outbox = document.querySelector('[data-testid="review-outbox-count"]');
        if (Number(outbox?.getAttribute('data-count')) !== count) return false;
        if (!more || document.querySelector('[data-testid="review-done"]')) return { id: null, kind: null };
        const card = document.querySelector('[data-testid="review-card"]');
        const id = card?.getAttribute('data-question-id');
        return id && id !== previous ? { id, kind: card!.getAttribute('data-kind') } : false;
      },
      { previous, count: queued + graded, more: graded < stopAfter },
    );
    const { id, kind } = (await shown.jsonValue()) as { id: string | null; kind: string | null };
    if (!id) return graded;
    const key = kind === 'new' && seen.size % 10 === 0 ? '3' : '4';
    seen.add(id);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Space');
    await page.getByTestId('review-grades').waitFor();
    await page.keyboard.press(key);
    graded++;
    previous = id;
  }
}

/** The grade ids waiting in the device's outbox. */
const outboxIds = (page: Page) =>
  page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((db) => db.name?.startsWith('quizbank-offline-'))!.name!;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const keys = await new Promise<IDBValidKey[]>((resolve) => {
      const request = db.transaction('outbox').objectStore('outbox').getAllKeys();
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    return keys.map(String);
  });

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

/**
 * Fires the service worker's `sync` for the device's outbox as the browser would on a reconnection
 * (DevTools' ServiceWorker.dispatchSyncEvent): the tag the Review screen registers, `review-outbox:<user>`.
 */
async function fireBackgroundSync({ page, context }: OpenedPage) {
  const { origin, userId } = await page.evaluate(async () => {
    const name = (await indexedDB.databases()).find((db) => db.name?.startsWith('quizbank-offline-'))!.name!;
    return { origin: location.origin, userId: name.slice('quizbank-offline-'.length) };
  });
  const cdp = await context.newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => !r.isDeleted && r.scopeURL === `${origin}/`);
      if (found) resolve(found.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId,
    tag: `review-outbox:${userId}`,
    lastChance: false,
  });
}

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
    await ownExam(a.page);
    // What a learner who studies 100 new cards a day sets on the settings screen.
    expect((await pageApi(a.page, 'PATCH', '/api/user-profile/update/', { new_cards_per_day: NEW_CARDS })).status).toBe(
      200,
    );
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
    // Both devices review at once (two learners' phones): half of A's cards, a reload offline, the rest.
    const seenA = new Set<string>();
    const seenB = new Set<string>();
    const reviewOnA = async () => {
      const first = await reviewAll(a.page, seenA, NEW_CARDS / 2);
      expect(await outboxCount(a.page)).toBe(first);
      expect(await seriousViolations(a.page, { label: '/review offline ko' })).toEqual([]);
      await fitsPhone(a.page);
      await screenshot(a.page, 'offline-review-ko-phone');
      // A reload offline: the app comes from the service worker, the outbox from IndexedDB.
      await a.page.reload();
      await a.page.getByTestId('review-card').waitFor();
      expect(await outboxCount(a.page)).toBe(first);
      return first + (await reviewAll(a.page, seenA));
    };
    const [gradesA, gradesB] = await Promise.all([reviewOnA(), reviewAll(b.page, seenB)]);
    // Every card reviewed on each device; the tenth ones twice (a learning step).
    expect([seenA.size, seenB.size]).toEqual([NEW_CARDS, NEW_CARDS]);
    expect(gradesA).toBe(NEW_CARDS + NEW_CARDS / 10);
    expect(gradesB).toBe(NEW_CARDS + NEW_CARDS / 10);
    expect(await outboxCount(b.page)).toBe(gradesB);
    expect(await b.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await seriousViolations(b.page, { label: '/review offline en' })).toEqual([]);
    await fitsPhone(b.page);
    await screenshot(b.page, 'offline-review-done-en-phone');
    const queued = [...(await outboxIds(a.page)), ...(await outboxIds(b.page))];
    expect(new Set(queued).size).toBe(gradesA + gradesB);

    // Back online. A: the Review screen's own sender (on `online`). B: the service worker alone (Background
    // Sync), with no Review screen open: Chromium fires `sync` on a real reconnection, which the harness's
    // emulated one is not, so DevTools dispatches the event the page registered.
    const acknowledged: { grade_id: string; status: string }[] = [];
    for (const device of [a, b])
      device.context.on('response', (response) => {
        if (!response.url().endsWith('/api/review-sync/') || !response.ok()) return;
        void response.json().then((body: { results: { grade_id: string; status: string }[] }) => {
          acknowledged.push(...body.results);
        });
      });
    await go(b.page, '/');
    await a.context.setOffline(false);
    await b.context.setOffline(false);
    await fireBackgroundSync(b);
    await expect.poll(() => outboxCount(a.page), { timeout: 30_000 }).toBe(0);
    await expect.poll(async () => (await outboxIds(b.page)).length, { timeout: 30_000 }).toBe(0);
    expect(acknowledged.filter((r) => r.grade_id && queued.includes(r.grade_id))).toHaveLength(acknowledged.length);

    // Each grade queued is applied once on the server (none lost, refused or twice), and both devices hold its merged states.
    await expect.poll(() => acknowledged.length).toBe(gradesA + gradesB);
    expect(acknowledged.filter((r) => r.status === 'applied')).toHaveLength(gradesA + gradesB);
    expect(acknowledged.map((r) => r.grade_id).sort()).toEqual(queued.sort());
    const activity = await pageApi<{ total_reviews: number }>(a.page, 'GET', '/api/review-activity/');
    expect(activity.body.total_reviews).toBe(gradesA + gradesB);
    await a.page.reload();
    await go(b.page, '/review');
    for (const device of [a, b]) await device.page.getByTestId('review-counts').waitFor();
    // Each device reads the download again once its outbox is empty: both end with the server's states.
    await expect
      .poll(async () => {
        const [onA, onB] = await Promise.all([storedStates(a.page), storedStates(b.page)]);
        return onA.length > 0 && onA.join('\n') === onB.join('\n');
      })
      .toBe(true);
    // …which are the server's, read back.
    const download = await pageApi<{
      cards: { question_id: string; fsrs: { state: string; due: string; reps: number } | null }[];
    }>(a.page, 'GET', '/api/review-offline/');
    const onServer = download.body.cards.map((c) => `${c.question_id} ${c.fsrs?.state} ${c.fsrs?.due} ${c.fsrs?.reps}`);
    expect(await storedStates(a.page)).toEqual(onServer.sort());
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
    const examId = list.results.find((exam) => exam.title === DEMO_EXAM)!.id;
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
    // A downloaded exam's image comes from the download's cache once the network is gone (D497): the worker's
    // own listener, with an entry put where a download puts its images (the demo exam has none).
    const keptImage = await page.evaluate(async () => {
      const cache = await caches.open('quizbank-offline-images-browser-test');
      await cache.put('/api/exam/offline-test/images/kept/', new Response('kept image'));
      const [kept, other] = await Promise.all([
        fetch('/api/exam/offline-test/images/kept/').then((response) => response.text()),
        fetch('/api/exam/offline-test/images/never-kept/').then(
          () => 'answered',
          () => 'network error',
        ),
      ]);
      await caches.delete('quizbank-offline-images-browser-test');
      return { kept, other };
    });
    expect(keptImage).toEqual({ kept: 'kept image', other: 'network error' });
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
      // The never-kept image's failed load is the step above's point.
      unexpected(errors).filter(
        (error) => !/ERR_INTERNET_DISCONNECTED|when fetching the script|images\/never-kept\//.test(error),
      ),
    ).toEqual([]);
  }, 120_000);
});
