import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium, headless, as the browser tests and the benches drive it. Playwright gives every
 * launch a fresh temporary profile (user-data-dir), so no state leaks between runs. The
 * background-networking flags keep it from calling Google's hosts, which this machine cannot reach.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--headless',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}
