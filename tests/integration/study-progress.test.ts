import { randomUUID } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { batchGetAll } from '../../functions/runtime/data/batch-ops.js';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { studyDayEntity } from '../../functions/domains/studies/entities/study-day.js';
import { studyMembershipEntity } from '../../functions/domains/studies/entities/study-membership.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import type { SignedInContext } from '../../functions/runtime/http/types.js';
import { createLogger } from '../../functions/runtime/log.js';
import * as progress from '../../functions/domains/studies/progress.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { anonymousClient, fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import type { TestClient } from '../support/http-client.js';
import { addMember, createStudy } from '../support/study-fixtures.js';

const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Exam = { id: string; questions: { id: string; answer: string }[] };

let owner: FixtureUser;
let member: FixtureUser;
let outsider: FixtureUser;
let admin: FixtureUser;
let anonymous: TestClient;
let privateExam: Exam;
let publicExam: Exam;
let studyId: string;
let privateTaskId: string;
let publicTaskId: string;

const json = async (res: Response) => (await res.json()) as any;

async function examOf(user: FixtureUser, isPublic: boolean, count: number): Promise<Exam> {
  const bank = await uploadBank(user, `progress-${randomUUID()}.xlsx`, count, isPublic);
  const created = await createExam(user, {
    title: `progress exam ${randomUUID()}`,
    question_count: count,
    file_id: bank.id,
    is_public: isPublic,
  });
  const exam = await json(await user.client.get(`/api/exam/${created.id}/`));
  return {
    id: created.id,
    questions: (exam.questions as { id: string; answer?: string }[]).map((q) => ({
      id: String(q.id),
      answer: q.answer ?? '',
    })),
  };
}

async function addTask(examId: string, name: string): Promise<string> {
  const res = await owner.client.post('/api/study-tasks/', {
    study: studyId,
    name_ko: name,
    exam: examId,
    progress: 0,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).id;
}

/** Every STUDYDAY item of the user, read strongly consistent. */
async function daysOf(userId: string) {
  return (
    await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':p': 'STUDYDAY#' },
      ConsistentRead: true,
    })
  ).map(studyDayEntity.parse);
}

beforeAll(async () => {
  [owner, member, outsider, admin] = await Promise.all([
    fixtureUser(apiUrl),
    fixtureUser(apiUrl),
    fixtureUser(apiUrl),
    fixtureUser(apiUrl, { role: 'admin_role' }),
  ]);
  anonymous = await anonymousClient(apiUrl);
  [privateExam, publicExam] = await Promise.all([examOf(owner, false, 4), examOf(owner, true, 3)]);
  studyId = (await createStudy(owner, { is_public: false })).id;
  privateTaskId = await addTask(privateExam.id, '비공개 과제');
  publicTaskId = await addTask(publicExam.id, '공개 과제');
  await addMember(studyId, member);
}, 120_000);

describe('study time on submit (S24)', () => {
  it('counts a member’s submit of a task exam once, also when the submit is retried; continue adds its own time', async () => {
    const body = {
      exam_id: privateExam.id,
      submission_id: randomUUID(),
      elapsed_seconds: 125,
      answers: privateExam.questions.slice(0, 2).map((q) => ({ question_id: q.id, answer: q.answer })),
    };
    const first = await json(await member.client.post('/api/submit-exam/', body));
    expect(first.replayed).toBe(false);
    const retry = await json(await member.client.post('/api/submit-exam/', { ...body, elapsed_seconds: 130 }));
    expect(retry.replayed).toBe(true);

    let stats = await json(await member.client.get(`/api/study-time-statistics/${studyId}/?days=7`));
    expect(stats.total_study_time_minutes).toBe(2);
    expect(stats.task_study_times.find((t: any) => t.task_id === privateTaskId)).toMatchObject({
      study_time_seconds: 125,
      study_time_minutes: 2,
      has_exam: true,
    });
    expect(stats.task_study_times.find((t: any) => t.task_id === publicTaskId).study_time_seconds).toBe(0);
    expect(stats.summary).toEqual({
      total_tasks: 2,
      active_tasks: 1,
      inactive_tasks: 1,
      has_study_time: true,
      answered_count: 2,
      correct_count: 2,
      total_study_time_seconds: 125,
    });
    expect(stats.task_study_times.find((t: any) => t.task_id === privateTaskId)).toMatchObject({
      answered_count: 2,
      correct_count: 2,
    });

    const cont = await member.client.post(`/api/exam/${privateExam.id}/continue/`, {
      previous_result_id: first.result_id,
      elapsed_seconds: 60,
      answers: [{ question_id: privateExam.questions[2]!.id, answer: 'wrong' }],
    });
    expect(cont.status, await cont.clone().text()).toBe(200);
    stats = await json(await member.client.get(`/api/study-time-statistics/${studyId}/`));
    expect(stats.task_study_times.find((t: any) => t.task_id === privateTaskId).study_time_seconds).toBe(185);
    expect(stats.total_study_time_minutes).toBe(3);
    const today = new Date().toISOString().slice(0, 10);
    expect(stats.daily_study_times.at(-1)).toEqual({
      date: today,
      study_time_minutes: 3,
      study_time_seconds: 185,
      answered_count: 3,
      correct_count: 2,
    });
    // The summary is the sum of the days, and the task's row says the same.
    expect(stats.summary).toMatchObject({ answered_count: 3, correct_count: 2, total_study_time_seconds: 185 });
    expect(stats.task_study_times.find((t: any) => t.task_id === privateTaskId)).toMatchObject({
      answered_count: 3,
      correct_count: 2,
    });
    // Task progress from the member's results: 2 of 4 questions correct, 3 attempted, 2 of 3 answers correct.
    expect(stats.task_progress.find((t: any) => t.task_id === privateTaskId)).toMatchObject({
      total_questions: 4,
      correct_progress: 50,
      attempted_progress: 75,
      total_attempts: 3,
      correct_attempts: 2,
      accuracy_percentage: 66.7,
    });
    // The study detail shows the same figures as the caller's own on each task; another member sees their own (none).
    const detail = await json(await member.client.get(`/api/studies/${studyId}/`));
    expect(detail.tasks.find((t: any) => t.id === privateTaskId)).toMatchObject({
      correct_progress: 50,
      attempted_progress: 75,
      total_attempts: 3,
      user_progress: 50,
    });
    expect(detail.tasks.find((t: any) => t.id === publicTaskId).correct_progress).toBeNull();
    const ownerView = await json(await owner.client.get(`/api/studies/${studyId}/`));
    expect(ownerView.tasks.find((t: any) => t.id === privateTaskId).correct_progress).toBeNull();
  });

  it('adds nothing for a non-member’s submit of a task exam', async () => {
    const res = await outsider.client.post('/api/submit-exam/', {
      exam_id: publicExam.id,
      submission_id: randomUUID(),
      elapsed_seconds: 300,
      answers: [{ question_id: publicExam.questions[0]!.id, answer: 'x' }],
    });
    expect(res.status).toBe(200);
    expect(await daysOf(outsider.id)).toEqual([]);
    const memberDays = await daysOf(member.id);
    expect(memberDays.every((d) => !d.task_seconds[publicTaskId])).toBe(true);
  });
});

describe('record-study-progress (S23)', () => {
  it('records a member’s access and progress and refuses others with the original client’s codes', async () => {
    const res = await member.client.post('/api/record-study-progress/', {
      study_id: studyId,
      page_type: 'detail',
      client_time: new Date().toISOString(),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = await json(res);
    expect(answer.recorded).toEqual([
      { study_id: studyId, overall_progress: expect.any(Number), attempted_progress: expect.any(Number) },
    ]);
    // 2 correct of the study's 7 questions (4 + 3).
    expect(answer.recorded[0].overall_progress).toBeCloseTo((2 / 7) * 100, 2);
    await member.client.post('/api/record-study-progress/', { study_id: studyId, page_type: 'dashboard' });
    const [membership] = await batchGetAll([studyMembershipEntity.key(member.id, studyId)], { consistent: true });
    expect(studyMembershipEntity.parse(membership!)).toMatchObject({
      overall_progress: answer.recorded[0].overall_progress,
      last_progress_recorded_at: expect.any(String),
    });
    const today = (await daysOf(member.id)).find(
      (d) => d.study_id === studyId && d.date === new Date().toISOString().slice(0, 10),
    )!;
    expect(today.access_count).toBe(2);
    expect(today.highest_progress).toBeCloseTo(28.57, 2);

    expect((await outsider.client.post('/api/record-study-progress/', { study_id: studyId })).status).toBe(404); // private: not revealed
    expect((await admin.client.post('/api/record-study-progress/', { study_id: studyId })).status).toBe(403);
    expect((await json(await admin.client.post('/api/record-study-progress/', { study_id: studyId }))).code).toBe(
      'study_progress_not_member',
    );
    expect((await member.client.post('/api/record-study-progress/', { study_id: 'nosuchstudy000000000' })).status).toBe(
      404,
    );
    expect((await anonymous.post('/api/record-study-progress/', { study_id: studyId })).status).toBe(401);
    expect((await member.client.post('/api/record-study-progress/', {})).status).toBe(400);
  });

  it('list form records the caller’s studies among the ids and skips the rest', async () => {
    const publicStudy = (await createStudy(outsider, { is_public: true })).id;
    const answer = await json(
      await member.client.post('/api/record-study-progress/', {
        study_ids: [studyId, publicStudy, 'nosuchstudy000000000'],
        page_type: 'list',
      }),
    );
    expect(answer.recorded.map((r: any) => r.study_id)).toEqual([studyId]);
    expect(answer.skipped).toEqual([publicStudy, 'nosuchstudy000000000']);
  });
});

describe('progress history and statistics over periods (S25)', () => {
  const day = (offset: number) => {
    const d = new Date();
    d.setUTCDate(d.getUTCDate() - offset);
    return d.toISOString().slice(0, 10);
  };
  let learner: FixtureUser;
  let seeded: string;
  const offsets = [0, 3, 20, 100, 400];

  beforeAll(async () => {
    learner = await fixtureUser(apiUrl);
    seeded = (await createStudy(learner, { is_public: true })).id;
    for (const offset of offsets) {
      await dynamoDocument().send(
        new PutCommand({
          TableName: config.appTable,
          Item: {
            ...studyDayEntity.key(learner.id, seeded, day(offset)),
            type: studyDayEntity.type,
            study_id: seeded,
            date: day(offset),
            access_count: offset + 1,
            highest_progress: 50 - offset / 10,
            attempted_progress: 60 - offset / 10,
            last_recorded_at: `${day(offset)}T10:00:00.000Z`,
            study_seconds: 600,
          },
        }),
      );
    }
  });

  it.each([
    [1, [0], 1],
    [7, [0, 3], 7],
    [30, [0, 3, 20], 30],
    [365, [0, 3, 20, 100], 365],
    [null, [0, 3, 20, 100, 400], 401],
  ])('days=%s', async (days, included, length) => {
    const query = days ? `?days=${days}` : '';
    const history = await json(await learner.client.get(`/api/study-progress-history/${seeded}/${query}`));
    expect(history.summary_table.map((r: any) => r.date)).toEqual(included.map(day));
    expect(history.summary_table[0]).toMatchObject({ access_count: 1, highest_progress: 50 });
    expect(history.time_series_data).toHaveLength(length);
    expect(history.time_series_data.at(-1)).toMatchObject({
      date: day(0),
      correct_progress: 50,
      attempted_progress: 60,
    });
    // A day without activity is in the series with nulls.
    if (length > 1)
      expect(history.time_series_data.at(-2)).toEqual({
        date: day(1),
        time: null,
        attempted_progress: null,
        correct_progress: null,
      });

    const stats = await json(await learner.client.get(`/api/study-time-statistics/${seeded}/${query}`));
    expect(stats.total_study_time_minutes).toBe(10 * included.length);
    expect(stats.daily_study_times).toHaveLength(length);
    expect(stats.daily_study_times.filter((d: any) => d.study_time_minutes > 0)).toHaveLength(included.length);
    expect(stats.summary).toEqual({
      total_tasks: 0,
      active_tasks: 0,
      inactive_tasks: 0,
      has_study_time: true,
      answered_count: 0,
      correct_count: 0,
      total_study_time_seconds: 600 * included.length,
    });
  });

  it('refuses bad periods, others’ private studies, and anonymous callers', async () => {
    expect((await learner.client.get(`/api/study-progress-history/${seeded}/?days=5`)).status).toBe(400);
    expect((await outsider.client.get(`/api/study-time-statistics/${studyId}/`)).status).toBe(404);
    expect((await anonymous.get(`/api/study-progress-history/${seeded}/`)).status).toBe(401);
    // Someone else's view of the same study is their own (empty) data.
    const others = await json(await outsider.client.get(`/api/study-progress-history/${seeded}/?days=7`));
    expect(others.summary_table).toEqual([]);
  });

  it('reads a period in a constant number of DynamoDB requests, whatever the number of days', async () => {
    const calls = countDynamoCalls();
    const ctx: SignedInContext = {
      requestId: 'budget',
      language: 'ko',
      cookies: {},
      caller: {
        sessionKey: 'budget',
        user: {
          id: learner.id,
          username: learner.username,
          role: learner.role,
          is_superuser: false,
          is_staff: false,
          language: 'ko',
        },
      },
      sourceIp: '127.0.0.1',
      userAgent: 'vitest',
      log: createLogger({ test: 'study-progress-budget' }),
    };
    const counts: number[] = [];
    for (const days of [1, 365, undefined]) {
      calls.reset();
      await progress.studyProgressHistory({ params: { studyId: seeded }, query: { days }, body: {} } as never, ctx);
      const history = calls.count();
      calls.reset();
      await progress.studyTimeStatistics({ params: { studyId: seeded }, query: { days }, body: {} } as never, ctx);
      counts.push(history, calls.count());
    }
    // history: study access + one Query; statistics: access + Query of days + Query of tasks (+ BatchGet of summaries when tasks link exams).
    expect(counts).toEqual([2, 3, 2, 3, 2, 3]);
  });
});

describe('random practice (S26, L21)', () => {
  it('lets a member draw questions of a private task exam, capped at the study’s total, and save the run', async () => {
    const total = await json(await member.client.get(`/api/random-practice/${studyId}/`));
    expect(total).toMatchObject({ total_questions: 7, task_count: 2, questions: [] });
    const drawn = await json(await member.client.get(`/api/random-practice/${studyId}/?count=50`));
    expect(drawn.questions).toHaveLength(7);
    expect(new Set(drawn.questions.map((q: any) => q.id)).size).toBe(7);
    const fromPrivate = drawn.questions.filter((q: any) => q.exam_id === privateExam.id);
    expect(fromPrivate).toHaveLength(4);
    expect(fromPrivate.map((q: any) => q.answer).sort()).toEqual(privateExam.questions.map((q) => q.answer).sort());
    const three = await json(await member.client.get(`/api/random-practice/${studyId}/?count=3`));
    expect(three.questions).toHaveLength(3);

    const saved = await member.client.post('/api/save-random-practice-result/', {
      study_id: studyId,
      correct_count: 2,
      total_questions: 3,
      elapsed_seconds: 42,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await json(saved)).toMatchObject({ success: true, accuracy: 66.7 });
    const stored = await queryAll({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': userPk(member.id), ':p': 'PRACTICE#' },
      ConsistentRead: true,
    });
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ study_id: studyId, correct_count: 2, total_questions: 3, elapsed_seconds: 42 });
    // Site admins practise in any study.
    expect((await json(await admin.client.get(`/api/random-practice/${studyId}/?count=2`))).questions).toHaveLength(2);
  });

  it('refuses outsiders, inactive members and bad counts', async () => {
    expect((await outsider.client.get(`/api/random-practice/${studyId}/?count=5`)).status).toBe(404);
    expect(
      (
        await outsider.client.post('/api/save-random-practice-result/', {
          study_id: studyId,
          correct_count: 1,
          total_questions: 1,
          elapsed_seconds: 1,
        })
      ).status,
    ).toBe(404);
    const publicStudy = (await createStudy(owner, { is_public: true })).id;
    const refused = await outsider.client.get(`/api/random-practice/${publicStudy}/?count=5`);
    expect(refused.status).toBe(403);
    expect((await json(refused)).code).toBe('random_practice_not_member');
    expect(
      (
        await outsider.client.post('/api/save-random-practice-result/', {
          study_id: publicStudy,
          correct_count: 1,
          total_questions: 1,
          elapsed_seconds: 1,
        })
      ).status,
    ).toBe(403);
    const inactive = await fixtureUser(apiUrl);
    await addMember(studyId, inactive, 'member', false);
    expect((await inactive.client.get(`/api/random-practice/${studyId}/?count=5`)).status).toBe(403);
    expect((await anonymous.get(`/api/random-practice/${studyId}/`)).status).toBe(401);

    const save = (body: Record<string, unknown>) =>
      member.client.post('/api/save-random-practice-result/', {
        study_id: studyId,
        correct_count: 1,
        total_questions: 2,
        elapsed_seconds: 5,
        ...body,
      });
    expect((await save({ correct_count: 3 })).status).toBe(400);
    expect((await save({ correct_count: -1 })).status).toBe(400);
    expect((await save({ total_questions: 0, correct_count: 0 })).status).toBe(400);
    expect((await save({ elapsed_seconds: -1 })).status).toBe(400);
    expect((await member.client.get(`/api/random-practice/${studyId}/?count=-1`)).status).toBe(400);
    expect((await member.client.get(`/api/random-practice/${studyId}/?count=abc`)).status).toBe(400);
  });
});
