import { describe, expect, test } from 'vitest';
import { apkgBytes } from '../support/anki-deck.js';
import { png } from '../support/images.js';
import { seriousViolations } from '../support/browser-axe.js';
import { VIEWPORTS } from '../support/browser.js';
import { fitsWidth, go, pageApi, registerThroughForm, shotFromTop, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

const { stamp, visit } = useBrowser();

const PASSWORD = 'correct-horse-42';

/**
 * An Anki deck (.apkg) goes through the preview (how it was read, cloze notes and media
 * left out) and imports; the file row and the exam detail export the questions as xlsx, csv or
 * Anki text. A note's image the deck holds is stored and shows in the exam made from the file
 * (D174, D176). Korean at 390 px, English at desktop, keyboard to confirm, axe-clean.
 */
describe('question import: an Anki deck, then the export menus', () => {
  for (const { locale, language, viewport } of [
    { locale: 'ko-KR', language: 'ko', viewport: 'phone' },
    { locale: 'en-US', language: 'en', viewport: 'desktop' },
  ] as const) {
    test(`${language}, ${viewport}`, async () => {
      const { page, errors, close } = await visit('/', { locale, viewport, storage: { language } });
      await registerThroughForm(page, `deck${language}${stamp}`, language === 'ko' ? '덱' : 'Decker', PASSWORD);
      await go(page, '/question-files');
      await page.getByTestId('files-table').waitFor();
      expect(await page.getByTestId('format-note-apkg').textContent()).toContain('.apkg');

      const name = `deck-${language}-${stamp}.apkg`;
      const deck = await apkgBytes(
        [
          { fields: ['<b>사과</b>', 'apple'] },
          { fields: ['capital of France', 'Paris <img src="paris.jpg">'] },
          { fields: ['{{c1::Seoul}} is a capital', ''], cloze: true },
          { fields: ['a cloze note without a gap', ''], cloze: true },
          {
            fields: [
              `${language === 'ko' ? '어느 나라 깃발?' : 'Which flag?'} <img src="flag.png" alt="flag">`,
              'Korea',
            ],
          },
          { fields: ['Which way? <img src="arrow.svg" alt="arrow">', 'up'] },
        ],
        'anki2',
        {
          'flag.png': png(160, 100, { stripes: true }),
          'arrow.svg': new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        },
      );
      await page.getByTestId('question-file-input').setInputFiles({ name, mimeType: 'application/zip', buffer: deck });
      await page.getByTestId('upload-submit').focus();
      await page.keyboard.press('Enter');
      const preview = page.getByTestId('import-preview');
      await preview.waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('import-report-format').textContent()).toContain('.apkg');
      expect(await page.getByTestId('import-report-cloze').textContent()).toContain('1');
      expect(await page.getByTestId('import-report-media').textContent()).toContain('paris.jpg');
      expect(await page.getByTestId('preview-rows').textContent()).toContain('capital of France');
      // A cloze note is a card per gap: the preview shows its gap, not its answer.
      expect(await page.getByTestId('preview-rows').textContent()).toContain('[…] is a capital');
      if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shotFromTop(page, `question-deck-preview-${language}-${viewport}`);
      await page.getByTestId('preview-confirm').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('upload-result').waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('import-report-images').textContent()).toContain('1');
      expect(await page.getByTestId('import-report-image-warnings').textContent()).toContain('arrow.svg');
      if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('import-report').screenshot({
        path: `test-results/screenshots/question-deck-images-report-${language}-${viewport}.png`,
      });

      // The file row's download menu: Anki text, then the uploaded file itself.
      const row = page.locator(`[data-testid="file-row"][data-file-name="${name}"]`);
      await row.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await row.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/screenshots/question-file-export-${language}-${viewport}.png` });
      const download = page.waitForEvent('download');
      await row.getByTestId('file-export').selectOption('txt');
      const file = await download;
      expect(file.suggestedFilename()).toBe(`deck-${language}-${stamp}.txt`);
      const original = page.waitForEvent('download');
      await row.getByTestId('file-export').selectOption('original');
      expect((await original).suggestedFilename()).toBe(name);

      // The exam detail's export menu: csv.
      const files = await pageApi<{ files: { id: string; name: string }[] }>(
        page,
        'GET',
        '/api/question-files/?is_public=false',
      );
      const fileId = files.body.files.find((f) => f.name === name)!.id;
      const exam = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
        title: `deck exam ${language} ${stamp}`,
        question_count: 5,
        file_id: fileId,
        is_public: false,
      });
      expect(exam.status).toBe(200);
      await go(page, `/exam-detail/${exam.body.id}`);
      await page.getByTestId('detail-export').waitFor();
      const examDownload = page.waitForEvent('download');
      await page.getByTestId('detail-export').selectOption('csv');
      expect((await examDownload).suggestedFilename()).toBe(`deck exam ${language} ${stamp}.csv`);
      if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shotFromTop(page, `exam-detail-export-${language}-${viewport}`);

      // The imported image, copied under the exam, shows in the take-exam screen with its reserved size.
      const questions = await pageApi<{ id: string; content: string }[]>(
        page,
        'GET',
        `/api/exam/${exam.body.id}/questions/`,
      );
      const flag = questions.body.find((q) => q.content.includes('![flag]'))!;
      expect(flag.content).toContain(`/api/exam/${exam.body.id}/images/`);
      await go(page, `/take-exam/${exam.body.id}?selected=${flag.id}&order=${flag.id}&restart=true`);
      const image = page.getByTestId('question-content').locator('img[alt="flag"]');
      await image.waitFor();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(160);
      expect([await image.getAttribute('width'), await image.getAttribute('height')]).toEqual(['160', '100']);
      if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shotFromTop(page, `imported-image-take-exam-${language}-${viewport}`);
      expect(unexpected(errors)).toEqual([]);
      await close();
    });
  }
});
