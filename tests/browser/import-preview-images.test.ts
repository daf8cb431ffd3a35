import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/browser-axe.js';
import { VIEWPORTS, screenshot } from '../support/browser.js';
import { fitsWidth, go, registerThroughForm, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

const { stamp, visit } = useBrowser();

const PASSWORD = 'correct-horse-42';

/** A sheet naming images two ways (a Markdown image, a URL-only explanation line), with a rich and a plain row. */
const SHEET = [
  'question,answer,explanation',
  '"다음 회로도에서 저항 R의 값은? ![회로도 — 직렬 저항](https://images.example.com/exams/circuit-diagram.png)",10Ω,',
  '"Which port does **HTTPS** use?",443,"The handshake:\nhttps://images.example.com/docs/tls-handshake-sequence.webp"',
  'Plain *stars* and 2*3 stay as typed,6,',
].join('\n');

/**
 * The import preview shows a row's images (D259): the rich text rendered, each image as a
 * placeholder with its alt text and source, since only the import fetches and stores images —
 * so the page requests nothing from the images' hosts. Korean and English at 390 px, axe-clean.
 */
describe('import preview: images as placeholders', () => {
  for (const { locale, language } of [
    { locale: 'ko-KR', language: 'ko' },
    { locale: 'en-US', language: 'en' },
  ] as const) {
    test(`${language}, phone`, async () => {
      const { page, errors, close } = await visit('/', { locale, viewport: 'phone', storage: { language } });
      const outside: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('images.example.com')) outside.push(request.url());
      });
      await registerThroughForm(page, `pim${language}${stamp}`, language === 'ko' ? '미리보기' : 'Previewer', PASSWORD);
      await go(page, '/question-files');
      await page.getByTestId('files-table').waitFor();
      await page
        .getByTestId('question-file-input')
        .setInputFiles({ name: `images-${language}-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(SHEET) });
      await page.getByTestId('upload-submit').click();
      await page.getByTestId('import-preview').waitFor({ timeout: 60_000 });

      const rows = page.getByTestId('preview-rows');
      const boxes = rows.locator('.rich-image-placeholder');
      await boxes.nth(1).waitFor();
      expect(await boxes.count()).toBe(2);
      expect(await boxes.nth(0).getAttribute('aria-label')).toBe('회로도 — 직렬 저항');
      expect(await boxes.nth(0).textContent()).toContain('https://images.example.com/exams/circuit-diagram.png');
      expect(await boxes.nth(1).getAttribute('aria-label')).toBe('tls-handshake-sequence');
      expect(await rows.locator('img').count()).toBe(0);
      // The rich row is rendered (bold), the plain one shown as typed.
      expect(await rows.locator('strong').first().textContent()).toBe('HTTPS');
      expect(await rows.getByText('Plain *stars* and 2*3 stay as typed').count()).toBe(1);
      expect(await page.getByTestId('preview-images-note').textContent()).toContain(
        language === 'ko' ? '대체 텍스트와 출처' : 'alt text and where it comes from',
      );

      await fitsWidth(page, VIEWPORTS.phone.width);
      expect(await seriousViolations(page)).toEqual([]);
      await rows.scrollIntoViewIfNeeded();
      await page.getByTestId('preview-images-note').evaluate((note) => note.scrollIntoView({ block: 'start' }));
      await screenshot(page, `import-preview-images-${language}-phone`, false);
      // The explanation column, past the phone's width inside the table's own scrolling frame.
      await rows.evaluate((table) => table.parentElement!.scrollTo({ left: table.scrollWidth }));
      await screenshot(page, `import-preview-images-${language}-phone-explanation`, false);
      expect(outside).toEqual([]);

      await page.getByTestId('preview-cancel').click();
      await page.getByTestId('import-preview').waitFor({ state: 'detached' });
      expect(unexpected(errors)).toEqual([]);
      await close();
    });
  }
});
