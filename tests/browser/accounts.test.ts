import { describe, expect, test } from 'vitest';
import * as XLSX from 'xlsx';
import { screenshot } from '../support/browser.js';
import { fitsPhone, logIn, pageApi, ready, toast, unexpected } from '../support/browser-pages.js';
import { useAdmin, useBrowser } from '../support/browser-harness.js';

const { baseUrl, stamp, open, visit } = useBrowser();

const PASSWORD = 'correct-horse-42';

interface StoredMail {
  subject: string;
  destination: { to: string[] };
  body: { text?: string; html?: string };
}

/** The SES emulator's inbox, through the local server's mail viewer. */
async function mailsTo(address: string): Promise<StoredMail[]> {
  const answer = (await (await fetch(`${baseUrl}/_local/mail/store`)).json()) as { emails: StoredMail[] };
  return answer.emails.filter((mail) => mail.destination.to.some((to) => to.includes(address)));
}

describe('accounts: register, log in, profile, language, log out', () => {
  const username = `kim${stamp}`;
  const email = `${username}@example.com`;

  test('the full journey', async () => {
    const { page, errors, close } = await visit('/register', { locale: 'ko-KR' });
    await page.getByTestId('register-page').waitFor();
    expect(await page.title()).toBe('회원가입 · Quizbank');
    expect(await page.getByTestId('google-sign-in').count()).toBe(0); // no client id configured
    await screenshot(page, 'register-ko-desktop');

    // Validation: required fields and the Korean mismatch message.
    await page.locator('form button[type="submit"]').click();
    await page.locator('input[name="id"] ~ p[role="alert"]').filter({ hasText: '아이디를 입력해 주세요.' }).waitFor();
    await toast(page, '아이디를 입력해 주세요.').waitFor();
    await page.locator('input[name="id"]').fill(username);
    await page.locator('input[name="name"]').fill('민아');
    await page.locator('input[name="email"]').fill(email);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="passwordConfirm"]').fill(`${PASSWORD}x`);
    await page.locator('form button[type="submit"]').click();
    await page
      .locator('input[name="passwordConfirm"] ~ p[role="alert"]')
      .filter({ hasText: '비밀번호가 일치하지 않습니다.' })
      .waitFor();
    await toast(page, '비밀번호가 일치하지 않습니다.').waitFor();

    // Success: auto login, welcome toast, home after 1.5 s.
    await page.locator('input[name="passwordConfirm"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await toast(page, '민아님, 환영합니다!').waitFor();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId('user-menu').getByText('민아').waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.username)).toBe(username);
    // Home's due-today card (GET /api/due-today/): a new account has nothing due.
    await page
      .getByTestId('home-due-today-count')
      .filter({ hasText: '오늘은 복습, 학습 중, 새 문제 모두 남은 것이 없습니다.' })
      .waitFor();
    await screenshot(page, 'home-due-today-ko-desktop');

    // Log out from the menu (docs/product.md#accounts), then log in again through returnTo.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '로그아웃' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('logoutFlag'))).toBe('true');

    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/login?returnTo=%2Fprofile`);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill('wrong-password-1');
    await page.locator('form button[type="submit"]').click();
    expect(await page.getByTestId('login-error').textContent()).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/profile`);
    expect(await page.evaluate(() => localStorage.getItem('logoutFlag'))).toBeNull();

    // Profile: read-only username, edit the name; the navbar follows.
    await page.getByTestId('profile-account').waitFor();
    expect(await page.locator('input[name="username"]').first().inputValue()).toBe(username);
    expect(await page.locator('input[name="username"]').first().getAttribute('readonly')).not.toBeNull();
    await page.getByTestId('email-verified-badge').filter({ hasText: '미인증' }).waitFor();
    await page.locator('input[name="first_name"]').fill('Mina');
    await page.locator('input[name="last_name"]').fill('Kim');
    await page.getByTestId('profile-account').getByRole('button', { name: '저장' }).click();
    await toast(page, '사용자 정보가 저장되었습니다.').waitFor();
    await page.getByTestId('user-menu').getByText('Mina Kim').waitFor();
    await page.reload();
    await ready(page);
    expect(await page.locator('input[name="first_name"]').inputValue()).toBe('Mina');

    // Email verification end to end: send, read the mail, open the link.
    await page.getByTestId('send-verification').click();
    await toast(page, '인증 메일을 보냈습니다').waitFor();
    let link: string | undefined;
    for (let attempt = 0; attempt < 20 && !link; attempt++) {
      const mail = (await mailsTo(email)).at(-1);
      link = mail?.body.text?.match(/https?:\/\/\S+\/verify-email\/[A-Za-z0-9_-]+/)?.[0];
      if (!link) await new Promise((r) => setTimeout(r, 250));
    }
    expect(link).toBeDefined();
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, baseUrl));
    await page.getByTestId('verify-email-success').waitFor();
    await screenshot(page, 'verify-email-success-ko-desktop');
    await page.getByRole('link', { name: '프로필로 이동' }).click();
    await page.getByTestId('email-verified-badge').filter({ hasText: '인증됨' }).waitFor();
    expect(await page.getByTestId('send-verification').count()).toBe(0);
    // The link is single-use.
    await page.goto(link!.replace(/^https?:\/\/[^/]+/, baseUrl));
    await page.getByTestId('verify-email-error').waitFor();
    expect(await page.getByTestId('verify-email-retry').count()).toBe(0);
    await page.goto(`${baseUrl}/profile`);
    await ready(page);

    // Settings: random exam count, retention, cache; the match indicator.
    await page.locator('input[name="random_exam_question_count"]').fill('51');
    await page.getByText('문제 수는 1에서 50 사이여야 합니다.').waitFor();
    await page.locator('input[name="random_exam_question_count"]').fill('12');
    await page.getByTestId('profile-random-exam').getByRole('button', { name: '저장' }).click();
    await toast(page, '랜덤 시험 설정이 저장되었습니다.').waitFor();
    expect(await page.evaluate((name) => sessionStorage.getItem(`quizCount_${name}`), username)).toBe('12');

    // The learner's day (D120): sign-up stored the browser's zone; the profile changes it (04:00 by default).
    const browserZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(await page.getByTestId('learner-day-zone').inputValue()).toBe(browserZone);
    expect(await page.getByTestId('learner-day-hour').inputValue()).toBe('4');
    await page.getByTestId('learner-day-zone').selectOption('Pacific/Chatham');
    await page.getByTestId('learner-day-hour').selectOption('5');
    await page.getByTestId('profile-learner-day').getByRole('button', { name: '저장' }).click();
    await toast(page, '학습일 설정이 저장되었습니다.').waitFor();
    const saved = await pageApi<{ time_zone: string; day_rollover_hour: number }>(
      page,
      'GET',
      '/api/user-profile/get/',
    );
    expect(saved.body).toMatchObject({ time_zone: 'Pacific/Chatham', day_rollover_hour: 5 });
    // The server checks the zone itself: an unknown name is a 400 with a stable code and a Korean detail.
    const refused = await pageApi<{ code: string; detail: string }>(page, 'PATCH', '/api/user-profile/update/', {
      time_zone: 'Mars/Olympus',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('invalid_time_zone');
    expect(refused.body.detail).toContain('시간대');
    expect((await pageApi(page, 'PATCH', '/api/user-profile/update/', { day_rollover_hour: 24 })).status).toBe(400);
    await screenshot(page, 'profile-learner-day-ko-desktop');

    // Keyboard on the slider: 0 → 35 in steps of 5.
    await page.getByTestId('retention-percentage').focus();
    for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowRight');
    await page.getByTestId('profile-retention').getByText('35%').waitFor();
    await page.getByTestId('profile-retention').locator('label').filter({ hasText: '자동 정리 사용' }).click();
    await page.getByTestId('profile-retention').getByRole('button', { name: '저장' }).click();
    await toast(page, '정리 설정이 저장되었습니다.').waitFor();
    // Clean up now (POST /api/retention-cleanup/manual/ with the slider's 35 %): a new account has nothing to clean.
    await page.getByTestId('profile-retention').getByRole('button', { name: '지금 정리하기' }).click();
    await toast(page, '기록 0건을 정리했습니다.').waitFor();
    // Statistics reset behind RESET (POST /api/user-statistics/reset/); the page reloads 1.5 s later.
    const resetModal = page.getByTestId('statistics-reset-modal');
    // The profile re-reads after the clean-up; a click landing on the section while it re-renders is tried again.
    await expect
      .poll(
        async () => {
          if (!(await resetModal.isVisible()))
            await page.getByTestId('profile-statistics').getByRole('button', { name: '통계 초기화' }).click();
          return resetModal.isVisible();
        },
        { timeout: 60_000, interval: 2_000 },
      )
      .toBe(true);
    const resetConfirm = resetModal.getByRole('button', { name: '초기화', exact: true });
    expect(await resetConfirm.isDisabled()).toBe(true);
    await resetModal.locator('input').fill('reset');
    expect(await resetConfirm.isDisabled()).toBe(true);
    await resetModal.locator('input').fill('RESET');
    const reloaded = page.waitForEvent('load');
    await resetConfirm.click();
    await toast(page, '학습 통계가 초기화되었습니다.').waitFor();
    await reloaded;
    await ready(page);
    await page.getByTestId('profile-retention').getByText('35%').waitFor();

    await page.getByTestId('profile-cache').locator('label').filter({ hasText: '캐시 사용' }).click();
    await toast(page, '캐시를 끄고').waitFor();
    expect(
      await page.evaluate(() => [localStorage.getItem('cacheEnabled'), sessionStorage.getItem('cacheDisabled')]),
    ).toEqual(['false', 'true']);

    await page.locator('input[name="new_password"]').fill('another-pass-1');
    await page.locator('input[name="confirm_password"]').fill('another-pass');
    expect(await page.getByTestId('password-match').textContent()).toBe('비밀번호가 일치하지 않습니다.');
    await page.locator('input[name="confirm_password"]').fill('another-pass-1');
    expect(await page.getByTestId('password-match').textContent()).toContain('비밀번호가 일치합니다.');
    await page.locator('input[name="new_password"]').fill('');
    await page.locator('input[name="confirm_password"]').fill('');

    // The exam lists render from the exams API (this user has none yet).
    await page.getByTestId('my-exams').getByText('옮길 수 있는 내 시험이 없습니다.').waitFor();
    await page.getByTestId('subscribed-exams').getByText('구독한 시험이 없습니다.').waitFor();
    await page.getByTestId('profile-exams').getByRole('button', { name: '선택한 시험 구독하기' }).click();
    await toast(page, '옮길 시험을 먼저 선택해 주세요.').waitFor();

    // With exams: the daily quiz exam stays out of My Exams; the arrows subscribe and unsubscribe.
    for (const title of ['알파 시험', 'Beta exam', `Today's Quizzes for ${username}`]) {
      expect((await pageApi(page, 'POST', '/api/create-exam/', { title, question_count: 0 })).status).toBeLessThan(300);
    }
    await page.reload();
    await ready(page);
    const myExams = page.getByTestId('my-exams');
    const subscribedExams = page.getByTestId('subscribed-exams');
    await myExams.getByText('알파 시험').waitFor();
    await myExams.getByText('Beta exam').waitFor();
    expect(await myExams.getByText("Today's Quizzes").count()).toBe(0);
    await myExams.locator('label').filter({ hasText: '알파 시험' }).click();
    await page.getByTestId('profile-exams').getByRole('button', { name: '선택한 시험 구독하기' }).click();
    await toast(page, '선택한 시험을 구독했습니다.').waitFor();
    await subscribedExams.getByText('알파 시험').waitFor();
    expect(await myExams.getByText('알파 시험').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'profile-ko-desktop');
    await subscribedExams.locator('label').filter({ hasText: '알파 시험' }).click();
    await page.getByTestId('profile-exams').getByRole('button', { name: '선택한 시험 구독 해제하기' }).click();
    await toast(page, '선택한 시험의 구독을 해제했습니다.').waitFor();
    await myExams.getByText('알파 시험').waitFor();
    await subscribedExams.getByText('구독한 시험이 없습니다.').waitFor();

    // At the subscription cap the server refuses (409 subscription_limit_reached): the toast gives its
    // reason and the exam stays in My Exams. The refusal is played here; the cap itself is tested
    // against the tables in tests/integration/exams.test.ts.
    const limitDetail = '시험은 최대 200개까지 구독할 수 있습니다. 구독 중인 시험 일부를 해제한 뒤 다시 시도해주세요.';
    await page.route('**/api/user-exams/move-to-subscribed/', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'subscription_limit_reached', detail: limitDetail }),
      }),
    );
    await myExams.locator('label').filter({ hasText: '알파 시험' }).click();
    await page.getByTestId('profile-exams').getByRole('button', { name: '선택한 시험 구독하기' }).click();
    await toast(page, limitDetail).waitFor();
    await myExams.getByText('알파 시험').waitFor();
    await subscribedExams.getByText('구독한 시험이 없습니다.').waitFor();
    await page.unroute('**/api/user-exams/move-to-subscribed/');

    // Withdrawal modal: the button unlocks only for WITHDRAW (not confirmed here).
    await page.getByTestId('profile-withdrawal').getByRole('button', { name: '회원 탈퇴' }).click();
    const modal = page.getByTestId('withdrawal-modal');
    await modal.waitFor();
    const confirm = modal.getByRole('button', { name: '탈퇴하기' });
    expect(await confirm.isDisabled()).toBe(true);
    await modal.locator('input').fill('withdraw');
    expect(await confirm.isDisabled()).toBe(true);
    await modal.locator('input').fill('WITHDRAW');
    expect(await confirm.isDisabled()).toBe(false);
    await screenshot(page, 'profile-withdrawal-modal-ko-desktop', false);
    await modal.getByRole('button', { name: '취소' }).click();
    await modal.waitFor({ state: 'detached' });

    // Change the language: posted to the server, the page reloads in English.
    await page.getByTestId('language-switch').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    await ready(page);
    await page.getByRole('heading', { level: 1, name: 'Profile and settings' }).waitFor();
    expect(await page.title()).toBe('Profile and settings · Quizbank');
    await page.getByTestId('email-verified-badge').filter({ hasText: 'Verified' }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'profile-en-desktop');

    // Log out.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByTestId('navbar').getByRole('link', { name: 'Log in' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    // The server session is gone too.
    await page.goto(`${baseUrl}/profile`);
    await page.waitForURL(`${baseUrl}/login?returnTo=%2Fprofile`);
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('a password change signs in again with the new password; withdrawal deletes the account', async () => {
    const name = `lee${stamp}`;
    const { page, errors, close } = await visit('/register', { locale: 'en-US' });
    await page.locator('input[name="id"]').fill(name);
    await page.locator('input[name="name"]').fill('Lee');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="passwordConfirm"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/`);

    await page.goto(`${baseUrl}/profile`);
    await ready(page);
    await page.getByTestId('profile-password').waitFor();
    // No email yet: no badge, no send button.
    expect(await page.getByTestId('email-verified-badge').count()).toBe(0);
    expect(await page.getByTestId('send-verification').count()).toBe(0);

    await page.locator('input[name="current_password"]').fill('not-my-password');
    await page.locator('input[name="new_password"]').fill('brand-new-pass-7');
    await page.locator('input[name="confirm_password"]').fill('brand-new-pass-7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'The current password is incorrect.').waitFor();
    await page.locator('input[name="current_password"]').fill(PASSWORD);
    await page.getByRole('button', { name: 'Change password' }).click();
    await toast(page, 'Your password has been changed.').waitFor();
    expect(await page.locator('input[name="new_password"]').inputValue()).toBe('');
    await page.reload();
    await ready(page);
    await page.getByTestId('profile-account').waitFor(); // still signed in (re-login worked)

    await page.getByTestId('profile-withdrawal').getByRole('button', { name: 'Delete account' }).click();
    const modal = page.getByTestId('withdrawal-modal');
    await modal.locator('input').fill('WITHDRAW');
    await modal.getByRole('button', { name: 'Delete my account' }).click();
    await toast(page, /deleted/).waitFor();
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();

    await page.locator('input[name="username"]').fill(name);
    await page.locator('input[name="password"]').fill('brand-new-pass-7');
    await page.locator('form button[type="submit"]').click();
    expect(await page.getByTestId('login-error').textContent()).toBe('The username or password is incorrect.');
    expect(unexpected(errors)).toEqual([]);
    await close();
  });
});

describe('user management', () => {
  const { username: admin, password: adminPassword } = useAdmin(`admin${stamp}`, 'admin-pass-2025');

  test('an admin uploads a users sheet and sees the summary toast', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'en-US' });
    // The admin's account language is Korean; a language chosen in the browser wins and is sent to the server.
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await logIn(page, admin, adminPassword, '/user-management');
    await page.getByTestId('users-table').waitFor();
    expect(await page.title()).toBe('User management · Quizbank');
    await page.getByTestId(`user-row-${admin}`).getByText('me').waitFor();

    // The sheet: two new users, one bad role (English headers; Korean ones work too).
    const rows = [
      ['name', 'username', 'email', 'role'],
      ['Park Jiwoo', `park${stamp}`, `park${stamp}@example.com`, 'user_role'],
      ['Choi Dana', `choi${stamp}`, `choi${stamp}@example.com`, 'study_admin_role'],
      ['Nobody', `bad${stamp}`, '', 'wizard_role'],
    ];
    const workbook = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), 'users');
    const buffer = XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;

    // No file yet: the form says so.
    await page.getByTestId('users-sheet-upload').click();
    await page.getByTestId('upload-users-form').getByText('Choose a file to upload.').waitFor();
    await page
      .getByTestId('users-sheet-input')
      .setInputFiles({ name: 'users.csv', mimeType: 'text/csv', buffer: Buffer.from('a,b') });
    await page.getByTestId('users-sheet-upload').click();
    await page.getByTestId('upload-users-form').getByText('Only .xlsx or .xls files can be uploaded.').waitFor();

    await page.getByTestId('users-sheet-input').setInputFiles({
      name: 'users.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await page.getByTestId('users-sheet-upload').click();
    const summary = toast(page, 'Upload finished: 3 rows, 2 created, 0 updated, 1 errors');
    await summary.waitFor();
    expect(await summary.textContent()).toContain(`Row 4 (bad${stamp}): Unknown role: wizard_role`);
    await page.getByTestId(`user-row-park${stamp}`).waitFor();
    await page.getByTestId(`user-row-choi${stamp}`).getByText('Study admin').waitFor();
    await screenshot(page, 'user-management-en-desktop', false);

    // Sorting: username ascending by default; a click on the header reverses it.
    const usernames = () =>
      page
        .locator('[data-testid^="user-row-"]')
        .evaluateAll((rowsEl) => rowsEl.map((row) => row.getAttribute('data-testid')!.slice(9)));
    const ascending = await usernames();
    expect(ascending).toEqual(
      [...ascending].sort((a, b) => new Intl.Collator('ko', { numeric: true, sensitivity: 'base' }).compare(a, b)),
    );
    await page.getByRole('columnheader', { name: 'Username' }).getByRole('button').click();
    expect(await usernames()).toEqual([...ascending].reverse());
    await page.getByRole('columnheader', { name: 'Username' }).getByRole('button').click();

    // Inline edit of name and role.
    const park = page.getByTestId(`user-row-park${stamp}`);
    await park.getByRole('button', { name: 'Edit' }).click();
    await park.getByLabel(`Name of park${stamp}`).fill('Park J.');
    await park.getByLabel(`Role of park${stamp}`).selectOption('study_admin_role');
    await park.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'The user has been updated.').waitFor();
    await park.getByText('Park J.').waitFor();
    await park.getByText('Study admin').waitFor();
    // An admin cannot change their own role.
    await page.getByTestId(`user-row-${admin}`).getByRole('button', { name: 'Edit' }).click();
    expect(await page.getByTestId(`user-row-${admin}`).getByLabel(`Role of ${admin}`).isDisabled()).toBe(true);
    await page.getByTestId(`user-row-${admin}`).getByRole('button', { name: 'Cancel' }).click();

    // Per-row password (min 8).
    await park.getByRole('button', { name: 'Password' }).click();
    const passwordModal = page.getByTestId('set-password-modal');
    await passwordModal.locator('input').fill('short');
    expect(await passwordModal.getByRole('button', { name: 'Change' }).isDisabled()).toBe(true);
    await passwordModal.locator('input').fill('park-password-1');
    await passwordModal.getByRole('button', { name: 'Change' }).click();
    await toast(page, `The password of park${stamp} has been changed.`).waitFor();

    // Add user: save disabled until username and password are filled.
    await page.getByTestId('add-user-toggle').click();
    const addForm = page.getByTestId('add-user-form');
    const add = addForm.getByRole('button', { name: 'Add', exact: true });
    expect(await add.isDisabled()).toBe(true);
    await addForm.locator('input[name="new-username"]').fill(`han${stamp}`);
    expect(await add.isDisabled()).toBe(true);
    await addForm.locator('input[name="new-password"]').fill('han-password-1');
    await addForm.locator('input[name="new-name"]').fill('Han');
    await add.click();
    await toast(page, 'The user has been created.').waitFor();
    await page.getByTestId(`user-row-han${stamp}`).waitFor();

    // Delete selected: the typed text must equal the placeholder; per-user results.
    await page.getByTestId(`user-row-han${stamp}`).getByRole('checkbox').check();
    await page.getByTestId(`user-row-choi${stamp}`).getByRole('checkbox').check();
    await page.getByTestId(`user-row-${admin}`).getByRole('checkbox').check();
    await page.getByTestId('delete-selected').click();
    const deleteModal = page.getByTestId('delete-users-modal');
    const confirmDelete = deleteModal.getByRole('button', { name: 'Delete', exact: true });
    expect(await deleteModal.locator('input').getAttribute('placeholder')).toBe('delete users');
    await deleteModal.locator('input').fill('delete');
    expect(await confirmDelete.isDisabled()).toBe(true);
    await deleteModal.locator('input').fill('delete users');
    await screenshot(page, 'user-management-delete-modal-en-desktop', false);
    await confirmDelete.click();
    await toast(page, 'Deleted 2 users.').waitFor();
    const failure = toast(page, 'Could not delete 1 users:');
    await failure.waitFor();
    expect(await failure.textContent()).toContain(`${admin}: You cannot delete your own account here.`);
    await page.getByTestId(`user-row-han${stamp}`).waitFor({ state: 'detached' });
    expect(await page.getByTestId(`user-row-${admin}`).count()).toBe(1);

    // The Korean screen, then the phone width.
    await page.evaluate(() => localStorage.setItem('language', 'ko'));
    await page.reload();
    await ready(page);
    await page.getByRole('heading', { level: 1, name: '사용자 관리' }).waitFor();
    await page.getByTestId(`user-row-park${stamp}`).getByText('스터디 관리자').waitFor();
    expect(await page.getByTestId(`user-row-park${stamp}`).locator('td').nth(5).textContent()).toMatch(
      /^\d{4}\. \d{1,2}\. \d{1,2}\.$/,
    );
    await screenshot(page, 'user-management-ko-desktop', false);
    await page.setViewportSize({ width: 375, height: 740 });
    await screenshot(page, 'user-management-ko-phone');
    await fitsPhone(page);
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await ready(page);
    await page.getByTestId('users-table').waitFor();
    await fitsPhone(page);
    await screenshot(page, 'user-management-en-phone');
    expect(unexpected(errors)).toEqual([]);
    await close();
  });

  test('a non-admin sees the admins-only state, not a failing table', async () => {
    const { page, errors, close } = await visit('/?fromHomeMenu=true', { locale: 'ko-KR' });
    await page.evaluate(() => localStorage.setItem('language', 'ko'));
    await logIn(page, `park${stamp}`, 'park-password-1', '/user-management');
    await page.getByTestId('user-management-admins-only').waitFor();
    await page.getByText('내 역할: 스터디 관리자').waitFor();
    await screenshot(page, 'user-management-admins-only-ko-desktop');
    await page.setViewportSize({ width: 375, height: 740 });
    await fitsPhone(page);
    await screenshot(page, 'user-management-admins-only-ko-phone');
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    await ready(page);
    await page.getByText('Your role: Study admin').waitFor();
    await screenshot(page, 'user-management-admins-only-en-phone');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('sign-in screens', () => {
  for (const language of ['ko', 'en'] as const) {
    test(`login and register render and fit the phone (${language})`, async () => {
      const locale = language === 'ko' ? 'ko-KR' : 'en-US';
      for (const viewport of ['desktop', 'phone'] as const) {
        const { page, errors, close } = await visit('/login', { locale, viewport });
        await page.getByTestId('login-page').waitFor();
        await page.getByRole('heading', { level: 1, name: language === 'ko' ? '로그인' : 'Log in' }).waitFor();
        if (viewport === 'phone') await fitsPhone(page);
        await screenshot(page, `login-${language}-${viewport}`);
        await page
          .getByRole('link', { name: language === 'ko' ? '회원가입' : 'Sign up' })
          .last()
          .click();
        await page.getByTestId('register-page').waitFor();
        if (viewport === 'phone') await fitsPhone(page);
        await screenshot(page, `register-${language}-${viewport}`);
        expect(errors).toEqual([]);
        await close();
      }
    });
  }

  test('the Google button shows with a client id and sends the page to Google with state and nonce', async () => {
    const opened = await open({ locale: 'en-US' });
    const { page, errors } = opened;
    await page.route('**/api/google-oauth/config/**', (route) =>
      route.fulfill({
        json: { client_id: 'test-client.apps.googleusercontent.com', redirect_uri: `${baseUrl}/login` },
      }),
    );
    let authorizeUrl: URL | undefined;
    await page.route('https://accounts.google.com/**', (route) => {
      authorizeUrl = new URL(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<p>google</p>' });
    });
    await page.goto(`${baseUrl}/login?returnTo=${encodeURIComponent('/getting-started')}`);
    await ready(page);
    await page.getByTestId('google-sign-in').waitFor();
    await screenshot(page, 'login-google-en-desktop');
    await page.getByTestId('google-sign-in').click();
    await page.waitForURL(/accounts\.google\.com/);
    expect(authorizeUrl?.searchParams.get('client_id')).toBe('test-client.apps.googleusercontent.com');
    expect(authorizeUrl?.searchParams.get('scope')).toBe('openid email profile');
    expect(authorizeUrl?.searchParams.get('prompt')).toBe('select_account');
    const state = JSON.parse(Buffer.from(authorizeUrl!.searchParams.get('state')!, 'base64url').toString()) as {
      ts: number;
      returnTo: string;
      nonce: string;
    };
    expect(state.returnTo).toBe('/getting-started');
    expect(state.nonce).toBe(authorizeUrl?.searchParams.get('nonce'));
    expect(Math.abs(Date.now() - state.ts)).toBeLessThan(60_000);

    // Google sends the ID token back to /login; it is posted with the nonce and the user goes on.
    let posted: Record<string, unknown> | undefined;
    await page.route('**/api/google-oauth/', (route) => {
      posted = route.request().postDataJSON() as Record<string, unknown>;
      return route.fulfill({
        json: {
          success: true,
          message: 'Signed in with Google.',
          user: {
            id: 'g-1',
            username: 'gina',
            email: 'gina@example.com',
            first_name: 'Gina',
            last_name: '',
            email_verified: true,
            role: 'user_role',
            is_superuser: false,
            is_staff: false,
            has_study_admin_role: false,
            date_joined: '2025-08-01T00:00:00.000Z',
            language: 'en',
          },
        },
      });
    });
    await page.goto(
      `${baseUrl}/login#state=${authorizeUrl!.searchParams.get('state')}&id_token=header.payload.signature`,
    );
    await page.waitForURL(`${baseUrl}/getting-started`);
    expect(posted).toMatchObject({ id_token: 'header.payload.signature', nonce: state.nonce, language: 'en' });
    await toast(page, 'Signed in with Google.').waitFor();
    await page.getByTestId('user-menu').getByText('Gina').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe('session');
    // A replayed answer (the nonce is used up) is refused.
    await page.goto(
      `${baseUrl}/login#state=${authorizeUrl!.searchParams.get('state')}&id_token=header.payload.signature`,
    );
    await ready(page);
    await toast(page, 'The Google sign-in request expired or was not valid.').waitFor();

    // A server-side flow's return parameters are read and removed.
    await page.goto(`${baseUrl}/register?login=error&message=popup_closed_by_user`);
    await ready(page);
    await toast(page, 'Google sign-in was cancelled.').waitFor();
    await page.waitForURL(`${baseUrl}/register`);

    // Coming back from Google with a refusal: the fragment goes and a translated toast explains.
    await page.goto(`${baseUrl}/login#error=access_denied&state=${authorizeUrl!.searchParams.get('state')}`);
    await ready(page);
    await toast(page, 'Google sign-in was cancelled.').waitFor();
    expect(await page.evaluate(() => window.location.hash)).toBe('');
    expect(errors).toEqual([]);
    await opened.close();
  });

  test('returnTo only accepts same-origin paths', async () => {
    const username = `ret${stamp}`;
    const { page, close } = await visit('/register', { locale: 'en-US' });
    await page.locator('input[name="id"]').fill(username);
    await page.locator('input[name="name"]').fill('Ret');
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="passwordConfirm"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    await page.goto(`${baseUrl}/login?returnTo=${encodeURIComponent('//evil.example/steal')}`);
    await ready(page);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/`);
    await close();
  });
});

describe('email verification and profile screens', () => {
  test('an invalid link shows the error; an expired one offers a retry (ko and en)', async () => {
    for (const language of ['ko', 'en'] as const) {
      const { page, errors, close } = await visit('/?fromHomeMenu=true', {
        locale: language === 'ko' ? 'ko-KR' : 'en-US',
      });
      await page.goto(`${baseUrl}/verify-email/not-a-real-token`);
      await page.getByTestId('verify-email-error').waitFor();
      expect(await page.getByTestId('verify-email-retry').count()).toBe(0);
      await screenshot(page, `verify-email-invalid-${language}-desktop`);

      const expired = {
        ko: '인증 링크가 만료되었습니다. 인증 메일을 다시 요청해 주세요.',
        en: 'This verification link has expired. Please request a new verification email.',
      }[language];
      await page.route('**/api/verify-email/expired-token/', (route) =>
        route.fulfill({ status: 400, json: { code: 'verification_token_expired', detail: expired } }),
      );
      await page.goto(`${baseUrl}/verify-email/expired-token`);
      await page.getByTestId('verify-email-error').getByText(expired).waitFor();
      await page.getByTestId('verify-email-retry').waitFor();
      await page.setViewportSize({ width: 375, height: 740 });
      await fitsPhone(page);
      await screenshot(page, `verify-email-expired-${language}-phone`);
      // A good link (answered here without a real token) shows the success state.
      await page.route('**/api/verify-email/good-token/', (route) =>
        route.fulfill({
          json: {
            message: language === 'ko' ? '이메일 인증이 완료되었습니다.' : 'Your email address has been verified.',
            email_verified: true,
          },
        }),
      );
      await page.goto(`${baseUrl}/verify-email/good-token`);
      await page.getByTestId('verify-email-success').waitFor();
      await fitsPhone(page);
      await screenshot(page, `verify-email-success-${language}-phone`);
      await page.goto(`${baseUrl}/verify-email/expired-token`);
      await page.getByTestId('verify-email-retry').waitFor();
      // Signed out, the retry goes to login and comes back to the profile.
      await page.getByTestId('verify-email-retry').click();
      await page.waitForURL(`${baseUrl}/login?returnTo=%2Fprofile`);
      expect(unexpected(errors)).toEqual([]);
      await close();
    }
  });

  test('the profile fits the phone in both languages', async () => {
    const username = `phone${stamp}`;
    const { page, errors, close } = await visit('/register', { locale: 'ko-KR', viewport: 'phone' });
    await page.locator('input[name="id"]').fill(username);
    await page.locator('input[name="name"]').fill('폰');
    await page.locator('input[name="email"]').fill(`${username}@example.com`);
    await page.locator('input[name="password"]').fill(PASSWORD);
    await page.locator('input[name="passwordConfirm"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(`${baseUrl}/`);
    for (const language of ['ko', 'en'] as const) {
      await page.evaluate((lang) => localStorage.setItem('language', lang), language);
      await page.goto(`${baseUrl}/profile`);
      await ready(page);
      await page.getByTestId('profile-withdrawal').waitFor();
      await page.getByTestId('my-exams').locator('p').first().waitFor();
      await fitsPhone(page);
      await screenshot(page, `profile-${language}-phone`);
    }
    expect(errors).toEqual([]);
    await close();
  });
});
