import { describe, expect, test } from 'vitest';
import { screenshot } from '../support/browser.js';
import { seriousViolations } from '../support/browser-axe.js';
import { go, pageApi, registerThroughForm, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

const { stamp, open } = useBrowser();

/**
 * The tag picker with more tags than a page (D248): it asks the server as the user types, so a tag
 * far down the name order is found without loading the whole list; "More tags" pages the rest.
 */
describe('tag picker, tags beyond the first page', () => {
  test('finds a tag past the first page by searching, in Korean and English', async () => {
    const { page, errors, close } = await open({ locale: 'ko-KR' });
    await registerThroughForm(page, `tg${stamp}`, `Tagger ${stamp}`, 'correct-horse-42');
    // 100 tags whose names sort first fill the first page; the one we look for sorts after them.
    for (let start = 0; start < 100; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          pageApi(page, 'POST', '/api/tags/', { name: `0${stamp}-${String(start + i).padStart(3, '0')}` }),
        ),
      );
    }
    const target = `zz${stamp} 깊은 태그`;
    expect((await pageApi(page, 'POST', '/api/tags/', { name: target })).status).toBe(201);
    const title = `Picker ${stamp}`;
    expect((await pageApi(page, 'POST', '/api/create-exam/', { title, question_count: 0 })).status).toBe(200);

    await go(page, '/exam-management');
    const row = page.locator(`[data-testid="exam-row"][data-exam-title="${title}"]`).first();
    await row.getByTestId('tag-manage').click();
    const editor = row.getByTestId('tag-editor');
    await editor.locator('[data-testid="tag-option"]').first().waitFor();
    const option = editor.locator(`[data-testid="tag-option"][data-tag-name="${target}"]`);
    expect(await option.count()).toBe(0);
    await editor.getByTestId('tag-load-more').waitFor();
    await editor.getByTestId('tag-search').fill(`zz${stamp}`);
    await option.waitFor();
    await option.click();
    expect(await option.getAttribute('aria-pressed')).toBe('true');
    expect(await seriousViolations(page, { include: '[data-testid="tag-editor"]' })).toEqual([]);
    await screenshot(page, 'tag-picker-search-ko-desktop', false);
    await editor.getByTestId('tag-save').click();
    await row.locator('[data-testid="tag-chip"]').filter({ hasText: target }).waitFor();

    // English: the "More tags" button pages the list.
    await go(page, '/exam-management');
    await page.getByTestId('language-switch').click();
    await page.getByRole('heading', { name: 'Exam management' }).waitFor();
    await row.getByTestId('tag-manage').click();
    const before = await editor.locator('[data-testid="tag-option"]').count();
    await editor.getByTestId('tag-load-more').filter({ hasText: 'More tags' }).click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="tag-editor"] [data-testid="tag-option"]').length > n,
      before,
    );
    expect(await seriousViolations(page, { include: '[data-testid="tag-editor"]' })).toEqual([]);
    await editor.getByTestId('tag-option').last().scrollIntoViewIfNeeded();
    await screenshot(page, 'tag-picker-more-en-desktop', false);

    // The exam list's tag filter finds it by searching too (its list shares the pages loaded above).
    await page.getByTestId('open-tag-filter').click();
    const modal = page.getByTestId('tag-filter-modal');
    await modal.getByTestId('tag-filter-search').fill(`zz${stamp}`);
    await modal.locator(`[data-testid="tag-filter-option"][data-tag-name="${target}"]`).click();
    expect(await seriousViolations(page, { include: '[data-testid="tag-filter-modal"]' })).toEqual([]);
    await screenshot(page, 'tag-filter-search-en-desktop', false);
    // Applied, its chip shows although the tag is past the loaded pages.
    await modal.getByTestId('tag-filter-apply').click();
    await page.getByTestId('active-tag-filter').getByText(target).waitFor();
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
