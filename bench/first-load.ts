/**
 * The first load of the local product in Chromium (`npm start` serves the production build): for
 * home and take-exam, in a fresh browser context (empty cache), the number of requests and the time
 * until the page has settled — the last response of the load, once no request has been in flight
 * for 500 ms. Median of three runs per page.
 *
 *   npx tsx bench/first-load.ts            (starts its own server on a fresh data directory)
 */
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../local/chromium.js';
import { startServer } from './local-server.js';
import { richPublicExam } from './rich-question.js';

/** A page settles when no request has been in flight for this long. */
const QUIET_MS = 500;
const RUNS = 3;

export interface FirstLoad {
  page: string;
  requests: number;
  settledMs: number;
  /** Response bodies as sent (compressed), all of them and the fonts alone. */
  transferredKb: number;
  fontKb: number;
}

async function loadOnce(browser: Browser, url: string): Promise<Omit<FirstLoad, 'page'>> {
  const context = await browser.newContext({ locale: 'ko-KR', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  let requests = 0;
  let inFlight = 0;
  let lastActivity = 0;
  const started = Date.now();
  page.on('request', () => {
    requests++;
    inFlight++;
    lastActivity = Date.now();
  });
  const done = () => {
    inFlight--;
    lastActivity = Date.now();
  };
  let [transferred, fonts] = [0, 0];
  const sized: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    sized.push(
      request.sizes().then(({ responseBodySize }) => {
        transferred += responseBodySize;
        if (request.resourceType() === 'font') fonts += responseBodySize;
      }),
    );
    done();
  });
  page.on('requestfailed', done);
  await page.goto(url, { waitUntil: 'load' });
  while (inFlight > 0 || Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(50);
  await Promise.all(sized);
  await context.close();
  const kb = (bytes: number) => Math.round(bytes / 1024);
  return { requests, settledMs: lastActivity - started, transferredKb: kb(transferred), fontKb: kb(fonts) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** First loads of home and of a public exam's take-exam screen, against a running server. */
export async function measureFirstLoads(baseUrl: string): Promise<FirstLoad[]> {
  // The API answers before the demo seed has written its public exams.
  let examId: string | undefined;
  for (
    const started = Date.now();
    !examId && Date.now() - started < 60_000;
    await new Promise((r) => setTimeout(r, 250))
  ) {
    const exams = (await (await fetch(`${baseUrl}/api/exams/?is_public=true&page_size=1`)).json()) as {
      results: { id: string }[];
    };
    examId = exams.results[0]?.id;
  }
  if (!examId) throw new Error('no public exam to take (the demo seed makes two)');
  const pages = [
    { page: 'home', path: '/' },
    { page: 'take-exam', path: `/take-exam/${examId}` },
    // A Korean question with an image, math and code (bench/rich-question.ts).
    { page: 'take-exam rich', path: `/take-exam/${await richPublicExam(baseUrl)}` },
  ];
  const browser = await launchChromium();
  try {
    const results: FirstLoad[] = [];
    for (const { page, path } of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) runs.push(await loadOnce(browser, `${baseUrl}${path}`));
      results.push({
        page,
        requests: median(runs.map((r) => r.requests)),
        settledMs: median(runs.map((r) => r.settledMs)),
        transferredKb: median(runs.map((r) => r.transferredKb)),
        fontKb: median(runs.map((r) => r.fontKb)),
      });
    }
    return results;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startServer(process.cwd());
  try {
    for (const load of await measureFirstLoads(server.url))
      console.log(
        `${load.page.padEnd(15)} ${load.requests} requests, ${load.transferredKb} KB (fonts ${load.fontKb} KB), settled in ${load.settledMs} ms`,
      );
  } finally {
    await server.stop();
  }
}
