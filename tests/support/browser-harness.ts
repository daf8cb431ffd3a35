import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { launchBrowser, openPage, type OpenedPage, type PageOptions } from './browser.js';
import { createAdmin, go } from './browser-pages.js';

/** What a browser test file works with: the server's address, a run stamp, and pages of the file's Chromium. */
export interface BrowserHarness {
  /** The address of the server the browser project's global setup started (`npm start` on a throw-away data directory). */
  readonly baseUrl: string;
  /** Unique per file and run: the server's data directory lives for the whole browser project, so names made with it do not collide. */
  readonly stamp: string;
  /** A fresh context and page (viewport, browser language, seeded localStorage), its console errors collected. */
  open(options?: PageOptions): Promise<OpenedPage>;
  /** `open`, then the path, waiting until the app has mounted. */
  visit(path: string, options?: PageOptions): Promise<OpenedPage>;
}

/**
 * The lifecycle every file in tests/browser/ shares, registered where it is called (once, at the top of the
 * file): one Chromium for the file, launched before its first test and closed after its last. Every page
 * opened through it is closed after the test that is running, also when the test failed before its own
 * `close()`; so open pages inside tests, not in a beforeAll.
 */
export function useBrowser(): BrowserHarness {
  let browser: Browser | undefined;
  const openPages = new Set<OpenedPage>();

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const left = [...openPages];
    openPages.clear();
    await Promise.all(left.map((opened) => opened.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });

  const launched = (): Browser => {
    if (!browser) throw new Error('useBrowser(): the browser starts in beforeAll; open pages inside tests');
    return browser;
  };
  const tracked = (opened: OpenedPage): OpenedPage => {
    openPages.add(opened);
    return {
      ...opened,
      close: async () => {
        openPages.delete(opened);
        await opened.close();
      },
    };
  };

  const open = async (options?: PageOptions) => tracked(await openPage(launched(), options));
  return {
    baseUrl: inject('baseUrl'),
    stamp: Date.now().toString(36),
    open,
    visit: async (path, options) => {
      const opened = await open(options);
      await go(opened.page, path);
      return opened;
    },
  };
}

/** An admin account for the enclosing describe block, made once before its tests by the documented create-admin script. */
export function useAdmin(username: string, password: string): { username: string; password: string } {
  beforeAll(async () => {
    await createAdmin(username, password);
  }, 90_000);
  return { username, password };
}
