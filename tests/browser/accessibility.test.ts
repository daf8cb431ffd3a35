import type { Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/browser-axe.js';
import { screenshot, SCREENSHOT_DIR, VIEWPORTS } from '../support/browser.js';
import { fitsPhone, go, logIn, pageApi } from '../support/browser-pages.js';
import { useAdmin, useBrowser } from '../support/browser-harness.js';

/**
 * Issue 14's audit: axe-core on every built screen, in Korean and English, at desktop and phone
 * width (390 px), signed out and signed in — no serious or critical violation, and at 390 px no
 * horizontal scroll. One browser for the file and one page per combination, which walks the
 * screens in turn.
 */
const { baseUrl, stamp, open } = useBrowser();
const { username: admin, password: adminPassword } = useAdmin(`a11y${stamp}`, 'a11y-pass-2025');
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
const signedInScreens = (resultId: string, studyId: string) => [
  ...publicScreens(),
  '/results',
  `/results/${resultId}`,
  '/question-files',
  '/create-exam',
  `/exam-detail/${publicExamId}`,
  '/daily-exam',
  '/review',
  '/profile',
  '/user-management',
  `/study-detail/${studyId}`,
  `/member-management/${studyId}`,
  `/study-progress-dashboard/${studyId}`,
];

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

    test(
      'signed in: no serious or critical violation on any screen',
      async () => {
        const { page, close } = await open({ locale, viewport, storage: { language } });
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
        // A study of their own whose task is the public exam, for the study screens and the dashboard.
        const study = await pageApi<{ id: string }>(page, 'POST', '/api/studies/', {
          title_ko: `접근성 스터디 ${stamp} ${language} ${viewport}`,
          title_en: `Audit study ${stamp} ${language} ${viewport}`,
          is_public: false,
        });
        expect(study.status, JSON.stringify(study.body)).toBe(200);
        const studyId = study.body.id;
        await pageApi(page, 'POST', '/api/study-tasks/', {
          study: studyId,
          name_ko: '첫 과제',
          name_en: 'First task',
          exam: publicExamId,
          progress: 0,
        });
        await pageApi(page, 'POST', '/api/record-study-progress/', { study_id: studyId, page_type: 'detail' });
        const found: string[] = [];
        for (const path of signedInScreens(submitted.body.result_id, studyId))
          found.push(...(await audit(page, path, shotName(path, language, true))));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        await close();
        report(`${language}-${viewport}-signed-in`, found);
        expect(found).toEqual([]);
      },
      AUDIT_TIMEOUT_MS,
    );
  });
});
