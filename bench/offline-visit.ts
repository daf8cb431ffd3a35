/**
 * The installed app's repeat visit offline (D447): a learner who downloaded their queue, offline, opens
 * the Review screen again (a reload): the time until the first grade button is enabled (the card shown,
 * its answer revealed). Printed against two figures of the same run: the floor — the same reload's document
 * from the service worker's cache (`responseEnd`: the worker started and answered from its precache) —
 * and the same repeat visit online (the card from the API). In-page clocks from the navigation's start,
 * median of five reloads each, in one Chromium with the production build as `npm start` serves it.
 *
 *   npx tsx bench/offline-visit.ts            (starts its own server on a fresh data directory)
 */
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from '../local/chromium.js';
import { startServer } from './local-server.js';

const RUNS = 5;
const PASSWORD = 'bench-offline-42';

export interface OfflineVisit {
  /** Navigation start → the first grade button enabled, offline (median, ms). */
  answerableMs: number;
  /** Navigation start → the document's last byte from the service worker, offline (median, ms). */
  floorMs: number;
  /** The same repeat visit online (median, ms). */
  onlineMs: number;
}

/** What the page callbacks read: bench/ compiles with Node's types, not the DOM's. */
interface InPage {
  document: { querySelector(selector: string): { disabled?: boolean; checked?: boolean } | null };
  navigator: { serviceWorker: { controller: unknown } };
  performance: { getEntriesByType(type: 'navigation'): { responseEnd: number }[] };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Signs a new learner up (the context's cookies: the page is signed in) and subscribes them to the demo seed's public exams. */
async function newLearner(page: Page, baseUrl: string) {
  const api = page.request;
  const { csrfToken } = (await (await api.get(`${baseUrl}/api/csrf-token/`)).json()) as { csrfToken: string };
  const headers = { 'X-CSRFToken': csrfToken };
  const id = `bench${Date.now()}`;
  const signedUp = await api.post(`${baseUrl}/api/register/`, {
    headers,
    data: { id, name: 'Bench', password: PASSWORD, language: 'ko' },
  });
  if (!signedUp.ok()) throw new Error(`register ${signedUp.status()}`);
  const loggedIn = await api.post(`${baseUrl}/api/login/`, { headers, data: { username: id, password: PASSWORD } });
  if (!loggedIn.ok()) throw new Error(`login ${loggedIn.status()}`);
  const exams = (await (await api.get(`${baseUrl}/api/exams/?is_public=true&page_size=100`)).json()) as {
    results: { id: string }[];
  };
  const subscribed = await api.post(`${baseUrl}/api/exam-subscription/bulk-toggle/`, {
    headers,
    data: { exam_ids: exams.results.map((exam) => exam.id), action: 'subscribe' },
  });
  if (!subscribed.ok()) throw new Error(`subscribe ${subscribed.status()}`);
}

/** Reloads the Review screen; answers ms from the navigation's start to the first grade button enabled, and to the document's end. */
async function repeatVisit(page: Page): Promise<{ answerable: number; document: number }> {
  await page.reload({ waitUntil: 'commit' });
  await page.getByTestId('review-reveal').click();
  const handle = await page.waitForFunction(() => {
    const { document, performance } = globalThis as typeof globalThis & InPage;
    const button = document.querySelector('[data-testid^="review-grade-"]');
    if (!button || button.disabled) return false;
    return { answerable: performance.now(), document: performance.getEntriesByType('navigation')[0]!.responseEnd };
  });
  return (await handle.jsonValue()) as { answerable: number; document: number };
}

/** The API answers before the demo seed has written its public exams. */
async function demoSeeded(baseUrl: string) {
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((r) => setTimeout(r, 250))) {
    const exams = (await (await fetch(`${baseUrl}/api/exams/?is_public=true&page_size=1`)).json()) as {
      results: unknown[];
    };
    if (exams.results.length > 0) return;
  }
  throw new Error('no public exam (the demo seed makes two)');
}

export async function measureOfflineVisit(baseUrl: string): Promise<OfflineVisit> {
  await demoSeeded(baseUrl);
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ locale: 'ko-KR', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await newLearner(page, baseUrl);
    // The app learns the session from the auth status on its first screen, then the Review screen opens.
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    await page.goto(`${baseUrl}/review`);
    await page.getByTestId('review-card').waitFor();
    // Installed: the worker (registered 4 s after start) controls the page with its precache complete.
    await page.waitForFunction(
      () => (globalThis as typeof globalThis & InPage).navigator.serviceWorker.controller !== null,
      undefined,
      { timeout: 60_000 },
    );
    await page.getByTestId('review-offline-switch').click();
    await page.waitForFunction(
      () =>
        (globalThis as typeof globalThis & InPage).document.querySelector('[data-testid="review-offline-switch"]')
          ?.checked === true,
      undefined,
      { timeout: 30_000 },
    );
    const online = [];
    for (let run = 0; run < RUNS; run++) online.push(await repeatVisit(page));
    await context.setOffline(true);
    const offline = [];
    for (let run = 0; run < RUNS; run++) offline.push(await repeatVisit(page));
    await context.close();
    return {
      answerableMs: median(offline.map((r) => r.answerable)),
      floorMs: median(offline.map((r) => r.document)),
      onlineMs: median(online.map((r) => r.answerable)),
    };
  } finally {
    await browser.close();
  }
}

/** One line for `npm run bench`. */
export function describeOfflineVisit(visit: OfflineVisit): string {
  const ratio = (a: number, b: number) => (a / Math.max(b, 0.1)).toFixed(1);
  return (
    `${visit.answerableMs.toFixed(0)} ms, ${ratio(visit.answerableMs, visit.floorMs)}× the worker's document ` +
    `(${visit.floorMs.toFixed(0)} ms), ${ratio(visit.answerableMs, visit.onlineMs)}× the same visit online (${visit.onlineMs.toFixed(0)} ms)`
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startServer(process.cwd());
  try {
    console.log(
      `offline repeat visit: time to an answerable card  ${describeOfflineVisit(await measureOfflineVisit(server.url))}`,
    );
  } finally {
    await server.stop();
  }
}
