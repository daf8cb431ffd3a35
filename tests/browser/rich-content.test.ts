import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  fitsWidth,
  go,
  logIn,
  pageApi,
  registerThroughForm,
  shotFromTop,
  unexpected,
  uploadExamImage,
} from '../support/browser-pages.js';
import { seriousViolations } from '../support/browser-axe.js';
import { useBrowser } from '../support/browser-harness.js';
import { png } from '../support/images.js';

/**
 * Rich questions: a Markdown question with an image, a formula and a code block renders
 * in ko and en, at 390 px and on the desktop, axe-clean; a question holding an XSS corpus in every
 * rich field is saved through the API and shown without a dialog, a script run or a console error.
 */
const { stamp, visit } = useBrowser();
const PASSWORD = 'rich-pass-42';

/** The rich question in each language; `image` is an uploaded question image (only those load, D350). */
const richText = (image: string) => ({
  ko: [
    '다음 **쿠버네티스** 매니페스트와 신뢰도 공식 $MTTF \\times \\frac{1}{n}$ 을 보고 답하시오.',
    '',
    `![파드 구성도](${image})`,
    '',
    '```yaml',
    'apiVersion: v1',
    'kind: Pod',
    'metadata:',
    '  name: web-server-with-a-very-long-name-that-does-not-fit-on-a-phone-screen-at-all',
    '```',
    '',
    '$$\\sum_{i=1}^{n} \\lambda_i = \\lambda_{system}$$',
  ].join('\n'),
  en: [
    'Read the **Kubernetes** manifest and the reliability formula $MTTF \\times \\frac{1}{n}$, then answer.',
    '',
    `![Pod diagram](${image})`,
    '',
    '```yaml',
    'apiVersion: v1',
    'kind: Pod',
    'metadata:',
    '  name: web-server-with-a-very-long-name-that-does-not-fit-on-a-phone-screen-at-all',
    '```',
    '',
    '$$\\sum_{i=1}^{n} \\lambda_i = \\lambda_{system}$$',
  ].join('\n'),
});

declare global {
  interface Window {
    /** Set by an XSS payload that ran; never set while the app is safe. */
    __xss?: number;
  }
}

/** Every payload sets `window.__xss` (or opens a dialog) if it ever runs. */
const CORPUS = [
  '<script>window.__xss = 1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<svg onload="window.__xss=1"><script>window.__xss=1</script></svg>',
  '<a href="javascript:window.__xss=1">raw link</a>',
  '[link](javascript:window.__xss=1) [upper](JAVASCRIPT:alert(1)) [entity](&#106;avascript:alert(1))',
  '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [vb](vbscript:msgbox(1))',
  '![img](javascript:alert(1)) ![svg](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)',
  '[title](https://example.com "x\\" onmouseover=\\"window.__xss=1")',
  '&lt;script&gt;alert(1)&lt;/script&gt; &#60;img src=x onerror=alert(1)&#62;',
  '$\\href{javascript:alert(1)}{click}$ $\\url{javascript:alert(1)}$ $$\\htmlData{x=1}{y}$$',
  '$$ \\frac{1}{ $$ unbalanced $ $\\left( x $ $$$$ $',
  '<iframe src="javascript:alert(1)"></iframe><object data="x"></object><style>body{display:none}</style>',
  '```js\n</code></pre><script>window.__xss=1</script>\n```',
].join('\n\n');
/** As deep as a field holds (10,000 characters); the renderer's own test goes to 10,000 levels. */
const NESTED = '- '.repeat(4_990) + 'deep';

interface Question {
  id: string;
}

async function makeExam(page: Page, title: string): Promise<{ id: string; questions: Question[] }> {
  const created = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
    title,
    file_name: 'devops-kubernetes-basics.xlsx',
    question_count: 3,
    is_public: false,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const exam = await pageApi<{ questions: Question[] }>(page, 'GET', `/api/exam/${created.body.id}/`);
  return { id: created.body.id, questions: exam.body.questions };
}

async function patch(page: Page, examId: string, questionId: string, fields: Record<string, string>) {
  const saved = await pageApi<{ format: string }>(page, 'PATCH', `/api/questions/${questionId}/update/`, {
    exam_id: examId,
    format: 'markdown',
    ...fields,
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.format).toBe('markdown');
}

const content = (page: Page) => page.getByTestId('question-content');

async function rendered(page: Page) {
  await content(page).and(page.locator('[data-rendered="true"]')).waitFor();
}

describe('rich questions', () => {
  const username = `rich${stamp}`;
  let exam: { id: string; questions: Question[] };
  const rich = () => exam.questions[0]!.id;
  /** The exam's questions given, in that order, from the first (the runner otherwise resumes where it was). */
  const only = (...ids: string[]) =>
    `/take-exam/${exam.id}?selected=${ids.join(',')}&order=${ids.join(',')}&restart=true`;

  test('saved through the API with the markdown format, then shown in ko on the desktop', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await registerThroughForm(page, username, '리치', PASSWORD);
    exam = await makeExam(page, `리치 시험 ${stamp}`);
    const [first, hostile, deep] = exam.questions;
    const RICH = richText(await uploadExamImage(page, exam.id, png(120, 120)));
    await patch(page, exam.id, first!.id, {
      title_ko: '매니페스트와 공식',
      title_en: 'Manifest and formula',
      content_ko: RICH.ko,
      content_en: RICH.en,
      answer_ko: '**Pod**',
      answer_en: '**Pod**',
      explanation_ko: '`kind: Pod` 가 답입니다. $n=3$',
      explanation_en: '`kind: Pod` is the answer. $n=3$',
    });
    await patch(page, exam.id, hostile!.id, {
      title_ko: 'XSS 모음',
      title_en: 'XSS corpus',
      content_ko: CORPUS,
      content_en: CORPUS,
      answer_ko: CORPUS,
      answer_en: CORPUS,
      explanation_ko: CORPUS,
      explanation_en: CORPUS,
    });
    await patch(page, exam.id, deep!.id, { content_ko: NESTED, content_en: NESTED, explanation_ko: NESTED });

    await go(page, only(rich()));
    await rendered(page);
    expect(await content(page).locator('math').count()).toBe(2);
    expect(await content(page).locator('pre code [class^="hljs-"]').count()).toBeGreaterThan(0);
    const image = content(page).locator('img');
    expect(await image.getAttribute('alt')).toBe('파드 구성도');
    expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['120', '120']);
    await shotFromTop(page, 'rich-take-exam-ko-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    // A rich answer is graded in its plain form: `**Pod**` is answered by `Pod`.
    await page.getByTestId('answer-input').fill('Pod');
    await page.getByTestId('submit-answer').click();
    await expect.poll(() => page.getByTestId('answer-feedback').getAttribute('data-verdict')).toBe('correct');
    expect(await page.getByTestId('correct-answer').locator('strong').textContent()).toBe('Pod');
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test.each([
    ['ko-KR', 'phone'],
    ['en-US', 'phone'],
    ['en-US', 'desktop'],
  ] as const)('%s %s: formula, code and image render; code scrolls inside its block', async (locale, viewport) => {
    const { page, errors, close } = await visit('/login', { locale, viewport });
    await logIn(page, username, PASSWORD);
    if (locale === 'en-US') await pageApi(page, 'POST', '/api/change-language/', { language: 'en' });
    const scripts: string[] = [];
    const fonts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === 'script') scripts.push(path);
      if (request.resourceType() === 'font') fonts.push(path);
    });
    await go(page, only(rich()));
    await rendered(page);
    // The exam read answered the question rendered (D263): the page took the sanitizer, not the renderer,
    // KaTeX or highlight.js, and still shows formulas (MathML, no KaTeX font: D264) and code colours.
    expect(scripts.some((path) => /\/sanitize-html-[\w-]{8}\.js$/.test(path))).toBe(true);
    expect(scripts.filter((path) => /\/(render-markdown|math|highlight)-[\w-]{8}\.js$/.test(path))).toEqual([]);
    expect(fonts.filter((path) => path.includes('KaTeX'))).toEqual([]);
    // Shown once rendered, never as plain text that then grows (D183): nothing inside the exam moved.
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
          const runner = document.querySelector('[data-testid="take-exam-runner"]');
          const inside = (node?: Node) => !!node && node !== runner && !!runner?.contains(node);
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as Shift[])
              if (!entry.hadRecentInput && entry.sources.some((source) => inside(source.node))) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          requestAnimationFrame(() => resolve(total));
        }),
    );
    expect(shift).toBeLessThanOrEqual(0.05);
    if (locale === 'en-US') expect(await content(page).textContent()).toContain('reliability formula');
    expect(await content(page).locator('math').count()).toBe(2);
    const pre = content(page).locator('pre');
    const [scrollWidth, clientWidth] = await pre.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    if (viewport === 'phone') {
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      await fitsWidth(page, 390);
    }
    await shotFromTop(page, `rich-take-exam-${locale.slice(0, 2)}-${viewport}`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('the XSS corpus in every rich field never runs and never breaks the page', async () => {
    const { page, errors, close } = await visit('/login', { locale: 'ko-KR', viewport: 'phone' });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await logIn(page, username, PASSWORD);
    await go(page, only(exam.questions[1]!.id, exam.questions[2]!.id));
    await expect.poll(() => page.getByTestId('question-title').textContent()).toBe('XSS 모음');
    await rendered(page);
    await page.getByTestId('show-answer').click();
    await page.getByTestId('correct-answer').and(page.locator('[data-rendered="true"]')).waitFor();
    await page.getByTestId('answer-reveal').locator('[data-rendered="true"]').nth(1).waitFor();

    const findings = await page.evaluate(() => ({
      ran: window.__xss,
      scripts: document.querySelectorAll('[data-testid="question-card"] script').length,
      handlers: [...document.querySelectorAll('[data-testid="question-card"] *')].flatMap((el) =>
        [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => `${el.tagName} ${a.name}`),
      ),
      badUrls: [
        ...document.querySelectorAll('[data-testid="question-card"] [href], [data-testid="question-card"] [src]'),
      ]
        .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? '')
        .filter((url) => /^\s*(javascript|data|vbscript):/i.test(url)),
      iframes: document.querySelectorAll('iframe, object, embed').length,
      bodyShown: getComputedStyle(document.body).display !== 'none',
    }));
    expect(findings).toEqual({ ran: undefined, scripts: 0, handlers: [], badUrls: [], iframes: 0, bodyShown: true });
    // The raw HTML is shown as text.
    expect(await content(page).textContent()).toContain('<script>window.__xss = 1</script>');
    await shotFromTop(page, 'rich-xss-corpus-ko-phone');
    await fitsWidth(page, 390);

    // The deeply nested list: the page still answers and shows the next question.
    await page.getByTestId('nav-next').click();
    await rendered(page);
    expect(await page.getByTestId('question-card').isVisible()).toBe(true);

    // The exam detail list shows the plain form until a row is opened, then the rendered one.
    await go(page, `/exam-detail/${exam.id}`);
    await page.getByTestId('question-table').waitFor();
    await page.getByTestId('question-reveal').first().waitFor();
    for (const reveal of await page.getByTestId('question-reveal').all()) await reveal.click();
    await expect.poll(() => page.locator('[data-testid="question-content"][data-rendered="true"]').count()).toBe(3);
    expect(await page.evaluate(() => window.__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('the editor previews Markdown and its toolbar writes code, math and an image', async () => {
    const { page, errors, close } = await visit('/login', { locale: 'ko-KR' });
    await logIn(page, username, PASSWORD);
    await go(page, only(rich()));
    await rendered(page);
    await page.getByTestId('edit-question').click();
    const modal = page.getByTestId('question-form-modal');
    await modal.waitFor();
    expect(await modal.getByTestId('format-markdown').getAttribute('aria-checked')).toBe('true');
    await modal.getByTestId('rich-preview').locator('math').first().waitFor();
    const explanation = modal.locator('textarea[name="explanation"]');
    await explanation.fill('');
    await explanation.focus();
    await modal.getByTestId('insert-math').click();
    await modal.getByTestId('insert-code').click();
    // The image button opens the upload: a file and its alt text, then the Markdown goes in at the cursor.
    await modal.getByTestId('insert-image').click();
    await modal.getByTestId('image-upload-submit').click();
    await modal.getByTestId('image-upload-problem').waitFor();
    await modal
      .locator('#question-image-file')
      .setInputFiles({ name: '구성도.png', mimeType: 'image/png', buffer: png(64, 32) });
    await modal.getByTestId('image-alt').fill('구성도');
    await modal.getByTestId('image-upload-submit').click();
    await expect.poll(() => explanation.inputValue()).toMatch(/!\[구성도\]\(\/api\/exam\/\w+\/images\/\w+\/#64x32\)/);
    // A pasted image opens the same upload with the file chosen; it still asks for the alt text.
    await explanation.evaluate(
      (area, bytes) => {
        const data = new DataTransfer();
        data.items.add(new File([new Uint8Array(bytes)], 'pasted.png', { type: 'image/png' }));
        area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
      },
      [...png(10, 6)],
    );
    await expect
      .poll(() => modal.getByTestId('image-alt').evaluate((input) => input === document.activeElement))
      .toBe(true);
    await modal.getByTestId('image-alt').fill('붙여 넣은 그림');
    await modal.getByTestId('image-upload-submit').click();
    await expect.poll(() => explanation.inputValue()).toMatch(/!\[붙여 넣은 그림\]\([^)]+#10x6\)/);
    const written = await explanation.inputValue();
    expect(written).toContain('$x^2$');
    expect(written).toContain('```bash');
    const uploaded = modal.getByTestId('rich-preview').locator('img[alt="구성도"]');
    await uploaded.waitFor();
    expect([await uploaded.getAttribute('width'), await uploaded.getAttribute('height')]).toEqual(['64', '32']);
    await expect.poll(() => uploaded.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
    await expect.poll(() => modal.getByTestId('rich-preview').locator('pre code').count()).toBeGreaterThan(0);
    await shotFromTop(page, 'rich-editor-ko-desktop');
    expect(await seriousViolations(page, { include: '[data-testid="question-form-modal"]' })).toEqual([]);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
  test('a legacy question keeps its stars and underscores exactly as typed', async () => {
    const { page, errors, close } = await visit('/login', { locale: 'ko-KR', viewport: 'phone' });
    await logIn(page, username, PASSWORD);
    const text = '**굵게** 가 아니라 별표 그대로: 2*3 = 6, snake_case_name, __init__, $PATH 와 $HOME';
    const added = await pageApi<{ id: string; format: string }>(page, 'POST', `/api/exam/${exam.id}/add-question/`, {
      title: '예전 문제',
      content: text,
      answer: '2*3',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.format).toBe('plain');
    await go(page, only(added.body.id));
    await expect.poll(() => content(page).getAttribute('data-format')).toBe('plain');
    expect(await content(page).textContent()).toBe(text);
    expect(await content(page).locator('strong, em, math').count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
