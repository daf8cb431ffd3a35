import { execFile } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { screenshot } from './browser.js';
import { expect, inject } from 'vitest';

/** Page helpers the browser test files share. */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const run = promisify(execFile);

/** The shell has rendered and no translation spinner is left. */
export async function ready(page: Page): Promise<void> {
  await page.getByTestId('navbar').waitFor();
  await page.waitForFunction(() => !document.querySelector('[data-testid="spinner"]'));
}

/**
 * Every finite animation and transition on the page has ended (a toast's entry, a fade-in), then two
 * frames have been drawn: what the page shows is where it will stay. Endless ones (a spinner) are left.
 */
export async function animationsEnded(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return typeof end === 'number' && Number.isFinite(end);
    });
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** A failed request is logged by Chromium as a console error; tests that provoke one on purpose drop it. */
export function unexpected(errors: string[]): string[] {
  return errors.filter(
    (error) => !/Failed to load resource: the server responded with a status of (400|401|403|404|409)/.test(error),
  );
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-toast-type]').filter({ hasText: text }).first();
}

/** The page's width (or `limit`), how wide its content is, and up to five elements that stick out past it, outside any sideways-scrolling frame ([data-scroll-x]). */
async function overflowPast(page: Page, limit?: number) {
  return page.evaluate((limit) => {
    const width = limit ?? document.documentElement.clientWidth;
    return {
      width,
      scrollWidth: document.documentElement.scrollWidth,
      culprits: [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1 && !el.parentElement?.closest('[data-scroll-x]'))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className} → ${Math.round(el.getBoundingClientRect().right)}`),
    };
  }, limit);
}

/**
 * No horizontal scroll at the page's width (375 or 390 px): `scrollWidth <= clientWidth`. On
 * failure, names the elements that stick out.
 */
export async function fitsPhone(page: Page): Promise<void> {
  const overflow = await overflowPast(page);
  expect(overflow.scrollWidth, `${page.url()}\n${overflow.culprits.join('\n')}`).toBeLessThanOrEqual(overflow.width);
}

/** Stricter than fitsPhone: no page-level sideways scroll past `width`, and no element sticking out past it either (a wide table may scroll inside its own frame, [data-scroll-x]). */
export async function fitsWidth(page: Page, width: number): Promise<void> {
  const overflow = await overflowPast(page, width);
  expect(overflow.scrollWidth, overflow.culprits.join('\n')).toBeLessThanOrEqual(width);
  expect(overflow.culprits).toEqual([]);
}

/** Signs in through the login screen (returnTo honoured) and waits for the destination. */
export async function logIn(page: Page, username: string, password: string, returnTo?: string): Promise<void> {
  const baseUrl = inject('baseUrl');
  await page.goto(`${baseUrl}/login${returnTo ? `?returnTo=${encodeURIComponent(returnTo)}` : ''}`);
  await ready(page);
  await page.getByTestId('login-page').waitFor();
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${baseUrl}${returnTo ?? '/'}`);
  await ready(page);
}

/** The documented way to make the first admin, run against this test server's engines. */
export async function createAdmin(username: string, password: string): Promise<void> {
  await run(join(rootDir, 'node_modules/.bin/tsx'), ['scripts/create-admin.ts', username], {
    cwd: rootDir,
    env: {
      ...process.env,
      DATA_DIR: inject('dataDir'),
      ADMIN_PASSWORD: password,
      ADMIN_EMAIL: `${username}@example.com`,
      LOG_LEVEL: 'silent',
    },
    timeout: 60_000,
  });
}

/** Navigates an open page to a path of the app and waits until it has mounted. */
export async function go(page: Page, path: string): Promise<void> {
  await page.goto(`${inject('baseUrl')}${path}`);
  await ready(page);
}

/** A screenshot from the top of the page (sticky headers and lazy content settled). */
export async function shotFromTop(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await page.waitForTimeout(150);
  await screenshot(page, name);
}

/** A JSON call from inside the page, with the CSRF header the API wants, as the app makes it. */
export async function pageApi<T = Record<string, unknown>>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': decodeURIComponent(token) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  );
}

/** Uploads a PNG as a question image of the exam from inside the page; answers its Markdown URL (with `#WxH`). */
export async function uploadExamImage(page: Page, examId: string, bytes: Uint8Array): Promise<string> {
  const answer = await page.evaluate(
    async ({ examId, bytes }) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'diagram.png');
      const token = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(`/api/exam/${examId}/images/`, {
        method: 'POST',
        credentials: 'include',
        headers: { 'X-CSRFToken': decodeURIComponent(token) },
        body: form,
      });
      return { status: response.status, body: (await response.json()) as { url: string } };
    },
    { examId, bytes: [...bytes] },
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.url;
}

/** Registers through the sign-up screen (which signs the new user in) and waits for the home page. */
export async function registerThroughForm(page: Page, username: string, name: string, password: string): Promise<void> {
  await go(page, '/register');
  await page.locator('input[name="id"]').fill(username);
  await page.locator('input[name="name"]').fill(name);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="passwordConfirm"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL(`${inject('baseUrl')}/`);
  await ready(page);
}

/** The signed-in user's question file of that name, from the name-ordered file list read page by page. */
export async function questionFileNamed(page: Page, name: string): Promise<{ id: string; name: string }> {
  for (let cursor: string | null | undefined; ;) {
    const query = cursor ? `?page_size=200&cursor=${encodeURIComponent(cursor)}` : '?page_size=200';
    const answer = await pageApi<{ files: { id: string; name: string }[]; next: string | null }>(
      page,
      'GET',
      `/api/question-files/${query}`,
    );
    const found = answer.body.files.find((file) => file.name === name);
    if (found) return found;
    cursor = answer.body.next;
    if (!cursor) throw new Error(`no question file named ${name}`);
  }
}

interface KeysAtFocus {
  /** Each focus given to a watched element: its test id, and the page's keydown listeners then. */
  focused: { id: string; listeners: number }[];
  /** The page's keydown listeners now. */
  listeners: number;
}

/**
 * From the next page load on, notes each time the focus enters an element whose test id is one of
 * `testIds` and how many keydown listeners the document and the window had when that task ended. The
 * returned check (on the current document, once the screen has settled) requires that every listener
 * there now was already there when the focus arrived: focus given before the keys listen lets a key
 * pressed as soon as the field shows go into it as text (Esc does not leave, O / X are typed).
 */
export async function watchKeysAtFocus(page: Page, testIds: string[]): Promise<(label: string) => Promise<void>> {
  await page.addInitScript((ids: string[]) => {
    const live = new Set<unknown>();
    const focused: KeysAtFocus['focused'] = [];
    (window as Window & { __keysAtFocus?: () => KeysAtFocus }).__keysAtFocus = () => ({
      focused,
      listeners: live.size,
    });
    const add = EventTarget.prototype.addEventListener;
    const remove = EventTarget.prototype.removeEventListener;
    const isPage = (target: EventTarget) => target === window || target === document;
    EventTarget.prototype.addEventListener = function (this: EventTarget, ...args: Parameters<typeof add>) {
      if (args[0] === 'keydown' && isPage(this)) live.add(args[1]);
      return add.apply(this, args);
    };
    EventTarget.prototype.removeEventListener = function (this: EventTarget, ...args: Parameters<typeof remove>) {
      if (args[0] === 'keydown' && isPage(this)) live.delete(args[1]);
      return remove.apply(this, args);
    };
    add.call(
      window,
      'focusin',
      (event) => {
        const id = (event.target as Element | null)?.getAttribute?.('data-testid');
        // Counted once the task that gave the focus has run (React's commit is one task; a key is
        // another): a listener attached later in the same commit is in time, one left to a passive
        // effect, which can run after a key, is not.
        if (id && ids.includes(id)) queueMicrotask(() => focused.push({ id, listeners: live.size }));
      },
      true,
    );
  }, testIds);
  return async (label) => {
    const seen = await page.evaluate(() => (window as Window & { __keysAtFocus?: () => KeysAtFocus }).__keysAtFocus!());
    expect(seen.focused.length, `${label}: a watched field took the focus`).toBeGreaterThan(0);
    expect(seen.listeners, `${label}: the page listens for keys`).toBeGreaterThan(0);
    const late = seen.focused
      .filter((focus) => focus.listeners < seen.listeners)
      .map((focus) => `${focus.id} with ${focus.listeners}`);
    expect(late, `${label}: focus given before every key listener (${seen.listeners}) was there`).toEqual([]);
  };
}
