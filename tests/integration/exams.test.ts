import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fixtureUser, anonymousClient, type FixtureUser } from '../support/fixture-users.js';
import { createExam, uploadBank, writeStat, type UploadedFile } from '../support/exam-fixtures.js';
import type { TestClient } from '../support/http-client.js';
import { MAX_SUBSCRIBED_EXAMS } from '#shared/contracts/exam-subscriptions.js';
import { batchWriteAll, putRequest } from '../../functions/runtime/data/batch-ops.js';
import { subscriptionEntity } from '../../functions/domains/exams/entities/subscription.js';
import { appItem } from '../support/accounts.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

const json = async <T = Record<string, any>>(res: Response) => (await res.json()) as T;
const list = async (client: TestClient, query: string) => json(await client.get(`/api/exams/${query}`));

describe('creating exams', () => {
  let owner: FixtureUser;
  let file: UploadedFile;
  beforeAll(async () => {
    owner = await fixtureUser(apiUrl, { language: 'ko' });
    file = await uploadBank(owner, `bank-${Date.now()}.xlsx`, 30);
  });

  it('creates from a file with a random pick of the requested count', async () => {
    const created = await createExam(owner, {
      title: 'From file',
      question_count: 12,
      file_name: file.name,
      is_public: true,
    });
    expect(created).toMatchObject({ question_count: 12, reduced: false });
    const exam = await json(await owner.client.get(`/api/exam/${created.id}/`));
    expect(exam.questions).toHaveLength(12);
    expect(new Set(exam.questions.map((q: { id: string }) => q.id)).size).toBe(12);
    expect(exam).toMatchObject({
      title: 'From file',
      title_ko: 'From file',
      is_public: true,
      is_original: true,
      file_name: file.name,
      total_questions: 12,
    });
    expect(exam.questions[0].title).toBe(exam.questions[0].title_ko);
  });

  it('filters by difficulty and reduces a count larger than the pool, saying so', async () => {
    const created = await createExam(owner, {
      title: 'Hard ones',
      question_count: 100,
      file_id: file.id,
      difficulty: 'hard',
    });
    expect(created).toMatchObject({ question_count: 10, reduced: true });
    expect(created.message).toContain('100');
    const questions = await json<{ difficulty: string }[]>(
      await owner.client.get(`/api/exam/${created.id}/questions/`),
    );
    expect(questions.every((q) => q.difficulty === 'Hard')).toBe(true);
  });

  it('requires a title and refuses a duplicate title, case-insensitively and trimmed', async () => {
    const missing = await owner.client.post('/api/create-exam/', { title: '   ', question_count: 0 });
    expect(missing.status).toBe(400);
    expect((await json(missing)).detail).toBe('제목을 입력해주세요.');
    await createExam(owner, { title: 'Unique Title', question_count: 0 });
    const dup = await owner.client.post('/api/create-exam/', { title: '  unique title ', question_count: 0 });
    expect(dup.status).toBe(409);
    expect((await json(dup)).code).toBe('exam_title_taken');
    const other = await fixtureUser(apiUrl);
    await createExam(other, { title: 'Unique Title', question_count: 0 });
  });

  it('validates counts and refuses an unknown file', async () => {
    expect((await owner.client.post('/api/create-exam/', { title: 'neg', question_count: -1 })).status).toBe(400);
    expect((await owner.client.post('/api/create-exam/', { title: 'nan', question_count: 'abc' })).status).toBe(400);
    const res = await owner.client.post('/api/create-exam/', {
      title: 'nofile',
      question_count: 3,
      file_name: 'missing.xlsx',
    });
    expect(res.status).toBe(404);
    expect((await json(res)).code).toBe('file_not_found');
  });

  it('creates an empty exam without a file, and reduces a count to zero without a pool', async () => {
    const empty = await createExam(owner, { title: 'Empty', question_count: 0 });
    expect(empty.question_count).toBe(0);
    const reduced = await createExam(owner, { title: 'Nothing to draw', questionCount: 5 });
    expect(reduced).toMatchObject({ question_count: 0, reduced: true });
  });

  it('copies explicit questions of an exam (creation_type copy), all or a random subset', async () => {
    const source = await createExam(owner, { title: 'Source', question_count: 8, file_name: file.name });
    const exam = await json(await owner.client.get(`/api/exam/${source.id}/`));
    const ids = exam.questions.slice(0, 5).map((q: { id: string }) => q.id);
    const copy = await createExam(owner, {
      title: 'Copy',
      questions: ids,
      exam_id: source.id,
      creation_type: 'copy',
      is_original: false,
    });
    const copied = await json(await owner.client.get(`/api/exam/${copy.id}/`));
    expect(copied.questions.map((q: { id: string }) => q.id)).toEqual(ids);
    expect(copied.is_original).toBe(false);
    const subset = await createExam(owner, {
      title: 'Subset',
      questions: ids,
      exam_id: source.id,
      question_count: 2,
      random_option: 'random',
    });
    expect(subset.question_count).toBe(2);
    const byIndex = await createExam(owner, {
      title: 'By index',
      questions: ids.slice(0, 2).map((id: string) => ({ id })),
    });
    expect(byIndex.question_count).toBe(2);
    const bad = await owner.client.post('/api/create-exam/', { title: 'Bad', questions: ['nope'], exam_id: source.id });
    expect(bad.status).toBe(400);
    expect((await json(bad)).code).toBe('exam_questions_not_found');
  });

  it("draws wrong_only and most_wrong from the caller's own history", async () => {
    const learner = await fixtureUser(apiUrl, { language: 'en' });
    await writeStat(learner.id, `${file.id}-1`, 5, 0);
    await writeStat(learner.id, `${file.id}-2`, 3, 2);
    await writeStat(learner.id, `${file.id}-3`, 4, 4);
    await writeStat(learner.id, `${file.id}-4`, 2, 0);
    const wrong = await createExam(learner, {
      title: 'Wrong only',
      file_name: file.name,
      question_count: 10,
      wrong_questions_only: true,
    });
    expect(wrong).toMatchObject({ question_count: 3, reduced: true });
    const most = await createExam(learner, {
      title: 'Most wrong',
      file_id: file.id,
      question_count: 2,
      random_option: 'most_wrong',
    });
    const exam = await json(await learner.client.get(`/api/exam/${most.id}/`));
    expect(exam.questions.map((q: { id: string }) => q.id)).toEqual([`${file.id}-1`, `${file.id}-4`]);
    // English reader of Korean questions gets the Korean text as fallback
    expect(exam.questions[0].title).toBe(exam.questions[0].title_ko);
    const history = await createExam(learner, {
      title: 'From history',
      question_count: 10,
      random_option: 'most_wrong',
    });
    expect(history.question_count).toBe(3);
  });

  it('turns parsed problems into questions', async () => {
    const created = await createExam(owner, {
      title: 'Problems',
      question_count: 0,
      parsed_problems: [
        { id: 1, title: 'Two Sum', difficulty: 'Easy' },
        { title: 'LRU Cache', difficulty: 'Med.' },
      ],
    });
    const exam = await json(await owner.client.get(`/api/exam/${created.id}/`));
    expect(exam.questions.map((q: Record<string, string>) => [q.title, q.answer, q.difficulty, q.url])).toEqual([
      ['Two Sum', 'Y', 'Easy', 'https://leetcode.com/problems/two-sum/'],
      ['LRU Cache', 'Y', 'Medium', 'https://leetcode.com/problems/lru-cache/'],
    ]);
    // questions that are not from a file are found by id through the question index, if readable
    const ids = exam.questions.map((q: { id: string }) => q.id);
    const again = await createExam(owner, { title: 'Problems again', questions: ids });
    expect(again.question_count).toBe(2);
    const hidden = await createExam(owner, {
      title: 'Hidden problems',
      is_public: false,
      parsed_problems: [{ title: 'Secret' }],
    });
    const secretId = (await json(await owner.client.get(`/api/exam/${hidden.id}/`))).questions[0].id;
    const stranger = await fixtureUser(apiUrl);
    const refused = await stranger.client.post('/api/create-exam/', { title: 'Steal', questions: [secretId] });
    expect(refused.status).toBe(400);
    expect((await json(refused)).code).toBe('exam_questions_not_found');
  });
});

describe('reading and listing exams', () => {
  let owner: FixtureUser;
  let other: FixtureUser;
  let admin: FixtureUser;
  let publicId: string;
  let privateId: string;
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    owner = await fixtureUser(apiUrl);
    other = await fixtureUser(apiUrl);
    admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    const file = await uploadBank(owner, `list-${stamp}.xlsx`, 5);
    publicId = (
      await createExam(owner, { title: `Public ${stamp}`, question_count: 3, file_name: file.name, is_public: true })
    ).id;
    privateId = (
      await createExam(owner, { title: `Private ${stamp}`, question_count: 3, file_name: file.name, is_public: false })
    ).id;
  });

  it('reads with select and localised questions', async () => {
    const exam = await json(await other.client.get(`/api/exam/${publicId}/?select=id,title,total_questions`));
    expect(exam).toEqual({ id: publicId, title: `Public ${stamp}`, total_questions: 3 });
    const questions = await json<object[]>(await other.client.get(`/api/exam/${publicId}/questions/?select=id,title`));
    expect(questions).toHaveLength(3);
    expect(Object.keys(questions[0]!).sort()).toEqual(['id', 'title']);
  });

  it('hides a private exam from everyone but its creator and admins', async () => {
    const anon = await anonymousClient(apiUrl);
    for (const [client, status] of [
      [owner.client, 200],
      [admin.client, 200],
      [other.client, 404],
      [anon, 404],
    ] as const) {
      expect((await client.get(`/api/exam/${privateId}/`)).status).toBe(status);
      expect((await client.get(`/api/exam/${privateId}/questions/`)).status).toBe(status);
    }
    expect((await anon.get('/api/exam/doesnotexist/')).status).toBe(404);
  });

  it('lists my exams, public exams, and all for admins; searches titles', async () => {
    const mine = await list(owner.client, '?my_exams=true&page_size=100');
    expect(mine.results.map((e: { id: string }) => e.id)).toEqual(expect.arrayContaining([publicId, privateId]));
    const pub = await list(other.client, `?is_public=true&search_title=${stamp}`);
    expect(pub.results.map((e: { id: string }) => e.id)).toEqual([publicId]);
    const anon = await anonymousClient(apiUrl);
    const anonList = await list(anon, `?search=${stamp.toUpperCase()}`);
    expect(anonList.results.map((e: { id: string }) => e.id)).toEqual([publicId]);
    expect((await anon.get('/api/exams/?my_exams=true')).status).toBe(401);
    const all = await list(admin.client, `?search=${stamp}`);
    expect(all.results.map((e: { id: string }) => e.id).sort()).toEqual([publicId, privateId].sort());
    const adminPrivate = await list(admin.client, `?is_public=false&search=${stamp}`);
    expect(adminPrivate.results.map((e: { id: string }) => e.id)).toEqual([privateId]);
    const otherPrivate = await list(other.client, `?is_public=false&search=${stamp}`);
    expect(otherPrivate.results).toEqual([]);
  });

  it('pages with a cursor, newest first', async () => {
    const user = await fixtureUser(apiUrl);
    for (const n of [1, 2, 3, 4, 5])
      await createExam(user, { title: `Paged ${n}`, question_count: 0, is_public: n % 2 === 0 });
    const seen: string[] = [];
    let cursor: string | null = '';
    let calls = 0;
    do {
      const page = await list(user.client, `?my_exams=true&page_size=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.results.map((e: { title: string }) => e.title));
      cursor = page.next;
      calls++;
    } while (cursor && calls < 10);
    expect(seen).toEqual(['Paged 5', 'Paged 4', 'Paged 3', 'Paged 2', 'Paged 1']);
    expect((await user.client.get('/api/exams/?cursor=garbage')).status).toBe(400);
    const forge = (key: object) => Buffer.from(JSON.stringify([key])).toString('base64url');
    const forged = [
      { pk: 'EXAM#x', sk: 'EXAM', gsi2pk: 'PRIVATEEXAMS', gsi2sk: 'z' },
      { pk: 'EXAM#x', sk: 'EXAM', gsi2pk: 'PUBLICEXAMS', gsi2sk: 'z', extra: 'x' },
      { pk: 'EXAM#x', sk: 'EXAM', gsi2pk: 'PUBLICEXAMS', gsi2sk: 1 },
    ];
    for (const key of forged) expect((await user.client.get(`/api/exams/?cursor=${forge(key)}`)).status).toBe(400);
    const odd = await user.client.get(
      `/api/exams/?cursor=${forge({ pk: 'x', sk: 'y', gsi2pk: 'PUBLICEXAMS', gsi2sk: '' })}`,
    );
    expect(odd.status).toBeLessThan(500);
  });

  it('pages the merged public + private lists of an admin without losing or repeating', async () => {
    const user = await fixtureUser(apiUrl);
    const tag = `merge${stamp}`;
    for (const n of [1, 2, 3, 4, 5, 6])
      await createExam(user, { title: `${tag} ${n}`, question_count: 0, is_public: n % 3 === 0 });
    const seen: string[] = [];
    let cursor: string | null = '';
    for (let i = 0; i < 10 && cursor !== null; i++) {
      const page = await list(admin.client, `?search=${tag}&page_size=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.results.map((e: { title: string }) => e.title));
      cursor = page.next;
    }
    expect(seen).toEqual([6, 5, 4, 3, 2, 1].map((n) => `${tag} ${n}`));
  });
});

describe('changing exams', () => {
  let owner: FixtureUser;
  let other: FixtureUser;
  let admin: FixtureUser;
  let file: UploadedFile;
  beforeAll(async () => {
    owner = await fixtureUser(apiUrl);
    other = await fixtureUser(apiUrl);
    admin = await fixtureUser(apiUrl, { role: 'admin_role' });
    file = await uploadBank(owner, `change-${Date.now()}.xlsx`, 6);
  });

  it('retakes as new versions under the original, visible together in the list', async () => {
    const original = await createExam(owner, {
      title: 'Versioned',
      question_count: 4,
      file_name: file.name,
      is_public: true,
    });
    const v2 = await json(await owner.client.post(`/api/exam/${original.id}/retake/`, {}));
    expect(v2.exam).toMatchObject({
      original_exam: original.id,
      version_number: 2,
      is_original: false,
      is_public: false,
      total_questions: 4,
      title: 'Versioned (v2)',
    });
    const v3 = await json(await other.client.post(`/api/exam/${original.id}/retake/`, {}));
    expect(v3.exam).toMatchObject({ original_exam: original.id, version_number: 3, created_by: { id: other.id } });
    expect((await other.client.post(`/api/exam/${v2.id}/retake/`, {})).status).toBe(404);
    const v4 = await json(await owner.client.post(`/api/exam/${v2.id}/retake/`, {}));
    expect(v4.exam).toMatchObject({ original_exam: original.id, version_number: 4, title: 'Versioned (v4)' });
    const mine = await list(owner.client, '?my_exams=true&search=versioned');
    const root = mine.results.find((e: { id: string }) => e.id === original.id);
    expect(root.versions.map((v: { id: string }) => v.id)).toEqual([v2.id, v4.id]);
    const q1 = await json(await owner.client.get(`/api/exam/${original.id}/`));
    const q2 = await json(await owner.client.get(`/api/exam/${v2.id}/`));
    expect(q2.questions.map((q: { id: string }) => q.id)).toEqual(q1.questions.map((q: { id: string }) => q.id));
  });

  it("builds an exam from the caller's wrong answers in an exam", async () => {
    const exam = await createExam(owner, { title: 'Wrongs', question_count: 6, file_name: file.name });
    const read = await json(await owner.client.get(`/api/exam/${exam.id}/`));
    const [a, b] = read.questions.map((q: { id: string }) => q.id);
    expect((await owner.client.post(`/api/exam/${exam.id}/wrong-questions/`, {})).status).toBe(400);
    await writeStat(owner.id, a, 2, 1);
    await writeStat(owner.id, b, 3, 0);
    const wrong = await json(await owner.client.post(`/api/exam/${exam.id}/wrong-questions/`, { question_count: 5 }));
    const built = await json(await owner.client.get(`/api/exam/${wrong.id}/`));
    expect(built.questions.map((q: { id: string }) => q.id)).toEqual([b, a]);
  });

  it('toggles original: admins only', async () => {
    const exam = await createExam(owner, { title: 'Toggle me', question_count: 0 });
    expect((await owner.client.post(`/api/exam/${exam.id}/toggle-original/`)).status).toBe(403);
    const res = await json(await admin.client.post(`/api/exam/${exam.id}/toggle-original/`));
    expect(res.is_original).toBe(false);
    expect((await json(await owner.client.get(`/api/exam/${exam.id}/?select=is_original`))).is_original).toBe(false);
  });

  it('updates info and tags (owner or admin), moving usage counts', async () => {
    const exam = await createExam(owner, { title: 'Editable', question_count: 0, is_public: true });
    const tagA = await json(
      await owner.client.post('/api/tags/', { name_ko: `태그A${Date.now()}`, name_en: `TagA${Date.now()}` }),
    );
    const tagB = await json(await owner.client.post('/api/tags/', { name: `TagB${Date.now()}` }));
    expect((await other.client.patch(`/api/exam/${exam.id}/update/`, { title: 'Hijacked' })).status).toBe(403);
    const updated = await json(
      await owner.client.patch(`/api/exam/${exam.id}/update/`, {
        title: 'Edited',
        description: 'desc',
        is_public: false,
        voice_mode_enabled: true,
        tags: [tagA.id, tagB.id],
      }),
    );
    expect(updated).toMatchObject({ title: 'Edited', description: 'desc', is_public: false, voice_mode_enabled: true });
    expect(updated.tags.map((t: { id: string }) => t.id)).toEqual([tagA.id, tagB.id]);
    expect((await other.client.get(`/api/exam/${exam.id}/`)).status).toBe(404);
    const tagsOf = (tag: Record<string, any>) => `/api/tags/?search=${encodeURIComponent(tag.name_ko)}`;
    const tags = await json(await owner.client.get(tagsOf(tagA)));
    expect(tags.results.find((t: { id: string }) => t.id === tagA.id).usage_count).toBe(1);
    const byTag = await list(owner.client, `?my_exams=true&tags=${tagA.id}`);
    expect(byTag.results.map((e: { id: string }) => e.id)).toEqual([exam.id]);
    await json(await admin.client.patch(`/api/exam/${exam.id}/update/`, { tags: [tagB.id] }));
    const after = await json(await owner.client.get(tagsOf(tagA)));
    expect(after.results.find((t: { id: string }) => t.id === tagA.id).usage_count).toBe(0);
    expect((await owner.client.patch(`/api/exam/${exam.id}/update/`, { tags: ['nosuchtag'] })).status).toBe(400);
    expect((await owner.client.patch(`/api/exam/${exam.id}/update/`, { version_number: 0 })).status).toBe(400);
    // the old title is free again, the new one is taken
    await createExam(owner, { title: 'Editable', question_count: 0 });
    expect((await owner.client.post('/api/create-exam/', { title: 'edited', question_count: 0 })).status).toBe(409);
  });

  it('deletes: owner or admin; others 403 (public) or 404 (private); subscriptions go too', async () => {
    const exam = await createExam(owner, { title: 'Doomed', question_count: 3, file_name: file.name, is_public: true });
    await other.client.post('/api/exam-subscription/bulk-toggle/', { exam_ids: [exam.id], action: 'subscribe' });
    expect((await other.client.delete(`/api/exam/${exam.id}/`)).status).toBe(403);
    expect((await (await anonymousClient(apiUrl)).delete(`/api/exam/${exam.id}/`)).status).toBe(401);
    expect((await owner.client.delete(`/api/exam/${exam.id}/delete/`)).status).toBe(200);
    expect((await owner.client.get(`/api/exam/${exam.id}/`)).status).toBe(404);
    const subs = await json(await other.client.get('/api/user-exams/subscribed-exams/'));
    expect(subs.exams.map((e: { id: string }) => e.id)).not.toContain(exam.id);
    const priv = await createExam(owner, { title: 'Private doomed', question_count: 0, is_public: false });
    expect((await other.client.delete(`/api/exam/${priv.id}/`)).status).toBe(404);
    expect((await admin.client.delete(`/api/exam/${priv.id}/`)).status).toBe(200);
    // the file's questions are untouched
    const again = await createExam(owner, { title: 'Still there', question_count: 6, file_name: file.name });
    expect(again.question_count).toBe(6);
  });
});

describe('subscriptions', () => {
  it('subscribes and unsubscribes in bulk, lists subscriptions, and refuses unreadable exams', async () => {
    const owner = await fixtureUser(apiUrl);
    const reader = await fixtureUser(apiUrl);
    const a = await createExam(owner, { title: 'Sub A', question_count: 0, is_public: true });
    const b = await createExam(owner, { title: 'Sub B', question_count: 0, is_public: true });
    const hidden = await createExam(owner, { title: 'Sub hidden', question_count: 0, is_public: false });
    const res = await json(
      await reader.client.post('/api/exam-subscription/bulk-toggle/', {
        exam_ids: [a.id, b.id, hidden.id],
        action: 'subscribe',
      }),
    );
    expect(res.changed.sort()).toEqual([a.id, b.id].sort());
    expect(res.not_found).toEqual([hidden.id]);
    const subs = await json(await reader.client.get('/api/user-exams/subscribed-exams/'));
    expect(subs.exams.map((e: { id: string }) => e.id).sort()).toEqual([a.id, b.id].sort());
    expect(subs.exams.every((e: { is_subscribed: boolean }) => e.is_subscribed)).toBe(true);
    const listed = await list(reader.client, '?search=sub a');
    expect(listed.results.find((e: { id: string }) => e.id === a.id).is_subscribed).toBe(true);
    await reader.client.post('/api/exam-subscription/bulk-toggle/', { exam_ids: [a.id], action: 'unsubscribe' });
    const moved = await json(await reader.client.post('/api/user-exams/move-to-my-exams/', { exam_ids: [b.id] }));
    expect(moved.moved).toEqual([b.id]);
    expect((await json(await reader.client.get('/api/user-exams/subscribed-exams/'))).exams).toEqual([]);
    await reader.client.post('/api/user-exams/move-to-subscribed/', { exam_ids: [b.id] });
    expect((await json(await reader.client.get('/api/user-exams/subscribed-exams/'))).count).toBe(1);
    expect(
      (await reader.client.post('/api/exam-subscription/bulk-toggle/', { exam_ids: [], action: 'subscribe' })).status,
    ).toBe(400);
    expect(
      (await reader.client.post('/api/exam-subscription/bulk-toggle/', { exam_ids: [a.id], action: 'flip' })).status,
    ).toBe(400);
  });
});

describe('subscription cap', () => {
  it('refuses a subscription past MAX_SUBSCRIBED_EXAMS with 409 subscription_limit_reached and writes nothing; a repeated one is not counted', async () => {
    const owner = await fixtureUser(apiUrl);
    const reader = await fixtureUser(apiUrl, { language: 'en' });
    const a = await createExam(owner, { title: 'Cap A', question_count: 0, is_public: true });
    const b = await createExam(owner, { title: 'Cap B', question_count: 0, is_public: true });
    // Subscriptions of exams since deleted elsewhere still count until they are removed.
    const now = new Date().toISOString();
    await batchWriteAll(
      Array.from({ length: MAX_SUBSCRIBED_EXAMS - 1 }, (_, i) =>
        putRequest(subscriptionEntity.item(reader.id, `capexam${i}`, now)),
      ),
    );
    const toggle = (examIds: string[], action: 'subscribe' | 'unsubscribe') =>
      reader.client.post('/api/exam-subscription/bulk-toggle/', { exam_ids: examIds, action });

    expect((await toggle([a.id], 'subscribe')).status).toBe(200);
    const refused = await toggle([b.id], 'subscribe');
    expect(refused.status).toBe(409);
    expect(await json(refused)).toEqual({
      code: 'subscription_limit_reached',
      detail: `You can subscribe to up to ${MAX_SUBSCRIBED_EXAMS} exams. Unsubscribe from some, then try again.`,
    });
    expect(await appItem(subscriptionEntity.key(reader.id, b.id))).toBeUndefined();
    expect((await reader.client.post('/api/user-exams/move-to-subscribed/', { exam_ids: [b.id] })).status).toBe(409);
    // Subscribing again to what is subscribed adds nothing, so it passes at the cap.
    expect((await toggle([a.id], 'subscribe')).status).toBe(200);

    expect((await toggle(['capexam0'], 'unsubscribe')).status).toBe(200);
    expect((await toggle([b.id], 'subscribe')).status).toBe(200);
    expect(await appItem(subscriptionEntity.key(reader.id, b.id))).toBeDefined();
  });
});

describe('tags', () => {
  it('creates once per name, lists with usage and localisation, and serves the studies list', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    const name = `Kube${Date.now()}`;
    const first = await user.client.post('/api/tags/', { name_ko: `쿠베${name}`, name_en: name });
    expect(first.status).toBe(201);
    const tag = await json(first);
    expect(tag).toMatchObject({ name_en: name, localized_name: name, usage_count: 0, created: true });
    const again = await user.client.post('/api/tags/', { name: name.toLowerCase() });
    expect(again.status).toBe(200);
    expect((await json(again)).id).toBe(tag.id);
    const found = await json(await user.client.get(`/api/tags/?search=${name.toUpperCase()}`));
    expect(found.results.map((t: { id: string }) => t.id)).toEqual([tag.id]);
    const studies = await json<{ id: string }[]>(await (await anonymousClient(apiUrl)).get('/api/studies/tags/'));
    expect(studies.map((t) => t.id)).toContain(tag.id);
    expect((await user.client.post('/api/tags/', { name: '   ' })).status).toBe(400);
    expect((await (await anonymousClient(apiUrl)).post('/api/tags/', { name: 'x' })).status).toBe(401);
  });
});
