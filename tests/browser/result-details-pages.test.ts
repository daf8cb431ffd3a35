import { describe, expect, test } from 'vitest';
import { go, pageApi, registerThroughForm, unexpected } from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';
import { KO_HEADER, questionRows, xlsxBytes } from '../support/sheets.js';

const { stamp, visit } = useBrowser();

/** 60 answers of 2,000 Hangul syllables (~6 KB each): ~360 KB of details, two stored chunks (D197). */
const QUESTIONS = 60;
const longAnswer = (i: number) => `${i} ${'답'.repeat(1_990)}`;

describe('result details page by page', () => {
  test('the result screen shows the first page, then the rest with "Show more answers"', async () => {
    const { page, errors, close } = await visit('/', {
      locale: 'en-US',
      viewport: 'desktop',
      storage: { language: 'en' },
    });
    await registerThroughForm(page, `pages${stamp}`, 'Pager', 'correct-horse-42');
    await go(page, '/question-files');
    const name = `long-answers-${stamp}.xlsx`;
    await page.getByTestId('question-file-input').setInputFiles({
      name,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: xlsxBytes([KO_HEADER, ...questionRows(QUESTIONS)]),
    });
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('import-preview').waitFor({ timeout: 60_000 });
    await page.getByTestId('preview-confirm').click();
    await page.getByTestId('upload-result').waitFor({ timeout: 60_000 });

    const created = await pageApi<{ id: string }>(page, 'POST', '/api/create-exam/', {
      title: `Long answers ${stamp}`,
      file_name: name,
      question_count: QUESTIONS,
      is_public: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const exam = await pageApi<{ questions: { id: string }[] }>(page, 'GET', `/api/exam/${created.body.id}/`);
    const submitted = await pageApi<{ result_id: string; result: { details: unknown[]; details_next: string | null } }>(
      page,
      'POST',
      '/api/submit-exam/',
      {
        exam_id: created.body.id,
        submission_id: `pages-${stamp}`,
        answers: exam.body.questions.map((q, i) => ({ question_id: q.id, answer: longAnswer(i), elapsed_seconds: 3 })),
      },
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body.result.details.length).toBeLessThan(QUESTIONS);
    expect(submitted.body.result.details_next).toBeTruthy();

    await go(page, `/results/${submitted.body.result_id}`);
    await page.getByTestId('result-review-all').click();
    const entries = page.getByTestId('result-review-entry');
    await entries.first().waitFor();
    const firstPage = await entries.count();
    expect(firstPage).toBe(submitted.body.result.details.length);
    expect(await page.getByTestId('result-review-all').textContent()).toBe(`All (${QUESTIONS})`);
    const more = page.getByTestId('result-details-more');
    await more.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/result-details-more-en-desktop.png' });
    await more.click();
    await expect.poll(() => entries.count(), { timeout: 15_000 }).toBe(QUESTIONS);
    expect(await more.count()).toBe(0);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
