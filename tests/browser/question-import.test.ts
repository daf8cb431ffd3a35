import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/browser-axe.js';
import { VIEWPORTS } from '../support/browser.js';
import { fitsWidth, go, registerThroughForm, shotFromTop, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';
import { clozeNumbers } from '../../shared/domain/cloze.js';

const { stamp, visit } = useBrowser();

const NOTES = {
  ko: '# 광합성\n광합성이란 식물이 빛 에너지를 이용해 양분을 만드는 과정이다. 광합성은 잎의 엽록체에서 일어난다.\n\n## 물질의 상태\n- 고체\n- 액체\n- 기체\n\n<img src=x onerror="document.title=1">',
  en: '# Cells\nMitochondria are the organelles that release energy from glucose. The French Revolution began in 1789 in Paris.\n\n## States of matter\n- Solid\n- Liquid\n- Gas\n\n<img src=x onerror="document.title=1">',
};

/**
 * From the question files to the notes screen and back with a saved file, by keyboard: notes
 * pasted (with hostile HTML), candidates made by rules, one dropped, saved privately, the import report.
 */
async function notesToFile(page: Page, language: 'ko' | 'en', viewport: 'phone' | 'desktop') {
  await page.getByTestId('to-notes').focus();
  await page.keyboard.press('Enter');
  // The model tier is off on a local server: the notice says so and no button offers it.
  expect(await page.getByTestId('notes-tier-notice').textContent()).toContain(
    language === 'ko' ? '모델로 만들기는 이 서버에서 꺼져 있습니다' : 'Making them by a model is off on this server',
  );
  expect(await page.getByTestId('notes-generate-model').count()).toBe(0);
  await page.getByTestId('notes-text').fill(NOTES[language]);
  if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
  expect(await seriousViolations(page, { label: `/notes input ${language} ${viewport}` })).toEqual([]);
  await shotFromTop(page, `notes-input-${language}-${viewport}`);
  await page.getByTestId('notes-generate').focus();
  await page.keyboard.press('Enter');
  const review = page.getByTestId('notes-review');
  await review.waitFor({ timeout: 60_000 });
  const questions = await page
    .getByTestId('notes-candidate-question')
    .evaluateAll((areas) => areas.map((area) => (area as HTMLTextAreaElement).value));
  expect(questions).toContain(
    language === 'ko'
      ? '{{c1::광합성}}은 잎의 엽록체에서 일어난다.'
      : 'The {{c1::French Revolution}} began in 1789 in Paris.',
  );
  expect(questions.join('\n')).not.toContain('onerror');
  expect(await page.getByTestId('notes-candidate-tier').first().textContent()).toBe(
    language === 'ko' ? '만든 방식: 규칙' : 'Made by rules',
  );
  const total = questions.length;
  await page.getByTestId('notes-candidate-keep').first().focus();
  await page.keyboard.press('Space');
  await page.getByTestId('notes-file-name').fill(`notes-${language}-${stamp}`);
  if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
  expect(await seriousViolations(page)).toEqual([]);
  await shotFromTop(page, `notes-review-${language}-${viewport}`);
  await page.getByTestId('notes-save').focus();
  await page.keyboard.press('Enter');
  const saved = page.getByTestId('notes-saved');
  await saved.waitFor({ timeout: 60_000 });
  // The first card was dropped; a kept cloze note becomes one question per gap number.
  const imported = questions.slice(1).reduce((sum, text) => sum + Math.max(1, clozeNumbers(text).length), 0);
  const stats = await page.getByTestId('notes-saved-stats').textContent();
  expect(stats).toContain(language === 'ko' ? `전체 ${total - 1}행` : `${total - 1} rows`);
  expect(stats).toContain(language === 'ko' ? `가져옴 ${imported}` : `${imported} imported`);
  expect(await page.title()).not.toBe('1');
  if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
  expect(await seriousViolations(page)).toEqual([]);
  await shotFromTop(page, `notes-saved-${language}-${viewport}`);
}

/** What the model tier answers (the contract's shape): one gap, and one proposal dropped for a source not in the notes. */
const MODEL_ANSWER = {
  candidates: [
    {
      content: '{{c1::Mitochondria}} are the organelles that release energy from glucose.',
      answer: '',
      source: 'Mitochondria are the organelles that release energy from glucose.',
      tier: 'model',
    },
  ],
  dropped: 1,
  calls_left: 4,
};

/**
 * The model tier turned on, by keyboard: the notice counts the calls left, the button makes the candidates,
 * each marked as the model's, with the dropped count. The server's tier is the one shared server's
 * environment (off), so its two answers are this page's: the server's side, against a recorded Bedrock
 * answer, is tests/integration/notes-model.test.ts.
 */
async function notesByModel(page: Page) {
  await page.route('**/api/notes-questions/', (route) =>
    route.fulfill({
      json:
        route.request().method() === 'GET'
          ? { enabled: true, calls_per_day: 20, calls_left: 5, max_chars: 20_000 }
          : MODEL_ANSWER,
    }),
  );
  await go(page, '/notes');
  await page.getByTestId('notes-tier-notice').filter({ hasText: '5 model requests left today' }).waitFor();
  await page.getByTestId('notes-text').fill(NOTES.en);
  await page.getByTestId('notes-generate-model').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('notes-review').waitFor();
  expect(await page.getByTestId('notes-candidate-tier').allTextContents()).toEqual(['Made by model']);
  expect(await page.getByTestId('notes-model-dropped').textContent()).toContain('1 question the model proposed');
  expect(await seriousViolations(page, { label: '/notes model en desktop' })).toEqual([]);
  await shotFromTop(page, 'notes-model-en-desktop');
  await page.unroute('**/api/notes-questions/');
}

const PASSWORD = 'correct-horse-42';

/**
 * A card file as learners export it: answers quoted after a space (repaired), a row without an
 * answer, a duplicate, and a column the importer does not know (kept).
 */
const CARDS = [
  'question,answer,example',
  'Which are compute services?, "EC2, Lambda"',
  'No answer here,',
  'Which are compute services?, "EC2, Lambda"',
  'ephemeral,short-lived,an ephemeral fad',
].join('\n');

/**
 * The question-files screen says exactly what an import did (rows not imported with
 * their line and reason, columns kept, repairs, how the file was read), and its format panel lists
 * the header names and file kinds the server accepts. Korean at 390 px, English at desktop, axe-clean.
 */
describe('question import: the result listing and the format panel', () => {
  for (const { locale, language, viewport } of [
    { locale: 'ko-KR', language: 'ko', viewport: 'phone' },
    { locale: 'en-US', language: 'en', viewport: 'desktop' },
  ] as const) {
    test(`${language}, ${viewport}`, async () => {
      const { page, errors, close } = await visit('/', { locale, viewport, storage: { language } });
      await registerThroughForm(page, `imp${language}${stamp}`, language === 'ko' ? '가져오기' : 'Importer', PASSWORD);
      await go(page, '/question-files');
      await page.getByTestId('files-table').waitFor();

      // The format panel: every header name and file kind comes from the shared rules.
      const panel = page.getByTestId('format-card');
      expect(await page.getByTestId('format-extensions').textContent()).toBe(
        '.xlsx, .xls, .csv, .tsv, .txt, .apkg, .gift, .xml',
      );
      expect(await page.getByTestId('format-note-quiz').textContent()).toContain('GIFT');
      const contentRow = await page.getByTestId('format-column-content').textContent();
      for (const name of ['질문', 'front', 'term', 'question']) expect(contentRow).toContain(name);
      expect(await page.getByTestId('format-column-answer').textContent()).toContain('definition');
      expect(await page.getByTestId('format-column-options').textContent()).toContain('보기');
      expect(await page.getByTestId('format-column-options-cell').textContent()).toContain('options');
      expect(await panel.textContent()).toContain(language === 'ko' ? 'CP949 (EUC-KR)' : 'UTF-16 LE');

      // Upload with the keyboard: choose the file, then Enter on the submit button.
      await page
        .getByTestId('question-file-input')
        .setInputFiles({ name: `cards-${language}-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(CARDS) });
      await page.getByTestId('upload-submit').focus();
      await page.keyboard.press('Enter');

      // The preview: nothing written yet; the proposal keeps the unknown column, the user makes it the explanation.
      const preview = page.getByTestId('import-preview');
      await preview.waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('preview-rows').textContent()).toContain('example: an ephemeral fad');
      await page.getByTestId('preview-role-2').selectOption('explanation');
      await page.getByTestId('preview-rows').getByText('an ephemeral fad', { exact: true }).waitFor();
      if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shotFromTop(page, `question-import-preview-${language}-${viewport}`);
      // Back to the proposal, then confirm with the keyboard.
      await page.getByTestId('preview-role-2').selectOption('extra');
      await page.getByTestId('preview-rows').getByText('example: an ephemeral fad', { exact: false }).waitFor();
      await page.getByTestId('preview-confirm').focus();
      await page.keyboard.press('Enter');
      const result = page.getByTestId('upload-result');
      await result.waitFor({ timeout: 60_000 });
      const skipped = page.getByTestId('import-report-skipped');
      if (language === 'ko') {
        await skipped.getByText('3행: 정답이 비어 있습니다.').waitFor();
        await skipped.getByText('4행: 앞의 행과 완전히 같습니다.').waitFor();
        await page
          .getByTestId('import-report-extra')
          .getByText('알 수 없는 열은 설명에 붙여 보관했습니다: example')
          .waitFor();
        await page.getByTestId('import-report-repairs').getByText('2행:', { exact: false }).first().waitFor();
        expect(await page.getByTestId('import-report-format').textContent()).toContain('쉼표 (,)');
      } else {
        await skipped.getByText('Line 3: the answer is blank.').waitFor();
        await skipped.getByText('Line 4: the same as an earlier row.').waitFor();
        await page
          .getByTestId('import-report-extra')
          .getByText('Columns the importer does not know were kept in the explanation: example')
          .waitFor();
        await page.getByTestId('import-report-repairs').getByText('Line 2:', { exact: false }).first().waitFor();
        expect(await page.getByTestId('import-report-format').textContent()).toContain(
          'encoding UTF-8, cells separated by comma (,)',
        );
      }
      expect(await result.textContent()).toContain(language === 'ko' ? '가져옴 2' : '2 imported');

      if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
      expect(await seriousViolations(page)).toEqual([]);
      await result.scrollIntoViewIfNeeded();
      await shotFromTop(page, `question-import-${language}-${viewport}`);

      // A Moodle GIFT quiz: the report names the format and the question kinds it could not read.
      await page.getByTestId('question-file-input').setInputFiles({
        name: `quiz-${language}-${stamp}.gift`,
        mimeType: 'text/plain',
        buffer: Buffer.from('::Sky::The sky is blue. {T}\n\nWrite about the sea. {}\n'),
      });
      await page.getByTestId('upload-submit').focus();
      await page.keyboard.press('Enter');
      await page.getByTestId('preview-confirm').waitFor({ timeout: 60_000 });
      await page.getByTestId('preview-confirm').focus();
      await page.keyboard.press('Enter');
      await result.getByText(`quiz-${language}-${stamp}.gift`, { exact: false }).waitFor({ timeout: 60_000 });
      const kinds = result.getByTestId('import-report-types-skipped');
      expect(await kinds.textContent()).toContain(language === 'ko' ? 'essay (1개)' : 'essay (1)');
      expect(await result.getByTestId('import-report-format').textContent()).toContain('GIFT');
      await result
        .getByTestId('import-report-skipped')
        .getByText(language === 'ko' ? '3행: essay 유형의' : 'Line 3: a question of type essay', { exact: false })
        .waitFor();
      if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
      expect(await seriousViolations(page)).toEqual([]);
      await kinds.scrollIntoViewIfNeeded();
      await shotFromTop(page, `question-import-gift-${language}-${viewport}`);

      await notesToFile(page, language, viewport);
      if (language === 'en') await notesByModel(page);
      expect(unexpected(errors)).toEqual([]);
      await close();
    });
  }
});

/**
 * A headerless TSV as a learner writes it: one record with a third field (ragged, line 4) and one
 * answer holding a comma, so reading it with commas instead makes most records answerless.
 */
const HEADERLESS_TSV = [
  'Which planet is largest?\tJupiter',
  'Capital of France\tParis',
  'Name two primary colours\tred, blue',
  'Boiling point of water\t100 °C\tat sea level',
  'Square root of 81\t9',
  'Opposite of hot\tcold',
].join('\n');

const COUNT_TEXTS = {
  ko: {
    detected: '파일 전체: 6개 항목 중 6문제를 가져옵니다.',
    comma: '파일 전체: 6개 항목 중 1문제를 가져옵니다.',
    header: /5문제를 가져옵니다/,
    raggedRow: '4행: 3칸',
    imported: '가져옴 5',
  },
  en: {
    detected: 'The whole file: 6 questions of 6 records will be imported.',
    comma: 'The whole file: 1 question of 6 records will be imported.',
    header: /5 questions of/,
    raggedRow: 'Line 4: 3 fields',
    imported: '5 imported',
  },
} as const;

/**
 * The preview's reading choices: a changed delimiter or header is read again over the whole file
 * (counts announced in a polite live region), ragged records are listed before anything is
 * written, and the import reads the file as previewed. The switches are worked with the keyboard.
 */
describe('question import: reading choices in the preview', () => {
  for (const { locale, language, viewport } of [
    { locale: 'ko-KR', language: 'ko', viewport: 'phone' },
    { locale: 'en-US', language: 'en', viewport: 'desktop' },
  ] as const) {
    test(`${language}, ${viewport}`, async () => {
      const texts = COUNT_TEXTS[language];
      const { page, errors, close } = await visit('/', { locale, viewport, storage: { language } });
      await registerThroughForm(page, `read${language}${stamp}`, language === 'ko' ? '읽기' : 'Reader', PASSWORD);
      await go(page, '/question-files');
      await page.getByTestId('files-table').waitFor();
      const fileName = `headerless-${language}-${stamp}.tsv`;
      await page
        .getByTestId('question-file-input')
        .setInputFiles({ name: fileName, mimeType: 'text/tab-separated-values', buffer: Buffer.from(HEADERLESS_TSV) });
      await page.getByTestId('upload-submit').focus();
      await page.keyboard.press('Enter');

      const preview = page.getByTestId('import-preview');
      await preview.waitFor({ timeout: 60_000 });
      const counts = page.getByTestId('preview-counts');
      const settledCounts = async (text: string | RegExp) => {
        await preview.and(page.locator('[data-status="ready"]')).waitFor({ timeout: 30_000 });
        await counts.getByText(text).waitFor({ timeout: 30_000 });
      };
      // Read as detected: every record, the whole file counted; the counts are a polite live region.
      expect(await counts.getAttribute('role')).toBe('status');
      await settledCounts(texts.detected);
      // The ragged record is named before anything is written.
      await page.getByTestId('preview-ragged-rows').getByText(texts.raggedRow).waitFor({ timeout: 30_000 });

      // Keyboard only: the delimiter select, one step down from "Detected" is the comma.
      await page.getByTestId('reading-delimiter').focus();
      await page.keyboard.press('ArrowDown');
      expect(await page.getByTestId('reading-delimiter').inputValue()).toBe(',');
      await settledCounts(texts.comma);

      // One more step down is the tab; then Tab through the record, quote and encoding choices to
      // the header switch, and the arrow key says the first row is a header.
      await page.keyboard.press('ArrowDown');
      expect(await page.getByTestId('reading-delimiter').inputValue()).toBe('\t');
      for (let i = 0; i < 4; i += 1) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.testid)).toBe(
        'reading-header-auto',
      );
      await page.keyboard.press('ArrowRight');
      expect(await page.getByTestId('reading-header-yes').isChecked()).toBe(true);
      await settledCounts(texts.header);
      // The first record now names the columns (the mapping was proposed again for them).
      await page.getByTestId('preview-columns').getByText('Which planet is largest?').waitFor();

      if (viewport === 'phone') await fitsWidth(page, VIEWPORTS.phone.width);
      expect(await seriousViolations(page)).toEqual([]);
      await shotFromTop(page, `question-import-reading-${language}-${viewport}`);

      // The import reads the file as previewed: the header row is not a question.
      await page.getByTestId('preview-confirm').focus();
      await page.keyboard.press('Enter');
      const result = page.getByTestId('upload-result');
      await result.waitFor({ timeout: 60_000 });
      expect(await result.textContent()).toContain(texts.imported);
      expect(unexpected(errors)).toEqual([]);
      await close();
    });
  }
});
