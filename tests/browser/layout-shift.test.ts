import type { BrowserContext, Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { type PageOptions, SCREENSHOT_DIR, screenshot, VIEWPORTS } from '../support/browser.js';
import { seriousViolations } from '../support/browser-axe.js';
import { fitsPhone, go, logIn, pageApi } from '../support/browser-pages.js';
import { useAdmin, useBrowser } from '../support/browser-harness.js';

/**
 * Every signed-in screen, loaded fresh in ko and en at desktop and 390 px, checked twice on the one
 * load: its cumulative layout shift until its data has arrived (the product's bar: ≤ 0.05, D254; the
 * sum of `layout-shift` entries without recent input, as Lighthouse sums them; a screen over the bar
 * is reported with the nodes that moved), and axe-core (no serious or critical violation; at 390 px no
 * sideways scroll). The signed-out screens' audit is in accessibility.test.ts.
 */
const { stamp, open } = useBrowser();
const { username: admin, password } = useAdmin(`cls${stamp}`, 'cls-pass-2025');
const BAR = 0.05;
/** Two dozen screens a test, each loaded whole: more than the project's 90 s on a busy machine. */
const WALK_TIMEOUT_MS = 300_000;

interface Fixture {
  publicExamId: string;
  resultId: string;
  studyId: string;
}

/**
 * Each screen and what shows it has its data: a selector that exists once the screen's reads have
 * answered (its lists, tables or cards), never a time.
 */
const screens = ({ publicExamId, resultId, studyId }: Fixture): [string, string[]][] => [
  ['/', ['home-due-today', 'home-open-studies', 'home-recent-table'].map(id)],
  ['/getting-started', [id('getting-started')]],
  ['/privacy-policy', ['main h1']],
  ['/terms-of-service', ['main h1']],
  ['/service-introduction', [id('service-introduction')]],
  ['/devops-interview', [id('devops-interview')]],
  [`/take-exam/${publicExamId}`, [id('question-content'), id('accuracy-panel')]],
  [`/exam-summary/${resultId}`, [id('session-summary-page')]],
  ['/random-practice', [id('practice-study')]],
  ['/review', [`${id('review-card')}, ${id('review-done')}`]],
  ['/results', [id('result-row')]],
  [`/results/${resultId}`, [id('result-review-entry')]],
  ['/question-files', [`${id('file-row')}`]],
  ['/create-exam', [id('create-exam-file')]],
  ['/exam-management', [id('exam-row')]],
  [`/exam-detail/${publicExamId}`, [id('question-table'), id('exam-info-card')]],
  ['/favorites', [`${id('question-table')}, ${id('detail-empty')}`]],
  ['/study-management', [id('study-title-link')]],
  [`/study-detail/${studyId}`, [id('task-take-link')]],
  [`/study-progress-dashboard/${studyId}`, [id('progress-cards'), id('task-row')]],
  [`/member-management/${studyId}`, [id('member-row')]],
  ['/profile', ['review-new-per-day', 'memory-fit-state', 'review-heatmap', 'due-forecast', 'my-exams'].map(id)],
  ['/user-management', ['[data-testid="user-management-page"] tbody tr']],
  ['/verify-email/not-a-real-token', [id('verify-email-error')]],
  ['/no-such-page', ['main h1']],
];

const id = (testId: string) => `[data-testid="${testId}"]`;

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    /** The page's layout shifts, recorded by observeShifts' init script. */
    __shifts?: Shift[];
  }
}

/** Registers the observer before any page script runs, so no entry is missed. */
async function observeShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    type Entry = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    };
    const name = (node?: Node) => {
      if (!(node instanceof Element)) return node ? `#text "${(node.textContent ?? '').slice(0, 30)}"` : '?';
      const testId = node.getAttribute('data-testid');
      return `${node.tagName.toLowerCase()}${testId ? `[${testId}]` : ''}.${String(node.className).split(' ')[0]}`;
    };
    const shifts: Shift[] = [];
    window.__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Entry[])
        if (!entry.hadRecentInput)
          shifts.push({
            value: entry.value,
            sources: entry.sources.map(
              ({ node, previousRect: was, currentRect: now }) =>
                `${name(node)} x ${Math.round(was.x)}→${Math.round(now.x)} y ${Math.round(was.y)}→${Math.round(now.y)} ` +
                `w ${Math.round(was.width)}→${Math.round(now.width)} h ${Math.round(was.height)}→${Math.round(now.height)}`,
            ),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * Loads `path` as a first visit would (a fresh context: cold cache, the session's cookies), waits
 * for the screen's data and the fonts its text asked for, and answers the shifts seen and axe's
 * serious findings on the settled screen.
 */
async function measure(
  session: Session,
  path: string,
  settled: string[],
  shot?: string,
): Promise<{ shifts: Shift[]; violations: string[]; lang: string }> {
  const { context, page, close } = await open(session);
  await observeShifts(context);
  await go(page, path);
  for (const selector of settled) await page.locator(selector).first().waitFor({ state: 'attached' });
  // Web fonts swap in as glyphs first appear; a late swap moves text too.
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const shifts = await page.evaluate(() => window.__shifts!);
  const violations = await seriousViolations(page, { label: path });
  const lang = await page.evaluate(() => document.documentElement.lang);
  if (shot) {
    await fitsPhone(page);
    await screenshot(page, shot);
  }
  await close();
  return { shifts, violations, lang };
}

const total = (shifts: Shift[]) => shifts.reduce((sum, shift) => sum + shift.value, 0);

async function makeFixture(page: Page, language: string, viewport: string): Promise<Fixture> {
  const exams = await pageApi<{ results: { id: string; title: string }[] }>(
    page,
    'GET',
    '/api/exams/?is_public=true&page_size=100',
  );
  const demo = exams.body.results.find((exam) => exam.title === 'Kubernetes Basics') ?? exams.body.results[0]!;
  // A due card for home and the review screen: the demo exam subscribed gives today's new cards.
  await pageApi(page, 'POST', '/api/exam-subscription/bulk-toggle/', { exam_ids: [demo.id], action: 'subscribe' });
  const exam = await pageApi<{ questions: { id: string }[] }>(page, 'GET', `/api/exam/${demo.id}/`);
  const [first, second] = exam.body.questions;
  const submitted = await pageApi<{ result_id: string }>(page, 'POST', '/api/submit-exam/', {
    exam_id: demo.id,
    answers: [
      { question_id: first!.id, answer: 'wrong on purpose' },
      { question_id: second!.id, answer: ' ' },
    ],
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  const study = await pageApi<{ id: string }>(page, 'POST', '/api/studies/', {
    title_ko: `레이아웃 스터디 ${stamp} ${language} ${viewport}`,
    title_en: `Layout study ${stamp} ${language} ${viewport}`,
    is_public: false,
  });
  expect(study.status, JSON.stringify(study.body)).toBe(200);
  await pageApi(page, 'POST', '/api/study-tasks/', {
    study: study.body.id,
    name_ko: '첫 과제',
    name_en: 'First task',
    exam: demo.id,
    progress: 0,
  });
  await pageApi(page, 'POST', '/api/record-study-progress/', { study_id: study.body.id, page_type: 'detail' });
  return { publicExamId: demo.id, resultId: submitted.body.result_id, studyId: study.body.id };
}

type Session = PageOptions & { session: Awaited<ReturnType<BrowserContext['storageState']>> };

describe.each([
  ['ko', 'ko-KR'],
  ['en', 'en-US'],
] as const)('layout shift, %s', (language, locale) => {
  test.each(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[])(
    '%s: every signed-in screen settles with CLS ≤ 0.05 and passes axe',
    async (viewport) => {
      const signIn = await open({ locale, viewport, storage: { language } });
      await logIn(signIn.page, admin, password);
      if (language === 'en') await pageApi(signIn.page, 'POST', '/api/change-language/', { language: 'en' });
      const fixture = await makeFixture(signIn.page, language, viewport);
      const session: Session = { locale, viewport, session: await signIn.context.storageState() };
      await signIn.close();

      const report: Record<string, { cls: number; shifts: Shift[] }> = {};
      const violations: string[] = [];
      for (const [path, settled] of screens(fixture)) {
        const slug = path.replace(/[0-9a-z]{20,}/, ':id');
        const shot =
          viewport === 'phone'
            ? `layout-shift-${slug.slice(1).replace(/\W+/g, '-') || 'home'}-${language}-phone`
            : undefined;
        const seen = await measure(session, path, settled, shot);
        report[slug] = { cls: Math.round(total(seen.shifts) * 1000) / 1000, shifts: seen.shifts };
        violations.push(...seen.violations);
        expect(seen.lang, path).toBe(language);
      }
      writeFileSync(`${SCREENSHOT_DIR}/../axe-${language}-${viewport}-signed-in.txt`, violations.join('\n') + '\n');
      expect(violations).toEqual([]);
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      writeFileSync(
        `${SCREENSHOT_DIR}/../layout-shift-${language}-${viewport}.json`,
        JSON.stringify(report, null, 2) + '\n',
      );
      const over = Object.entries(report)
        .filter(([, { cls }]) => cls > BAR)
        .map(([path, { cls, shifts }]) => `${path} ${cls}: ${shifts.flatMap((shift) => shift.sources).join('; ')}`);
      expect(over).toEqual([]);
    },
    WALK_TIMEOUT_MS,
  );
});
