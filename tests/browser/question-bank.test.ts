import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { screenshot } from '../support/browser.js';
import {
  fitsPhone,
  go,
  logIn,
  ready,
  registerThroughForm,
  shotFromTop,
  toast,
  unexpected,
} from '../support/browser-pages.js';
import { useAdmin, useBrowser } from '../support/browser-harness.js';

const { baseUrl, stamp, open, visit } = useBrowser();

const PASSWORD = 'correct-horse-42';

function workbook(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/**
 * 120 answered questions (40 of each difficulty) with Korean headers, plus a row without an
 * answer and a duplicate of the first row. Random explanations keep the file near 150 KB, so a
 * throttled upload shows its progress for a few seconds.
 */
function questionSheet(): Buffer {
  const header = ['문제id', '제목', '문제 내용', '정답', '설명', '난이도', 'URL', '그룹ID'];
  const rows = Array.from({ length: 120 }, (_, i) => [
    String(i + 1),
    `문제 ${i + 1}`,
    `${i + 1}번 문제의 내용입니다.`,
    `정답 ${i + 1}`,
    randomBytes(600).toString('hex'),
    ['쉬움', '보통', '어려움'][i % 3],
    '',
    `g${i % 4}`,
  ]);
  return workbook([header, ...rows, ['121', '정답 없는 문제', '내용', '', '', '보통', '', ''], rows[0]!]);
}

declare global {
  interface Window {
    /** Every aria-valuenow the upload progress bar took, recorded by watchProgress. */
    __progress?: number[];
  }
}

/** Collects every aria-valuenow the upload progress bar takes, from the first render on. */
async function watchProgress(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    window.__progress = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="upload-progress-bar"]');
      const value = bar?.getAttribute('aria-valuenow');
      if (value !== null && value !== undefined && seen[seen.length - 1] !== Number(value)) seen.push(Number(value));
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
}

function examRow(page: Page, title: string) {
  return page.locator(`[data-testid="exam-row"][data-exam-title="${title}"]`).first();
}

describe('question bank: files, exams, tags and subscriptions', () => {
  const username = `qb${stamp}`;
  const fileName = `문제은행-${stamp}.xlsx`;
  const first = `쿠버네티스 모의고사 ${stamp}`;
  const second = `어려운 문제만 ${stamp}`;
  const tagName = `qbtag${stamp}`;

  test('upload a sheet with a progress bar, build exams, find them by search and tag, subscribe, delete', async () => {
    const { page, context, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await registerThroughForm(page, username, '출제자', PASSWORD);

    // Question files: the format example and the samples are on the screen.
    await go(page, '/question-files');
    await page.getByTestId('files-table').waitFor();
    expect(await page.title()).toBe('문제 파일 · Quizbank');
    await page.getByTestId('format-example').getByText('문제 내용').waitFor();
    const sample = page.waitForEvent('download');
    await page.getByTestId('sample-en').click();
    expect((await sample).suggestedFilename()).toBe('questions_sample_en.xlsx');

    // No file yet: the form says so.
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('upload-error').filter({ hasText: '올릴 파일을 선택해 주세요.' }).waitFor();

    // The upload goes straight to storage, slowly enough to watch the bar move.
    const sheet = questionSheet();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 40 * 1024,
    });
    await watchProgress(page);
    await page.getByTestId('question-file-input').setInputFiles({
      name: fileName,
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet,
    });
    expect(await page.getByTestId('upload-is-public').isChecked()).toBe(false); // private by default
    await page.getByTestId('upload-is-public').check();
    await page.getByTestId('upload-submit').click();
    const bar = page.getByTestId('upload-progress-bar');
    await bar.waitFor({ state: 'visible' });
    await page.waitForFunction(() => {
      const value = Number(
        document.querySelector('[data-testid="upload-progress-bar"]')?.getAttribute('aria-valuenow'),
      );
      return value > 0 && value < 100;
    });
    await screenshot(page, 'question-files-uploading-ko-desktop', false);
    // Nothing is imported before the preview is confirmed.
    await page.getByTestId('import-preview').waitFor({ timeout: 60_000 });
    await page.getByTestId('preview-confirm').click();
    await page.getByTestId('upload-result').waitFor({ timeout: 60_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const progress = await page.evaluate(() => window.__progress!);
    expect(
      progress.some((value) => value > 0 && value < 100),
      progress.join(','),
    ).toBe(true);
    expect(progress.at(-1)).toBe(100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress); // only ever forward

    // The import stats: 122 rows, 120 imported, one without an answer, one duplicate.
    await toast(page, `${fileName}: 120문제를 가져왔습니다.`).waitFor();
    expect(await page.getByTestId('upload-result').textContent()).toContain(
      '전체 122행 · 가져옴 120 · 건너뜀 2 (정답 없음 1, 중복 1, 너무 긴 칸 0)',
    );
    const row = page.locator(`[data-testid="file-row"][data-file-name="${fileName}"]`);
    await row.getByText('120문제').waitFor();
    await row.getByTestId('file-visibility').filter({ hasText: '공개' }).waitFor();
    await shotFromTop(page, 'question-files-uploaded-ko-desktop');

    // Sorting by size puts the big new file first (descending on the first click).
    await page.getByTestId('sort-size').click();
    expect(await page.getByTestId('file-row').first().getAttribute('data-file-name')).toBe(fileName);

    // Edit: public → private, saved.
    await row.getByTestId('file-edit').click();
    await row.getByTestId('file-visibility-select').selectOption('private');
    await row.getByTestId('file-save').click();
    await toast(page, '공개 여부를 저장했습니다.').waitFor();
    await row.getByTestId('file-visibility').filter({ hasText: '비공개' }).waitFor();

    // The same name again: the overwrite warning (private file), cancelled.
    await page
      .getByTestId('question-file-input')
      .setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: sheet });
    await page.getByTestId('upload-submit').click();
    const overwrite = page.getByTestId('overwrite-modal');
    await overwrite.getByText(`비공개 파일 "${fileName}"이(가) 이미 있습니다.`, { exact: false }).waitFor();
    await screenshot(page, 'question-files-overwrite-ko-desktop', false);
    await overwrite.getByRole('button', { name: '취소' }).click();
    await overwrite.waitFor({ state: 'detached' });

    // A wrong extension is refused before any upload.
    await page
      .getByTestId('question-file-input')
      .setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('hello') });
    await page.getByTestId('upload-submit').click();
    await page
      .getByTestId('upload-error')
      .filter({ hasText: '.xlsx, .xls, .csv, .tsv, .txt, .apkg, .gift, .xml 파일만 올릴 수 있습니다.' })
      .waitFor();

    // The server's refusal is shown with its detail: here a sheet without an answer column.
    const noAnswer = workbook([
      ['문제id', '제목', '문제 내용'],
      ['1', '제목', '내용'],
    ]);
    await page
      .getByTestId('question-file-input')
      .setInputFiles({ name: `no-answer-${stamp}.xlsx`, mimeType: 'application/octet-stream', buffer: noAnswer });
    await page.getByTestId('upload-submit').click();
    await toast(page, /업로드 실패: 필수 열이 없습니다: /).waitFor();
    await page.getByTestId('upload-error').filter({ hasText: '찾은 열: 문제id, 제목, 문제 내용' }).waitFor();

    // Exam management: no own exam yet, so the list switches once to the public exams.
    await go(page, '/exam-management');
    await page
      .getByTestId('exam-list-notice')
      .filter({ hasText: '내 시험이 아직 없어 공개 시험을 보여 드립니다.' })
      .waitFor();
    expect(await page.getByTestId('scope-public').getAttribute('aria-checked')).toBe('true');
    await examRow(page, 'Kubernetes Basics').waitFor();

    // The create form: title required, the count capped at the file's maximum, Max.
    await page.getByTestId('toggle-create-exam').click();
    const form = page.getByTestId('create-exam-form');
    await form.getByTestId('create-exam-submit').click();
    await form.getByText('제목을 입력해주세요.').waitFor();
    await toast(page, '제목을 입력해주세요.').waitFor();
    await form.locator('input[name="title"]').fill(first);
    // Without a file the hint gives the pool total of every question file (GET /api/questions/).
    await form
      .getByTestId('create-exam-pool')
      .getByText(/전체 문제 파일에는 \d+문제가 있습니다\./)
      .waitFor();
    await form.getByTestId('create-exam-file').selectOption({ label: `${fileName} (120문제)` });
    expect(await form.getByTestId('create-exam-count').inputValue()).toBe('120');
    await form.getByTestId('create-exam-pool').getByText('문제 풀: 120문제').waitFor();
    await form.getByTestId('create-exam-count').fill('500');
    await form.getByText('문제 수는 최대 120까지입니다.').waitFor();
    await form.getByTestId('create-exam-count').fill('5');
    await form.getByTestId('create-exam-max').click();
    expect(await form.getByTestId('create-exam-count').inputValue()).toBe('120');
    await form.getByTestId('create-exam-count').fill('30');
    // Exams are private by default; publishing this private file's questions asks for consent first.
    expect(await form.getByTestId('create-exam-public').isChecked()).toBe(false);
    expect(await form.getByTestId('create-exam-private-consent').count()).toBe(0);
    await form.getByTestId('create-exam-public').check();
    const consent = form.getByTestId('create-exam-private-consent');
    await consent.getByText('일부 문제가 비공개 문제 파일에서 왔습니다.', { exact: false }).waitFor();
    await screenshot(page, 'exam-management-create-ko-desktop', false);
    await form.getByTestId('create-exam-submit').click();
    await toast(page, /공개에 동의한 뒤 다시 시도해 주세요/).waitFor();
    await form.getByTestId('create-exam-public').uncheck();
    await consent.waitFor({ state: 'detached' });
    await form.getByTestId('create-exam-submit').click();
    const result = page.getByTestId('create-exam-form-result');
    await result.getByText('30문제짜리 시험이 준비되었습니다.').waitFor();
    expect(await result.getByTestId('create-exam-reduced').count()).toBe(0);
    expect(await result.getByTestId('created-exam-link').getAttribute('href')).toMatch(/^\/exam-detail\/[0-9a-z]{20}$/);

    // A second exam asking for 100 hard questions of 40: the answer says the count was reduced.
    await result.getByRole('button', { name: '하나 더 만들기' }).click();
    await form.locator('input[name="title"]').fill(second);
    await form.getByTestId('create-exam-file').selectOption({ label: `${fileName} (120문제)` });
    await form.getByTestId('create-exam-count').fill('100');
    await form.getByTestId('create-exam-difficulty').selectOption('Hard');
    await form.getByTestId('create-exam-public').uncheck();
    await form.getByTestId('create-exam-submit').click();
    // A failure says what the screen showed instead: the panel's text, or the toasts.
    await result.waitFor().catch(async (error: unknown) => {
      throw new Error(`no result panel; toasts: ${await page.locator('[data-toast-type]').allTextContents()}`, {
        cause: error,
      });
    });
    expect(await result.textContent()).toContain('요청한 100문제보다 문제가 적어 40문제로 만들었습니다.');

    // The list is back on "my exams" with both.
    expect(await page.getByTestId('scope-my').getAttribute('aria-checked')).toBe('true');
    await examRow(page, first).waitFor();
    await examRow(page, second).getByText('40문제').waitFor();

    // A duplicate title is caught before it is sent.
    await result.getByRole('button', { name: '하나 더 만들기' }).click();
    await form.locator('input[name="title"]').fill(`  ${first.toUpperCase()} `);
    await form.locator('input[name="title"]').blur();
    await form.getByText('같은 제목의 시험이 이미 있습니다.').waitFor();

    // On a local host the pasted-problem generator (docs/product.md#exam-detail) makes the questions from the sample list.
    await form.locator('input[name="title"]').fill(`${second} 문제 목록`);
    await form.getByTestId('create-exam-problems-toggle').check();
    await form.getByText('인식된 문제 3개').waitFor();
    await form.getByTestId('create-exam-submit').click();
    await result.getByText('3문제짜리 시험이 준비되었습니다.').waitFor();
    await page.getByTestId('toggle-create-exam').click();

    // Search by title (debounced).
    await page.getByTestId('exam-search').fill('모의고사');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="exam-row"]').length === 1);
    await examRow(page, first).waitFor();

    // Tags: a new tag made in the tag manager (trimmed, Enter adds), saved on the exam.
    const firstRow = examRow(page, first);
    await firstRow.getByTestId('tag-manage').click();
    const editor = firstRow.getByTestId('tag-editor');
    expect(await editor.getByTestId('tag-add').isDisabled()).toBe(true);
    await editor.getByTestId('tag-search').fill('kubernetes');
    await editor.locator('[data-testid="tag-option"][data-tag-name="쿠버네티스"]').waitFor(); // matches name_en too
    await editor.getByTestId('tag-search').fill('');
    await editor.getByTestId('tag-new-name').fill(`  ${tagName}  `);
    await editor.getByTestId('tag-new-name').press('Enter');
    await toast(page, `태그 "${tagName}"을(를) 추가했습니다.`).waitFor();
    expect(
      await editor.locator(`[data-testid="tag-option"][data-tag-name="${tagName}"]`).getAttribute('aria-pressed'),
    ).toBe('true');
    await screenshot(page, 'exam-management-tags-ko-desktop', false);
    await editor.getByTestId('tag-save').click();
    await toast(page, '태그를 저장했습니다.').waitFor();
    await firstRow.locator('[data-testid="tag-chip"]').filter({ hasText: tagName }).waitFor();

    // The tag filter: search, pick, the result count on the button, apply.
    await page.getByTestId('exam-search').fill('');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="exam-row"]').length >= 2);
    await page.getByTestId('open-tag-filter').click();
    const modal = page.getByTestId('tag-filter-modal');
    await modal.getByTestId('tag-filter-popular').waitFor();
    await modal.getByTestId('tag-filter-search').fill(tagName.toUpperCase());
    await modal.locator(`[data-testid="tag-filter-option"][data-tag-name="${tagName}"]`).click();
    await modal.getByTestId('tag-filter-apply').filter({ hasText: '결과 보기 (1)' }).waitFor();
    await screenshot(page, 'exam-management-tag-filter-ko-desktop', false);
    await modal.getByTestId('tag-filter-apply').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="exam-row"]').length === 1);
    await examRow(page, first).waitFor();
    await page.getByTestId('active-tag-filter').getByText(tagName).waitFor();

    // Subscribe the filtered exam.
    await firstRow.getByTestId('exam-select').check();
    expect(await page.getByTestId('bulk-subscription').textContent()).toBe('구독');
    await page.getByTestId('bulk-subscription').click();
    await toast(page, '시험 1개를 구독했습니다.').waitFor();
    await firstRow.getByTestId('exam-subscribed').waitFor();

    // A mixed selection makes two calls: the subscribed one leaves, the other joins.
    await page.getByTestId('active-tag-filter').getByRole('button', { name: '태그 필터 지우기' }).click();
    await examRow(page, second).waitFor();
    await examRow(page, first).getByTestId('exam-select').check();
    await examRow(page, second).getByTestId('exam-select').check();
    expect(await page.getByTestId('bulk-subscription').textContent()).toBe('구독 상태 전환');
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/exam-subscription/bulk-toggle/'))
        calls.push(String(request.postDataJSON()?.action));
    });
    await page.getByTestId('bulk-subscription').click();
    await toast(page, '시험 1개의 구독을 해제했습니다.').waitFor();
    await examRow(page, second).getByTestId('exam-subscribed').waitFor();
    // The toast comes with the answer; the list shows it once its revalidation lands.
    await examRow(page, first).getByTestId('exam-subscribed').waitFor({ state: 'detached' });
    expect(calls.sort()).toEqual(['subscribe', 'unsubscribe']);

    // Retake makes a version under the original, says so and opens it.
    await examRow(page, second).getByTestId('exam-retake').click();
    await toast(page, '새 버전(v2)이 만들어졌습니다.').waitFor();
    await page.waitForURL(/\/take-exam\/[0-9a-z]{20}\?returnTo=exam-management$/);
    await page.getByTestId('take-exam-runner').waitFor();
    await go(page, '/exam-management');
    const versions = examRow(page, second).getByTestId('exam-versions-toggle');
    await versions.filter({ hasText: '버전 1개 보기' }).waitFor();
    await versions.click();
    await examRow(page, second).getByTestId('exam-versions').locator('[data-testid="exam-row"]').first().waitFor();
    await shotFromTop(page, 'exam-management-versions-ko-desktop');

    // The profile lists the subscription.
    await go(page, '/profile');
    await page.getByTestId('subscribed-exams').getByText(second).waitFor();

    // Take exam opens the exam on the take-exam screen, returning to exam management.
    await go(page, '/exam-management');
    await examRow(page, first).getByTestId('exam-take').click();
    await page.waitForURL(/\/take-exam\/[0-9a-z]{20}\?returnTo=exam-management$/);
    await page
      .getByText(/1 \/ \d+/)
      .first()
      .waitFor();

    // Delete with a confirmation.
    await go(page, '/exam-management');
    await examRow(page, first).getByTestId('exam-delete').click();
    const confirm = page.getByTestId('exam-confirm-modal');
    await confirm.getByText(`"${first}" 시험을 삭제할까요?`, { exact: false }).waitFor();
    await screenshot(page, 'exam-management-delete-ko-desktop', false);
    await page.getByTestId('exam-confirm-modal-confirm').click();
    await toast(page, '시험을 삭제했습니다.').waitFor();
    await examRow(page, first).waitFor({ state: 'detached' });

    // Replacing the file after the warning; then deleting it.
    await go(page, '/question-files');
    const smaller = workbook([
      ['Question ID', 'Title', 'Question Content', 'Answer'],
      ...Array.from({ length: 10 }, (_, i) => [i + 1, `t${i}`, `c${i}`, `a${i}`]),
    ]);
    await page
      .getByTestId('question-file-input')
      .setInputFiles({ name: fileName, mimeType: 'application/octet-stream', buffer: smaller });
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('overwrite-modal-confirm').click();
    await page.getByTestId('preview-confirm').click();
    await toast(page, `${fileName}: 기존 파일을 바꾸고 10문제를 가져왔습니다.`).waitFor();
    await page.locator(`[data-testid="file-row"][data-file-name="${fileName}"]`).getByText('10문제').waitFor();
    await page.locator(`[data-testid="file-row"][data-file-name="${fileName}"]`).getByTestId('file-delete').click();
    await page.getByTestId('delete-file-modal-confirm').click();
    await toast(page, '문제 파일을 삭제했습니다.').waitFor();
    await page.locator(`[data-testid="file-row"][data-file-name="${fileName}"]`).waitFor({ state: 'detached' });

    expect(unexpected(errors)).toEqual([]);
    await close();
  }, 300_000);

  test('every screen in Korean and English, on the desktop and at 375 px', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await registerThroughForm(page, `shots${stamp}`, 'Shots', PASSWORD);
    for (const language of ['ko', 'en'] as const) {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      for (const viewport of ['desktop', 'phone'] as const) {
        await page.setViewportSize(viewport === 'phone' ? { width: 375, height: 740 } : { width: 1280, height: 800 });
        await go(page, '/question-files');
        await page.getByTestId('files-table').waitFor();
        await page
          .getByRole('heading', { level: 1, name: language === 'ko' ? '문제 파일' : 'Question files' })
          .waitFor();
        if (viewport === 'phone') await fitsPhone(page);
        await shotFromTop(page, `question-files-${language}-${viewport}`);

        await go(page, '/exam-management');
        await page.getByTestId('exam-list').waitFor();
        await page.getByTestId('toggle-create-exam').click();
        await page.getByTestId('create-exam-form').waitFor();
        if (viewport === 'phone') await fitsPhone(page);
        await shotFromTop(page, `exam-management-${language}-${viewport}`);
        await page.getByTestId('open-tag-filter').click();
        await page.getByTestId('tag-filter-popular').waitFor();
        await page
          .getByTestId('tag-filter-apply')
          .filter({ hasText: /\(\d+\)/ })
          .waitFor();
        await screenshot(page, `exam-management-tag-filter-${language}-${viewport}`, false);
        await page.keyboard.press('Escape');

        await go(page, '/create-exam');
        await page.getByTestId('create-exam-form').waitFor();
        expect(await page.title()).toBe(language === 'ko' ? '시험 만들기 · Quizbank' : 'Create exam · Quizbank');
        if (viewport === 'phone') await fitsPhone(page);
        await shotFromTop(page, `create-exam-${language}-${viewport}`);
      }
    }
    expect(unexpected(errors)).toEqual([]);
    await close();
  }, 240_000);

  test('anonymous visitors see public exams; the signed-in screens send them to log in', async () => {
    const { page, errors, close } = await visit('/exam-management', { locale: 'en-US', viewport: 'phone' });
    await examRow(page, 'Kubernetes Basics').waitFor();
    expect(await page.getByTestId('bulk-bar').count()).toBe(0);
    expect(await page.getByTestId('exam-select').count()).toBe(0);
    expect(await examRow(page, 'Kubernetes Basics').getByTestId('exam-details').getAttribute('href')).toMatch(
      /^\/take-exam\//,
    );
    await fitsPhone(page);
    await shotFromTop(page, 'exam-management-anonymous-en-phone');
    await page.getByTestId('toggle-create-exam').click();
    await page.waitForURL(`${baseUrl}/login?returnTo=%2Fexam-management`);
    await go(page, '/question-files');
    await page.waitForURL(`${baseUrl}/login?returnTo=%2Fquestion-files`);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('question bank: special domain', () => {
  test('on a devops host the DevOps tag filters the list and cannot be removed', async () => {
    const devopsUrl = baseUrl.replace('//localhost', '//devops.localhost');
    const opened = await open({ locale: 'ko-KR' });
    const { page, errors, close } = opened;
    await page.goto(`${devopsUrl}/exam-management`);
    await ready(page);
    const active = page.getByTestId('active-tag-filter');
    await active.getByTestId('tag-chip').filter({ hasText: 'DevOps' }).waitFor();
    expect(await active.getByTestId('tag-remove').count()).toBe(0);
    await examRow(page, 'Kubernetes Basics').waitFor();
    for (const row of await page.getByTestId('exam-row').all())
      await row.getByTestId('tag-chip').filter({ hasText: 'DevOps' }).waitFor();
    await page.getByTestId('open-tag-filter').click();
    expect(await page.locator('[data-testid="tag-filter-all"] [data-tag-name="DevOps"]').isDisabled()).toBe(true);
    await screenshot(page, 'exam-management-devops-en-desktop', false);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('question bank: admin tools', () => {
  const { username: admin, password: adminPassword } = useAdmin(`qbadmin${stamp}`, 'admin-pass-2025');

  test('the public filter on files, all exams, original/copy, and the exam list spreadsheet', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'en-US' });
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await logIn(page, admin, adminPassword, '/question-files');
    await page.getByTestId('files-visibility-filter').selectOption('public');
    await page.locator('[data-testid="file-row"][data-file-name="devops-kubernetes-basics.xlsx"]').waitFor();
    // That row is in the unfiltered list too: wait for the filtered answer to replace it.
    await expect
      .poll(async () => new Set(await page.getByTestId('file-visibility').allTextContents()))
      .toEqual(new Set(['Public']));
    await shotFromTop(page, 'question-files-admin-en-desktop');

    await go(page, '/exam-management');
    await page.getByTestId('scope-all').click();
    await examRow(page, 'Kubernetes Basics').getByTestId('exam-public-badge').filter({ hasText: 'Public' }).waitFor();

    // The exam list spreadsheet: download, then an upload with one good row and two bad ones.
    const download = page.waitForEvent('download');
    await page.getByTestId('exams-sheet-download').click();
    expect((await download).suggestedFilename()).toMatch(/^exams_[0-9_-]+\.xlsx$/);
    const title = `Sheet exam ${stamp}`;
    const sheet = workbook([
      ['Title', 'File Name', 'Question Count', 'Public', 'Tags'],
      [title, 'devops-kubernetes-basics.xlsx', 3, 'true', 'DevOps'],
      ['', 'devops-kubernetes-basics.xlsx', 3, 'true', ''],
      [`Unknown tag ${stamp}`, 'devops-kubernetes-basics.xlsx', 3, 'true', `nope${stamp}`],
    ]);
    await page.getByTestId('exams-sheet-upload').click();
    await toast(page, 'Please choose a file to upload.').waitFor();
    await page.getByTestId('exams-sheet-input').setInputFiles({
      name: 'exams.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: sheet,
    });
    await page.getByTestId('exams-sheet-upload').click();
    const summary = toast(page, '3 exams · 1 created · 0 skipped · 2 errors');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('Tags not found');
    await examRow(page, title).getByText('3 questions').waitFor();

    // Original ↔ copy after a confirmation.
    await examRow(page, title).getByTestId('exam-original-badge').filter({ hasText: 'Original' }).waitFor();
    await examRow(page, title).getByTestId('exam-toggle-original').click();
    await page.getByTestId('exam-confirm-modal').getByText(`Mark "${title}" as a copy?`).waitFor();
    await page.getByTestId('exam-confirm-modal-confirm').click();
    await toast(page, 'Marked as a copy.').waitFor();
    await examRow(page, title).getByTestId('exam-original-badge').filter({ hasText: 'Copy' }).waitFor();
    await shotFromTop(page, 'exam-management-admin-en-desktop');
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});
