import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { contentSecurityPolicy } from '../../infra/definitions/content-security-policy.js';
import {
  go,
  pageApi,
  registerThroughForm,
  shotFromTop,
  unexpected,
  uploadExamImage,
} from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';
import { png } from '../support/images.js';

/**
 * The web app's Content-Security-Policy (docs/decisions/rich-content.md D182), sent by the local server
 * as CloudFront sends it: home, the exam detail and take-exam with a question holding an uploaded image,
 * a formula and a code block raise no violation and no console error; an injected inline script is
 * refused.
 */
const { baseUrl, stamp, open } = useBrowser();

declare global {
  interface Window {
    /** The page's CSP violations, recorded by watchViolations' init script. */
    __csp?: string[];
    /** Set by the injected inline script if the policy ever lets it run. */
    __inlineRan?: boolean;
  }
}

/** Collects `securitypolicyviolation` events from the first script on, across navigations. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.__csp = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => [...window.__csp!]);
}

describe('Content-Security-Policy', () => {
  test('the app is served with it', async () => {
    for (const path of ['/', '/take-exam/abc']) {
      const response = await fetch(`${baseUrl}${path}`);
      const header = response.headers.get('content-security-policy') ?? '';
      // connect-src also names the local S3 (s3rver), where the browser PUTs question files.
      expect(header).toMatch(/connect-src 'self' http:\/\/(localhost|127\.0\.0\.1):\d+;/);
      expect(header.replace(/connect-src [^;]+/, "connect-src 'self'")).toBe(contentSecurityPolicy());
    }
  });

  test('home, exam detail and a rich take-exam raise no violation; an injected inline script is refused', async () => {
    const { page, errors, close } = await open({ locale: 'ko-KR' });
    const violations = await watchViolations(page);
    await registerThroughForm(page, `csp${stamp}`, '정책', 'csp-pass-42');
    expect(await violations()).toEqual([]);

    const created = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
      title: `보안 정책 ${stamp}`,
      question_count: 0,
      is_public: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const examId = created.body.id;
    const url = await uploadExamImage(page, examId, png(48, 32));
    const added = await pageApi<{ id: string }>(page, 'POST', `/api/exam/${examId}/add-question/`, {
      title: '그림, 공식, 코드',
      content: [
        `신뢰도 $MTTF \\times \\frac{1}{n}$ 와 구성도를 보시오.`,
        '',
        `![구성도](${url})`,
        '',
        '```python',
        'def mttf(n: int) -> float:',
        '    return 1 / n',
        '```',
      ].join('\n'),
      answer: '1/n',
      format: 'markdown',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);

    await go(page, `/take-exam/${examId}?restart=true`);
    const content = page.getByTestId('question-content');
    await content.and(page.locator('[data-rendered="true"]')).waitFor();
    await content.locator('math').first().waitFor();
    await content.locator('pre code [class^="hljs-"]').first().waitFor();
    const image = content.locator('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
    // Decoded, not only sized from its header.
    expect(await image.evaluate((img: HTMLImageElement) => img.decode().then(() => true))).toBe(true);
    // The formula is MathML the browser draws itself (D264): no KaTeX style sheet or font is asked for.
    expect(await content.locator('math semantics annotation').first().textContent()).toBeTruthy();
    await shotFromTop(page, 'csp-rich-take-exam-ko');

    await go(page, `/exam-detail/${examId}`);
    await page.getByTestId('question-table').waitFor();
    await go(page, '/');
    await page.locator('main').first().waitFor();
    expect(await violations()).toEqual([]);

    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.head.append(script);
      return window.__inlineRan ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(violations).toEqual([expect.stringMatching(/^script-src-elem inline /)]);
    // The refusal is the only console error.
    expect(unexpected(errors).filter((e) => !/Content Security Policy/.test(e))).toEqual([]);
    await close();
  });
});
