import { describe, expect, test } from 'vitest';
import { ApiError } from '../../web/src/lib/api-client.js';
import {
  clearClientCaches,
  isCachingEnabled,
  setCachingEnabled,
  applyQuestionCountChange,
} from '../../web/src/lib/client-cache.js';
import { serverDetailOr } from '../../web/src/lib/error-text.js';
import type { SafeStorage } from '../../web/src/lib/storage.js';
import { isExpiredLinkError } from '../../web/src/features/email-verification/utils/expired-link.js';
import { examDisplayTitle, isDailyQuizExam, viewerTitle } from '#shared/domain/exam-title.js';
import { passwordMatch } from '../../web/src/features/profile/utils/password-match.js';
import { deleteUsersOneByOne } from '../../web/src/features/user-management/utils/delete-users.js';
import {
  DEFAULT_USER_SORT,
  formatJoinDate,
  sortUsers,
  userFullName,
} from '../../web/src/features/user-management/utils/sort-users.js';
import { nextSort } from '../../web/src/lib/table-sort.js';
import { isSpreadsheetName, summarizeUpload } from '../../web/src/features/user-management/utils/upload-summary.js';

function memoryStorage(initial: Record<string, string> = {}): SafeStorage & { dump(): Record<string, string> } {
  const map = new Map(Object.entries(initial));
  return {
    get: (key) => map.get(key) ?? null,
    set: (key, value) => void map.set(key, value),
    remove: (key) => void map.delete(key),
    keys: () => [...map.keys()],
    clear: () => map.clear(),
    getJson: (key) => (map.has(key) ? JSON.parse(map.get(key)!) : null),
    setJson: (key, value) => void map.set(key, JSON.stringify(value)),
    dump: () => Object.fromEntries(map),
  };
}

describe('exam titles (profile lists)', () => {
  const exam = { title: 'Plain', title_ko: '한국어 제목', title_en: 'English title' };
  test('Korean prefers title_ko, English title_en, then the other, then title, then the fallback', () => {
    expect(examDisplayTitle(exam, 'ko', '-')).toBe('한국어 제목');
    expect(examDisplayTitle(exam, 'en', '-')).toBe('English title');
    expect(examDisplayTitle({ ...exam, title_ko: '' }, 'ko', '-')).toBe('English title');
    expect(examDisplayTitle({ ...exam, title_en: '  ' }, 'en', '-')).toBe('한국어 제목');
    expect(examDisplayTitle({ title: 'Plain' }, 'en', '-')).toBe('Plain');
    expect(examDisplayTitle({}, 'ko', '제목 없음')).toBe('제목 없음');
  });

  test('daily quiz exams ("Today\'s Quizzes for …") are recognised', () => {
    expect(isDailyQuizExam({ title: "Today's Quizzes for kim" })).toBe(true);
    expect(isDailyQuizExam({ title: 'x', title_en: "Today's Quizzes for kim" })).toBe(true);
    expect(isDailyQuizExam({ title: "Kim's Today's Quizzes for fun" })).toBe(false);
  });

  test('a daily quiz title is shown in the viewer’s language; the stored spelling stays recognisable (D302)', () => {
    const daily = { title: "Today's Quizzes for bora", title_ko: "Today's Quizzes for bora" };
    expect(examDisplayTitle(daily, 'ko', '-')).toBe('bora님의 오늘의 퀴즈');
    expect(examDisplayTitle(daily, 'en', '-')).toBe("Today's Quizzes for bora");
    expect(viewerTitle("Today's Quizzes for bora #a1b2", 'ko')).toBe('bora님의 오늘의 퀴즈 #a1b2');
    expect(viewerTitle('Plain title', 'ko')).toBe('Plain title');
    expect(isDailyQuizExam(daily)).toBe(true);
  });
});

test('password match indicator', () => {
  expect(passwordMatch('secret123', '')).toBe('empty');
  expect(passwordMatch('secret123', 'secret123')).toBe('match');
  expect(passwordMatch('secret123', 'secret12')).toBe('mismatch');
});

test('an expired verification link is told by the server code, not by the words of its detail', () => {
  const answer = (code: string, detail: string) => new ApiError({ status: 400, code, detail });
  expect(
    isExpiredLinkError(
      answer('verification_token_expired', '인증 링크가 만료되었습니다. 인증 메일을 다시 요청해 주세요.'),
    ),
  ).toBe(true);
  expect(isExpiredLinkError(answer('verification_token_expired', 'This verification link has expired.'))).toBe(true);
  // A detail that mentions expiry under another code is not an expired link, in either language.
  expect(isExpiredLinkError(answer('verification_token_invalid', 'This link has expired or was already used.'))).toBe(
    false,
  );
  expect(isExpiredLinkError(answer('verification_token_invalid', '만료되었거나 이미 사용된 링크입니다.'))).toBe(false);
  expect(isExpiredLinkError(new Error('verification_token_expired'))).toBe(false);
  expect(isExpiredLinkError(null)).toBe(false);
});

describe('user table', () => {
  const users = [
    {
      username: 'bob',
      first_name: 'Bob',
      last_name: 'Lee',
      email: 'b@x.io',
      role: 'user_role',
      date_joined: '2025-03-01T00:00:00Z',
    },
    {
      username: 'admin2',
      first_name: '김',
      last_name: '',
      email: '',
      role: 'admin_role',
      date_joined: '2025-01-01T00:00:00Z',
    },
    {
      username: 'Alice',
      first_name: '',
      last_name: '',
      email: 'a@x.io',
      role: 'study_admin_role',
      date_joined: '2025-02-01T00:00:00Z',
    },
    {
      username: 'admin10',
      first_name: '이',
      last_name: '',
      email: 'z@x.io',
      role: 'admin_role',
      date_joined: '2025-04-01T00:00:00Z',
    },
  ] as const;

  test('opens sorted by username ascending (case-insensitive, numbers in order)', () => {
    expect(DEFAULT_USER_SORT).toEqual({ key: 'username', direction: 'asc' });
    expect(sortUsers(users, DEFAULT_USER_SORT).map((u) => u.username)).toEqual(['admin2', 'admin10', 'Alice', 'bob']);
  });

  test('sorts by every column both ways, empty values last', () => {
    expect(sortUsers(users, { key: 'date_joined', direction: 'desc' }).map((u) => u.username)).toEqual([
      'admin10',
      'bob',
      'Alice',
      'admin2',
    ]);
    expect(sortUsers(users, { key: 'email', direction: 'asc' }).map((u) => u.username)).toEqual([
      'Alice',
      'bob',
      'admin10',
      'admin2',
    ]);
    expect(sortUsers(users, { key: 'email', direction: 'desc' }).map((u) => u.username)).toEqual([
      'admin10',
      'bob',
      'Alice',
      'admin2',
    ]);
    // Korean collation puts Hangul before Latin letters.
    expect(sortUsers(users, { key: 'name', direction: 'asc' }).map((u) => u.username)).toEqual([
      'admin2',
      'admin10',
      'bob',
      'Alice',
    ]);
    expect(sortUsers(users, { key: 'role', direction: 'asc' }).map((u) => u.role)).toEqual([
      'admin_role',
      'admin_role',
      'study_admin_role',
      'user_role',
    ]);
  });

  test('header clicks flip the direction or start a new column ascending', () => {
    expect(nextSort(DEFAULT_USER_SORT, 'username')).toEqual({ key: 'username', direction: 'desc' });
    expect(nextSort({ key: 'username', direction: 'desc' }, 'username')).toEqual({ key: 'username', direction: 'asc' });
    expect(nextSort({ key: 'username', direction: 'desc' }, 'email')).toEqual({ key: 'email', direction: 'asc' });
  });

  test('names and Korean-locale join dates', () => {
    expect(userFullName({ first_name: 'Bob', last_name: 'Lee' })).toBe('Bob Lee');
    expect(userFullName({ first_name: '', last_name: '' })).toBe('');
    expect(formatJoinDate('2025-08-01T12:00:00Z')).toMatch(/^2025\. 8\. 1\.$/);
    expect(formatJoinDate('nonsense')).toBe('-');
    expect(formatJoinDate(null)).toBe('-');
  });
});

describe('users sheet upload summary', () => {
  const detail = (row: number) => ({ row, username: `u${row}`, error: 'bad' });

  test('shows at most five details and counts the rest', () => {
    const summary = summarizeUpload({
      total_rows: 20,
      created: 10,
      updated: 3,
      errors: 7,
      error_details: [2, 3, 4, 5, 6, 7, 8].map(detail),
    });
    expect(summary.totals).toEqual({ total: 20, created: 10, updated: 3, errors: 7 });
    expect(summary.details.map((d) => d.row)).toEqual([2, 3, 4, 5, 6]);
    expect(summary.remaining).toBe(2);
  });

  test('no errors, no details', () => {
    expect(summarizeUpload({ total_rows: 2, created: 2, updated: 0, errors: 0, error_details: [] })).toEqual({
      totals: { total: 2, created: 2, updated: 0, errors: 0 },
      details: [],
      remaining: 0,
    });
  });

  test('only .xlsx and .xls names are accepted', () => {
    expect(isSpreadsheetName('users.xlsx')).toBe(true);
    expect(isSpreadsheetName('USERS.XLS')).toBe(true);
    expect(isSpreadsheetName('users.csv')).toBe(false);
    expect(isSpreadsheetName('users.xlsx.exe')).toBe(false);
  });
});

test('bulk delete runs one by one and reports successes and failures separately', async () => {
  const order: string[] = [];
  let running = 0;
  const outcome = await deleteUsersOneByOne(['a', 'b', 'c'], async (id) => {
    running += 1;
    expect(running).toBe(1);
    order.push(id);
    await new Promise((r) => setTimeout(r, 5));
    running -= 1;
    if (id === 'b') throw new Error('nope');
  });
  expect(order).toEqual(['a', 'b', 'c']);
  expect(outcome.deleted).toEqual(['a', 'c']);
  expect(outcome.failed.map((f) => f.user)).toEqual(['b']);
});

describe('client caches (profile cache settings)', () => {
  test('caching is off when cacheEnabled is false or the session flag is set', () => {
    expect(isCachingEnabled({ local: memoryStorage(), session: memoryStorage() })).toBe(true);
    expect(isCachingEnabled({ local: memoryStorage({ cacheEnabled: 'false' }), session: memoryStorage() })).toBe(false);
    expect(isCachingEnabled({ local: memoryStorage(), session: memoryStorage({ cacheDisabled: 'true' }) })).toBe(false);
  });

  test('turning caching off clears cached data and sets the session flag; on lifts it', () => {
    const stores = {
      local: memoryStorage({ homeData: '{}', examCache_1: 'x', language: 'en', user: '{}' }),
      session: memoryStorage({ someCache: 'y' }),
    };
    setCachingEnabled(false, stores);
    expect(isCachingEnabled(stores)).toBe(false);
    expect(stores.local.get('homeData')).toBeNull();
    expect(stores.local.get('examCache_1')).toBeNull();
    expect(stores.session.get('someCache')).toBeNull();
    expect(stores.local.get('language')).toBe('en');
    expect(stores.local.get('user')).toBe('{}');
    expect(stores.session.get('forceRefreshHome')).toBe('true');
    setCachingEnabled(true, stores);
    expect(isCachingEnabled(stores)).toBe(true);
  });

  test('clear all keeps the caching setting itself', () => {
    const stores = { local: memoryStorage({ cacheEnabled: 'true', homeData: '{}' }), session: memoryStorage() };
    clearClientCaches(stores);
    expect(stores.local.get('cacheEnabled')).toBe('true');
    expect(stores.local.get('homeData')).toBeNull();
    expect(Number(stores.local.get('forceRefresh'))).toBeGreaterThan(0);
  });

  test('a new question count invalidates home and exam management and is remembered per user', () => {
    const stores = { local: memoryStorage({ homeData: '{}' }), session: memoryStorage() };
    applyQuestionCountChange('kim', 12, stores);
    expect(stores.local.get('homeData')).toBeNull();
    expect(stores.session.get('forceRefreshHome')).toBe('true');
    expect(stores.session.get('forceRefreshExamManagement')).toBe('true');
    expect(stores.session.get('quizCount_kim')).toBe('12');
  });
});

test('serverDetailOr prefers the server sentence, translates client failures, else the fallback', () => {
  const t = ((key: string) => `t:${key}`) as never;
  expect(
    serverDetailOr(
      new ApiError({ status: 401, code: 'invalid_credentials', detail: '아이디 또는 비밀번호가 올바르지 않습니다.' }),
      t,
      'fb',
    ),
  ).toBe('아이디 또는 비밀번호가 올바르지 않습니다.');
  expect(serverDetailOr(new ApiError({ status: 0, code: 'network_error', detail: 'x' }), t, 'fb')).toBe(
    't:app.errors.network_error',
  );
  expect(serverDetailOr(new ApiError({ status: 502, code: 'http_502', detail: 'Bad Gateway' }), t, 'fb')).toBe('fb');
  expect(serverDetailOr(new Error('boom'), t, 'fb')).toBe('fb');
});
