import { describe, expect, test } from 'vitest';
import { seriousViolations } from '../support/browser-axe.js';
import { screenshot, VIEWPORTS } from '../support/browser.js';
import {
  fitsWidth,
  go,
  pageApi,
  ready,
  registerThroughForm,
  shotFromTop,
  toast,
  unexpected,
} from '../support/browser-pages.js';
import { useBrowser } from '../support/browser-harness.js';

/**
 * The study screens end to end: a user creates a study and links a task to their private exam,
 * a second user asks to join, the first approves, and the second can then open the private exam
 * through the study. The calendar and the member screen at phone width (390 px) in ko and en,
 * and axe on every study screen.
 */
const { baseUrl, stamp, open } = useBrowser();
const PASSWORD = 'study-pass-2026';

describe('studies (docs/product.md#study-list, #study-detail, #member-management)', () => {
  const owner = `so${stamp}`;
  const joiner = `sj${stamp}`;
  const studyTitleKo = `쿠버네티스 스터디 ${stamp}`;
  const examTitle = `스터디 전용 시험 ${stamp}`;
  let studyId = '';
  let examId = '';

  test('create a study, link a task to a private exam, a second user joins after approval and sees the exam', async () => {
    const first = await open({ locale: 'ko-KR' });
    const a = first.page;
    await a.goto(`${baseUrl}/?fromHomeMenu=true`);
    await ready(a);
    await registerThroughForm(a, owner, '스터디장', PASSWORD);

    // A private exam of the owner's, from the demo's public question file.
    const created = await pageApi<{ id: string }>(a, 'POST', '/api/create-exam/', {
      title: examTitle,
      file_name: 'devops-kubernetes-basics.xlsx',
      question_count: 3,
      is_public: false,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    examId = created.body.id;

    // The list: no study yet, so "my studies" switches once to the public ones, with a toast.
    await go(a, '/study-management');
    await a.getByTestId('study-management-page').waitFor();
    await toast(a, '참여 중인 스터디가 없어 공개 스터디를 보여 드립니다.').waitFor();
    expect(await a.getByTestId('study-scope-public').getAttribute('aria-checked')).toBe('true');

    // Create: the title is required, then the study appears in the list and the calendar.
    await a.getByTestId('toggle-create-study').click();
    await a.getByTestId('create-study-submit').click();
    await a.getByText('제목을 입력하세요.').waitFor();
    await a.getByTestId('study-title-input').fill(studyTitleKo);
    await a.getByTestId('study-goal-input').fill(`**매주** 모의고사 한 번\n자료: https://kubernetes.io/docs/ 참고`);
    await a.getByTestId('create-study-submit').click();
    await toast(a, '스터디를 만들었습니다.').waitFor();
    await a.getByTestId('study-scope-my').click();
    const link = a.getByTestId('study-table').getByRole('link', { name: studyTitleKo });
    await link.waitFor();
    expect(await a.getByTestId('calendar-bar').filter({ hasText: studyTitleKo }).count()).toBeGreaterThan(0);
    await shotFromTop(a, 'study-management-ko-desktop');
    expect(await seriousViolations(a)).toEqual([]);

    // A second study with the same title is refused by the form.
    await a.getByTestId('toggle-create-study').click();
    await a.getByTestId('study-title-input').fill(` ${studyTitleKo.toUpperCase()} `);
    await a.getByTestId('create-study-submit').click();
    await a.getByText('같은 제목의 스터디가 이미 있습니다.').waitFor();
    await a.getByTestId('toggle-create-study').click();

    // Detail: the goal keeps its line break and links its URL; add a task linked to the exam.
    await link.click();
    await a.getByTestId('study-detail-page').waitFor();
    studyId = decodeURIComponent(new URL(a.url()).pathname.split('/').pop()!);
    const goal = a.getByTestId('study-goal');
    await goal.waitFor();
    expect(await goal.locator('p').count()).toBe(2);
    // A goal is plain text: the Markdown markers typed into it are not shown (D302).
    expect(await goal.locator('p').first().textContent()).toBe('매주 모의고사 한 번');
    expect(await goal.locator('p').nth(1).textContent()).toBe('자료: https://kubernetes.io/docs/ 참고');
    expect(await goal.getByRole('link', { name: 'https://kubernetes.io/docs/' }).getAttribute('href')).toBe(
      'https://kubernetes.io/docs/',
    );
    await a.getByTestId('task-add-submit').click();
    await toast(a, '한국어로 Task 이름을 입력해주세요.').waitFor();
    await a.getByTestId('task-name-input').fill('1주차 모의고사');
    await a.getByTestId('task-exam-select').selectOption(examId);
    await a.getByTestId('task-add-submit').click();
    await toast(a, '과제를 추가했습니다.').waitFor();
    const takeLink = a.getByTestId('task-take-link').filter({ hasText: '1주차 모의고사' });
    await takeLink.waitFor();
    expect(await takeLink.getAttribute('href')).toBe(
      `/take-exam/${examId}?returnTo=study-detail&studyId=${studyId}&examId=${examId}`,
    );
    expect(await a.getByTestId('study-progress-link').getAttribute('href')).toContain(
      `/study-progress-dashboard/${studyId}`,
    );
    await shotFromTop(a, 'study-detail-ko-desktop');
    expect(await seriousViolations(a)).toEqual([]);

    // The second user: the private exam is closed to them before they join.
    const second = await open({ locale: 'en-US', storage: { language: 'en' } });
    const b = second.page;
    await b.goto(`${baseUrl}/?fromHomeMenu=true`);
    await ready(b);
    await registerThroughForm(b, joiner, 'Joiner', PASSWORD);
    expect((await pageApi(b, 'GET', `/api/exam/${examId}/`)).status).not.toBe(200);
    // Its detail screen says "not found", not "could not load / retry" (exam_not_found, D302).
    await go(b, `/exam-detail/${examId}`);
    await b.getByTestId('exam-detail-not-found').waitFor();
    expect(await b.getByTestId('exam-detail-not-found').textContent()).toBe(
      'Exam not found: it does not exist, or you may not see it.',
    );
    expect(await b.getByTestId('exam-detail-error').getByRole('button').count()).toBe(0);

    await go(b, `/study-detail/${studyId}`);
    await b.getByTestId('study-join').click();
    await b.getByTestId('join-request-modal').waitFor();
    expect(await seriousViolations(b)).toEqual([]);
    await b.getByRole('textbox', { name: 'Message (optional)' }).fill('I would like to join.');
    await b.getByTestId('join-request-send').click();
    await toast(b, 'Join request sent.').waitFor();
    await b.getByTestId('study-cancel-request').waitFor();

    // The owner is told of the request at the top of the study, then approves it.
    await a.reload();
    await ready(a);
    const notice = a.getByTestId('pending-requests-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('답을 기다리는 참여 요청이 1건 있습니다. 참여 요청 보기');
    expect(await seriousViolations(a)).toEqual([]);
    await shotFromTop(a, 'study-detail-pending-request-ko-desktop');
    const request = a.getByTestId('join-request-row').filter({ hasText: joiner });
    await request.waitFor();
    await request.getByTestId('join-request-approve').click();
    await toast(a, '참여 요청을 승인했습니다.').waitFor();
    await expect.poll(() => notice.count()).toBe(0);
    await a.getByTestId('study-member-row').filter({ hasText: 'Joiner' }).waitFor();

    // The new member opens the private exam through the study's task link.
    await b.reload();
    await ready(b);
    await b.getByTestId('study-leave').waitFor();
    await b.getByTestId('task-take-link').filter({ hasText: '1주차 모의고사' }).click();
    await b.getByTestId('take-exam-runner').waitFor();
    expect(await b.getByTestId('exam-title').textContent()).toBe(examTitle);
    await b.getByTestId('connected-studies').getByRole('link').first().waitFor();
    await shotFromTop(b, 'study-take-exam-connected-en-desktop');

    expect(unexpected(first.errors)).toEqual([]);
    expect(unexpected(second.errors)).toEqual([]);
    await first.close();
    await second.close();
  }, 180_000);

  test.each([
    ['ko', 'ko-KR', '멤버 관리'],
    ['en', 'en-US', 'Member management'],
  ] as const)('the calendar and the member screen at 390 px, %s', async (language, locale, memberTitle) => {
    expect(studyId, 'the first test made the study').not.toBe('');
    const opened = await open({ locale, storage: { language } });
    const page = opened.page;
    await page.setViewportSize(VIEWPORTS.phone);
    await page.goto(`${baseUrl}/login`);
    await ready(page);
    await page.locator('input[name="username"]').fill(owner);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/`);
    await ready(page);

    // Home: the open study is listed.
    await page.getByTestId('home-open-study').first().waitFor();

    await go(page, '/study-management');
    await page.getByTestId('study-calendar').waitFor();
    await page.getByTestId('study-card').first().waitFor();
    await fitsWidth(page, VIEWPORTS.phone.width);
    await screenshot(page, `study-management-${language}-phone`);
    expect(await seriousViolations(page)).toEqual([]);
    const month = await page.getByTestId('calendar-month').textContent();
    await page.getByTestId('calendar-next').click();
    expect(await page.getByTestId('calendar-month').textContent()).not.toBe(month);
    await page.getByTestId('calendar-previous').click();
    expect(await page.getByTestId('calendar-month').textContent()).toBe(month);

    await go(page, `/study-detail/${studyId}`);
    await page.getByTestId('task-table').waitFor();
    await fitsWidth(page, VIEWPORTS.phone.width);
    await screenshot(page, `study-detail-${language}-phone`);

    await page.getByTestId('member-management-link').click();
    await page.getByTestId('member-management-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(memberTitle);
    await page.getByTestId('member-row').first().waitFor();
    await fitsWidth(page, VIEWPORTS.phone.width);
    await screenshot(page, `member-management-${language}-phone`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(opened.errors)).toEqual([]);
    await opened.close();
  });

  test('member management: add, find a user, bulk deactivate with counts, inline edit', async () => {
    const opened = await open({ locale: 'en-US', storage: { language: 'en' } });
    const page = opened.page;
    await page.goto(`${baseUrl}/login`);
    await ready(page);
    await page.locator('input[name="username"]').fill(owner);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/`);

    // A study that does not exist: no pointless retry, a way back to the list instead.
    await go(page, '/member-management/nosuchstudy0000000000');
    const missing = page.getByTestId('member-management-error');
    await missing.getByText('The study was not found.').waitFor();
    expect(await missing.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    await missing.getByRole('link', { name: 'All studies' }).click();
    await page.waitForURL(`${baseUrl}/study-management`);

    await go(page, `/member-management/${studyId}`);
    await page.getByTestId('member-management-page').waitFor();

    // Name is required; a bad email is refused by the form.
    await page.getByTestId('add-member-submit').click();
    await page.getByText('Enter a name.').waitFor();
    await page.getByTestId('member-name-input').fill('Offline Member');
    await page.getByTestId('member-email-input').fill('not-an-email');
    await page.getByTestId('add-member-submit').click();
    await page.getByText('This is not a valid email address.').waitFor();
    await page.getByTestId('member-email-input').fill(`offline-${stamp}@example.com`);
    await page.getByTestId('add-member-submit').click();
    await toast(page, 'Member added.').waitFor();
    const offline = page.getByTestId('member-row').filter({ hasText: 'Offline Member' });
    await offline.waitFor();

    // The user search marks the joiner, already a member, as not selectable.
    await page.getByTestId('user-search-input').fill(joiner);
    await page.getByTestId('user-search-results').getByText('Already a member').waitFor();

    // Bulk deactivate the offline member: one success.
    await offline.getByRole('checkbox').check();
    await page.getByTestId('members-deactivate').click();
    await toast(page, '1 succeeded, 0 failed.').waitFor();
    await offline.getByTestId('member-active').filter({ hasText: 'Inactive' }).waitFor();

    // Inline edit: the affiliation (while editing, the name is an input's value: find the row by id).
    const editing = page.locator(`[data-member-id="${await offline.getAttribute('data-member-id')}"]`);
    await offline.getByTestId('member-edit').click();
    await editing.getByRole('textbox', { name: 'Affiliation' }).fill('Ops team');
    await editing.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Member saved.').waitFor();
    await page.getByTestId('member-row').filter({ hasText: 'Ops team' }).waitFor();
    await shotFromTop(page, 'member-management-en-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpected(opened.errors)).toEqual([]);
    await opened.close();
  });
});
