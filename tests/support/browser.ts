import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';
import { launchChromium } from '../../local/chromium.js';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = join(rootDir, 'test-results/screenshots');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  /** The developers' guide's phone: 390 px wide. */
  phone: { width: 390, height: 844 },
} as const;

/** Debian's Chromium, headless (local/chromium.ts); each test also gets its own context. */
export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  close(): Promise<void>;
}

export interface PageOptions {
  viewport?: keyof typeof VIEWPORTS;
  /** Browser language (navigator.languages), which the app's language rule reads. */
  locale?: string;
  /** localStorage entries set before any page script runs. */
  storage?: Record<string, string>;
  /** Cookies and localStorage of another context (`context.storageState()`): the same session, signed in, with a cold cache. */
  session?: Awaited<ReturnType<BrowserContext['storageState']>>;
  /**
   * Let the app's service worker register (the offline tests). Blocked by default: a worker controlling
   * the page would answer navigations from its precache and hide requests from `page.route`.
   */
  serviceWorkers?: boolean;
}

export async function openPage(browser: Browser, options: PageOptions = {}): Promise<OpenedPage> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[options.viewport ?? 'desktop'],
    locale: options.locale ?? 'ko-KR',
    deviceScaleFactor: 1,
    storageState: options.session,
    serviceWorkers: options.serviceWorkers ? 'allow' : 'block',
  });
  if (options.storage) {
    await context.addInitScript((entries: Record<string, string>) => {
      // Only on the first document: a reload must see what the app itself stored since.
      if (sessionStorage.getItem('__seeded')) return;
      sessionStorage.setItem('__seeded', '1');
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, options.storage);
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return { context, page, errors, close: () => context.close() };
}

export async function screenshot(page: Page, name: string, fullPage = true): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  // Web-font subsets load as glyphs first appear (font-display: swap), and the font CSS itself comes
  // lazily: wait until no font is loading for a moment, so Hangul is drawn.
  await page.waitForFunction(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => setTimeout(resolve, 150));
    return document.fonts.status === 'loaded';
  });
  await page.screenshot({ path, fullPage });
  return path;
}
