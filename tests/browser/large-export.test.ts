import { stat } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { VIEWPORTS } from '../support/browser.js';
import { fitsWidth, go, registerThroughForm, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';
import { KO_HEADER, xlsxBytes } from '../support/sheets.js';

const { stamp, visit } = useBrowser();

const ROWS = 1_200;

/**
 * D198: a question file whose CSV export is over the 4 MB a Lambda answer carries. The row's menu
 * starts the background export, says it is preparing while the page polls, and the file arrives
 * whole through the download's redirect to the bucket. Korean at 390 px.
 */
describe('large export: a question file over 4 MB', () => {
  test('ko, phone', async () => {
    const { page, errors, close } = await visit('/', {
      locale: 'ko-KR',
      viewport: 'phone',
      storage: { language: 'ko' },
    });
    await registerThroughForm(page, `bigx${stamp}`, '큰파일', 'correct-horse-42');
    await go(page, '/question-files');
    await page.getByTestId('files-table').waitFor();

    const name = `large-${stamp}.xlsx`;
    const rows = Array.from({ length: ROWS }, (_, i) => [
      String(i + 1),
      `제목 ${i + 1}`,
      `${i + 1}번 문제: ${'가나다라마바사아자차카타파하'.repeat(107)}`,
      `답 ${i + 1}`,
    ]);
    await page.getByTestId('question-file-input').setInputFiles({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsxBytes([KO_HEADER.slice(0, 4), ...rows]),
    });
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('import-preview').waitFor({ timeout: 60_000 });
    await page.getByTestId('preview-confirm').click();
    await page.getByTestId('upload-result').waitFor({ timeout: 60_000 });

    const row = page.locator(`[data-testid="file-row"][data-file-name="${name}"]`);
    await row.waitFor();
    await row.scrollIntoViewIfNeeded();
    const menu = row.getByTestId('file-export');
    const download = page.waitForEvent('download', { timeout: 60_000 });
    await menu.selectOption('csv');
    await expect.poll(() => menu.isDisabled()).toBe(true);
    expect(await menu.locator('option').first().textContent()).toBe('준비하는 중...');
    await fitsWidth(page, VIEWPORTS.phone.width);
    await page.screenshot({ path: 'test-results/screenshots/large-export-preparing-ko-phone.png' });

    const file = await download;
    expect(file.suggestedFilename()).toBe(`large-${stamp}.csv`);
    expect((await stat((await file.path())!)).size).toBeGreaterThan(4 * 1024 * 1024);
    await expect.poll(() => menu.isDisabled()).toBe(false);
    await page.screenshot({ path: 'test-results/screenshots/large-export-done-ko-phone.png' });
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
