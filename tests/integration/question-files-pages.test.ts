import { describe, expect, inject, it } from 'vitest';
import { batchWriteAll, putRequest } from '../../functions/runtime/data/batch-ops.js';
import type { SignedInContext } from '../../functions/runtime/http/types.js';
import { FILE_LIST_SHARDS, fileEntity } from '../../functions/domains/files/entities/file.js';
import { listQuestionFiles } from '../../functions/domains/files/files.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

/**
 * GET /api/question-files/ a page at a time: name order, a `next` cursor, every file
 * once, and DynamoDB requests per page constant in the number of files (the list used to read at most
 * 5 pages per partition and silently drop the rest).
 */
function contextFor(user: FixtureUser, role = user.role): SignedInContext {
  return {
    requestId: 'files-pages',
    language: 'ko',
    cookies: {},
    caller: {
      sessionKey: 'files-pages',
      user: { id: user.id, username: user.username, role, is_superuser: false, is_staff: false, language: 'ko' },
    },
    sourceIp: '127.0.0.1',
    userAgent: 'vitest',
  } as SignedInContext;
}

/** `count` private file records of `user`, written as an upload writes them, names in shuffled order. */
async function privateFiles(user: FixtureUser, count: number): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `page-${String(i).padStart(4, '0')}.csv`);
  const shuffled = [...names].sort(() => Math.random() - 0.5);
  await batchWriteAll(
    shuffled.map((name, i) =>
      putRequest(
        fileEntity.item({
          id: `${user.id}-f${i}`,
          name,
          name_key: name,
          owner_id: user.id,
          owner_username: user.username,
          size: 100,
          modified: 1_700_000_000 + i,
          // No questions: the pool count (question-pool-count.test.ts) sums every file's questions.
          max_questions: 0,
          is_public: false,
          s3_key: `questions/${user.id}/${name}`,
          language: 'ko',
          created_at: new Date().toISOString(),
          difficulties: 'M',
        }),
      ),
    ),
  );
  return names;
}

async function allPages(
  ctx: SignedInContext,
  query: Record<string, unknown>,
  calls: ReturnType<typeof countDynamoCalls>,
) {
  const pages: { ids: string[]; names: string[]; calls: number }[] = [];
  let cursor: string | undefined;
  do {
    calls.reset();
    const answer = await listQuestionFiles({ query: { ...query, cursor }, params: {}, body: {} } as never, ctx);
    pages.push({
      ids: answer.files.map((file) => file.id),
      names: answer.files.map((file) => file.name),
      calls: calls.count(),
    });
    cursor = answer.next ?? undefined;
  } while (cursor);
  return pages;
}

describe('the question-file list, page by page', () => {
  const calls = countDynamoCalls();

  it('answers every own file once, in name order, in pages of page_size; requests per page do not grow with the files', async () => {
    const small = await fixtureUser(apiUrl);
    const large = await fixtureUser(apiUrl);
    const smallNames = await privateFiles(small, 25);
    const largeNames = await privateFiles(large, 250);

    const smallPages = await allPages(contextFor(small), { is_public: false, page_size: 100 }, calls);
    expect(smallPages.map((page) => page.names.length)).toEqual([25]);
    expect(smallPages.flatMap((page) => page.names)).toEqual(smallNames);

    const largePages = await allPages(contextFor(large), { is_public: false, page_size: 100 }, calls);
    expect(largePages.map((page) => page.names.length)).toEqual([100, 100, 50]);
    expect(largePages.flatMap((page) => page.names)).toEqual(largeNames);
    // 10× the files: the same requests per page (one Query of the owner's index).
    expect(Math.max(...largePages.map((page) => page.calls))).toBe(smallPages[0]!.calls);
    expect(smallPages[0]!.calls).toBe(1);
  });

  it('merges own and the public shards for a learner in at most two Queries a stream per page, each file once', async () => {
    const user = await fixtureUser(apiUrl);
    await privateFiles(user, 120);
    const pages = await allPages(contextFor(user), { page_size: 50 }, calls);
    // Names are unique per owner only: another user's public file may share one, so ids count.
    const ids = pages.flatMap((page) => page.ids);
    expect(new Set(ids).size).toBe(ids.length);
    const own = pages.flatMap((page) => page.names).filter((name) => name.startsWith('page-'));
    expect(own).toHaveLength(120);
    expect(own).toEqual([...own].sort());
    // Streams: own, the public shards, the legacy public partition (D190); plus the migration marker's GetItem.
    for (const page of pages) expect(page.calls).toBeLessThanOrEqual(1 + 2 * (1 + FILE_LIST_SHARDS + 1));
  });

  it('refuses a forged cursor with 400 cursor_invalid', async () => {
    const user = await fixtureUser(apiUrl);
    const res = await user.client.get('/api/question-files/?cursor=bm90LWEtY3Vyc29y');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('cursor_invalid');
  });
});
