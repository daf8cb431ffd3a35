import { readFile } from 'node:fs/promises';
import * as XLSX from 'xlsx';
import { describe, expect, test } from 'vitest';
import { go, registerThroughForm, toast, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

const { stamp, visit } = useBrowser();

/**
 * D195: "Download my data" starts a background export; the button says it is preparing while the
 * page polls the job, then the file arrives through the download route's redirect to the bucket.
 */
describe('background export: my data', () => {
  for (const { locale, language, viewport, preparing } of [
    { locale: 'en-US', language: 'en', viewport: 'desktop', preparing: 'Preparing...' },
    { locale: 'ko-KR', language: 'ko', viewport: 'phone', preparing: '준비하는 중...' },
  ] as const) {
    test(`${language}, ${viewport}`, async () => {
      const { page, errors, close } = await visit('/', { locale, viewport, storage: { language } });
      const username = `bgx${language}${stamp}`;
      await registerThroughForm(page, username, language === 'ko' ? '내보내기' : 'Exporter', 'correct-horse-42');
      await go(page, '/profile');
      const card = page.getByTestId('profile-export');
      await card.scrollIntoViewIfNeeded();
      const button = card.getByRole('button');
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await button.click();
      expect(await button.textContent()).toBe(preparing);
      expect(await button.isDisabled()).toBe(true);
      await page.screenshot({
        path: `test-results/screenshots/background-export-preparing-${language}-${viewport}.png`,
      });
      const file = await download;
      expect(file.suggestedFilename()).toBe(`user_data_export_${username}.xlsx`);
      const book = XLSX.read(await readFile((await file.path())!), { type: 'buffer' });
      expect(book.SheetNames[0]).toBe('profile');
      await toast(page, `user_data_export_${username}.xlsx`).waitFor();
      expect(await button.isDisabled()).toBe(false);
      await page.screenshot({ path: `test-results/screenshots/background-export-done-${language}-${viewport}.png` });
      expect(unexpected(errors)).toEqual([]);
      await close();
    });
  }
});
