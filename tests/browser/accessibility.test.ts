import type { Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/browser-axe.js';
import { screenshot, SCREENSHOT_DIR, VIEWPORTS } from '../support/browser.js';
import { fitsPhone, go } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

/**
 * The audit of every screen anyone can open signed out: axe-core in Korean and English, at desktop
 * and phone width (390 px) — no serious or critical violation, and at 390 px no horizontal scroll.
 * One page per combination walks the screens in turn. The signed-in screens are audited on the
 * fresh loads of layout-shift.test.ts (one load, both checks).
 */
const { baseUrl, open } = useBrowser();
let publicExamId = '';

beforeAll(async () => {
  const response = await fetch(`${baseUrl}/api/exams/?is_public=true&page_size=1`, {
    headers: { Accept: 'application/json' },
  });
  publicExamId = ((await response.json()) as { results: { id: string }[] }).results[0]?.id ?? '';
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
  '/study-management',
  '/random-practice',
  '/verify-email/not-a-real-token',
  '/no-such-page',
];
const signedOutScreens = () => [...publicScreens(), '/login', '/register'];

/** The findings, written next to the screenshots for reading a failure whole. */
function report(name: string, found: string[]): void {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  writeFileSync(`${SCREENSHOT_DIR}/../axe-${name}.txt`, found.join('\n') + '\n');
}

/** Each screen at phone width is kept as a picture, for reading the audit's screens by eye. */
function shotName(path: string, language: string, signedIn: boolean): string {
  const slug =
    path
      .replace(/\?.*$/, '')
      .replace(/^\/|\/$/g, '')
      .replace(/[^a-z0-9-]+/gi, '-') || 'home';
  return `audit-${slug.replace(/-[0-9A-Z]{20,}$/i, '')}-${signedIn ? 'in' : 'out'}-${language}-phone`;
}

async function audit(page: Page, path: string, shot?: string): Promise<string[]> {
  await go(page, path);
  const found = await seriousViolations(page, { label: path });
  if (page.viewportSize()!.width < 768) {
    await fitsPhone(page);
    if (shot) await screenshot(page, shot);
  }
  return found;
}

describe.each([
  ['ko', 'ko-KR'],
  ['en', 'en-US'],
] as const)('axe, %s', (language, locale) => {
  describe.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])('%s', (viewport) => {
    test(
      'signed out: no serious or critical violation on any screen',
      async () => {
        const { page, close } = await open({ locale, viewport, storage: { language } });
        const found: string[] = [];
        for (const path of signedOutScreens())
          found.push(...(await audit(page, path, shotName(path, language, false))));
        await close();
        report(`${language}-${viewport}-signed-out`, found);
        expect(found).toEqual([]);
      },
      AUDIT_TIMEOUT_MS,
    );
  });
});
