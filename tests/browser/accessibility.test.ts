import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { launchBrowser, openPage, SCREENSHOT_DIR, VIEWPORTS } from '../support/browser.js';
import { createAdmin, fitsPhone, go, logIn, pageApi } from '../support/browser-pages.js';

/**
 * Issue 14's audit: axe-core on every built screen, in Korean and English, at desktop and phone
 * width (390 px), signed out and signed in — no serious or critical violation, and at 390 px no
 * horizontal scroll. One browser for the file and one page per combination, which walks the
 * screens in turn.
 */
const baseUrl = inject('baseUrl');
let browser: Browser;
const stamp = Date.now().toString(36);
const admin = `a11y${stamp}`;
const adminPassword = 'a11y-pass-2025';
let publicExamId = '';

beforeAll(async () => {
  browser = await launchBrowser();
  await createAdmin(admin, adminPassword);
  const response = await fetch(`${baseUrl}/api/exams/?is_public=true&page_size=1`, { headers: { Accept: 'application/json' } });
  publicExamId = ((await response.json()) as { results: { id: string }[] }).results[0]?.id ?? '';
});

afterAll(async () => {
  await browser?.close();
});

/** A dozen screens a test, each audited whole: more than the project's 90 s on a busy machine. */
const AUDIT_TIMEOUT_MS = 300_000;

/** The built screens anyone can open (the unavailable ones share one page; one stands for them). */
const publicScreens = () => [
  '/?fromHomeMenu=true',
  '/service-introduction',
  '/devops-interview',
  '/getting-started',
  '/privacy-policy',
  '/terms-of-service',
  '/exam-management',
  `/take-exam/${publicExamId}`,
  '/favorites',
  '/no-such-page',
];
const signedOutScreens = () => [...publicScreens(), '/login', '/register'];
const signedInScreens = (resultId: string) => [...publicScreens(), '/results', `/results/${resultId}`, '/question-files', '/create-exam', '/profile', '/user-management'];

/** The findings, written next to the screenshots for reading a failure whole. */
function report(name: string, found: string[]): void {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(`${SCREENSHOT_DIR}/../axe-${name}.txt`, found.join('\n') + '\n');
}

/** The screen has settled: no spinner, lazy content in. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('[data-testid="spinner"]'));
  await page.waitForTimeout(300);
}

async function audit(page: Page, path: string): Promise<string[]> {
  await go(page, path);
  await settled(page);
  if (page.viewportSize()!.width < 768) await fitsPhone(page);
  // label-content-name-mismatch is among axe's experimental rules (off by default); the audit wants it.
  const { violations } = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return violations
    .filter((violation: { impact?: string | null }) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${path} ${violation.id} (${violation.impact}): ${violation.nodes
          .map((node: { target: unknown[] }) => node.target.join(' '))
          .slice(0, 4)
          .join(' | ')}`,
    );
}

describe.each([
  ['ko', 'ko-KR'],
  ['en', 'en-US'],
] as const)('axe, %s', (language, locale) => {
  describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('%s', (viewport) => {
    test(
      'signed out: no serious or critical violation on any screen',
      async () => {
        const { page, close } = await openPage(browser, { locale, viewport, storage: { language } });
        const found: string[] = [];
        for (const path of signedOutScreens()) found.push(...(await audit(page, path)));
        await close();
        report(`${language}-${viewport}-signed-out`, found);
        expect(found).toEqual([]);
      },
      AUDIT_TIMEOUT_MS,
    );

    test(
      'signed in: no serious or critical violation on any screen',
      async () => {
        const { page, close } = await openPage(browser, { locale, viewport, storage: { language } });
        await logIn(page, admin, adminPassword);
        // A result of their own, for the result detail screen: one right and one wrong answer.
        const exam = await pageApi<{ questions: { id: string }[] }>(page, 'GET', `/api/exam/${publicExamId}/`);
        const [first, second] = exam.body.questions;
        const submitted = await pageApi<{ result_id: string }>(page, 'POST', '/api/submit-exam/', {
          exam_id: publicExamId,
          answers: [
            { question_id: first!.id, answer: 'wrong on purpose' },
            { question_id: second!.id, answer: ' ' },
          ],
        });
        const found: string[] = [];
        for (const path of signedInScreens(submitted.body.result_id)) found.push(...(await audit(page, path)));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        await close();
        report(`${language}-${viewport}-signed-in`, found);
        expect(found).toEqual([]);
      },
      AUDIT_TIMEOUT_MS,
    );
  });
});
