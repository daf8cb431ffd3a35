import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { studyProgressOf } from '#shared/domain/study-progress.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { addMember, createStudy } from '../support/study-fixtures.js';

/**
 * Random practice counts as practice (D299): each answer of a run appears exactly once in the results
 * list (a result per task exam, under the study), the question statistics, the review log, the heatmap
 * and the study's dashboard — and a retried save adds nothing. The study's header, task rows and
 * dashboard then say the same progress (D300).
 */
const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;
const json = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Json;
};

let owner: FixtureUser;
let member: FixtureUser;
let studyId: string;
const examIds: string[] = [];

async function taskExam(count: number) {
  const bank = await uploadBank(owner, `practice-${randomUUID()}.xlsx`, count, false);
  const exam = await createExam(owner, {
    title: `practice exam ${randomUUID()}`,
    question_count: count,
    file_id: bank.id,
    is_public: false,
  });
  await json(
    await owner.client.post('/api/study-tasks/', {
      study: studyId,
      name_ko: `과제 ${count}`,
      exam: exam.id,
      progress: 0,
    }),
  );
  examIds.push(exam.id);
}

const items = (userId: string, prefix: string) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': prefix },
    ConsistentRead: true,
  });

beforeAll(async () => {
  [owner, member] = await Promise.all([fixtureUser(apiUrl), fixtureUser(apiUrl)]);
  studyId = (await createStudy(owner, { is_public: false })).id;
  await taskExam(5);
  await taskExam(4);
  await addMember(studyId, member);
}, 120_000);

describe('random practice counts once (D299)', () => {
  it('writes each answer once to results, statistics, review log, heatmap and the study dashboard', async () => {
    const drawn = (await json(await member.client.get(`/api/random-practice/${studyId}/?count=6`))).questions as Json[];
    expect(drawn).toHaveLength(6);
    // Four answered (three right, one wrong), two left unanswered.
    const answered = drawn.slice(0, 4);
    const answers = answered.map((q, i) => ({
      exam_id: q.exam_id,
      question_id: q.id,
      answer: i < 3 ? q.answer : 'not the answer',
      learner_verdict: i < 3 ? ('correct' as const) : ('wrong' as const),
    }));
    const body = {
      study_id: studyId,
      correct_count: 3,
      total_questions: 6,
      elapsed_seconds: 80,
      submission_id: randomUUID(),
      answers,
    };
    const saved = await json(await member.client.post('/api/save-random-practice-result/', body));
    expect(saved).toMatchObject({ success: true, counted: 4, correct_count: 3, accuracy: 50 });
    // A retry of the same save (a lost answer, a second click) changes nothing.
    const retried = await json(await member.client.post('/api/save-random-practice-result/', body));
    expect(retried.result_ids.sort()).toEqual(saved.result_ids.sort());

    const perExam = new Map<string, number>();
    for (const a of answers) perExam.set(a.exam_id, (perExam.get(a.exam_id) ?? 0) + 1);

    // Results list: one result per exam answered, named by the study, holding that exam's answers.
    const results = (await json(await member.client.get('/api/exam-results/'))).results as Json[];
    expect(results).toHaveLength(perExam.size);
    for (const result of results) {
      expect(result.exam.study).toMatchObject({ id: studyId });
      expect(result.answered_count).toBe(perExam.get(result.exam.id));
    }

    // Question statistics: one attempt on each answered question, nothing on the others.
    const stats = await items(member.id, 'QSTAT#');
    expect(stats.map((s) => s.question_id).sort()).toEqual(answered.map((q) => q.id).sort());
    for (const stat of stats) expect(stat.total_attempts).toBe(1);
    // Memory state: an exam answer's (a first answer starts the card's learning steps).
    for (const stat of stats) expect((stat.fsrs as Json | undefined)?.state).toMatch(/learning|review/);

    // Review log and heatmap: one entry per answer.
    const logged = (await items(member.id, 'REVLOG#')).flatMap((log) => (log.reviews as [string][]).map((r) => r[0]));
    expect(logged.sort()).toEqual(answered.map((q) => q.id).sort());
    const activity = await json(await member.client.get('/api/review-activity/'));
    expect(activity.total_reviews).toBe(4);

    // The study's dashboard: four answered, three correct, split by task as the answers were.
    const dashboard = await json(await member.client.get(`/api/study-time-statistics/${studyId}/?days=7`));
    expect(dashboard.summary).toMatchObject({ answered_count: 4, correct_count: 3 });
    const byTask = dashboard.task_study_times as Json[];
    expect(byTask.reduce((sum, t) => sum + t.answered_count, 0)).toBe(4);
    for (const task of byTask) expect(task.answered_count).toBe(perExam.get(task.exam_id) ?? 0);

    // The run's record, once per save.
    expect(await items(member.id, 'PRACTICE#')).toHaveLength(2);

    // One progress (D300): the header (study detail), the task rows and the dashboard agree.
    const detail = await json(await member.client.get(`/api/studies/${studyId}/`));
    const header = studyProgressOf(
      (detail.tasks as Json[]).map((t) => ({ questions: t.exam?.questions ?? 0, correctProgress: t.correct_progress })),
    );
    const rows = studyProgressOf(
      (dashboard.task_progress as Json[]).map((t) => ({
        questions: t.total_questions,
        correctProgress: t.correct_progress,
      })),
    );
    expect(header).toEqual({ correct: 3, total: 9, percent: 33.33 });
    expect(rows).toEqual(header);
    expect(dashboard.overall.correct_progress).toBe(header.percent);
  });

  it('refuses an answer from an exam that is not a task of the study', async () => {
    const other = await uploadBank(owner, `other-${randomUUID()}.xlsx`, 2, false);
    const res = await member.client.post('/api/save-random-practice-result/', {
      study_id: studyId,
      correct_count: 0,
      total_questions: 1,
      elapsed_seconds: 1,
      answers: [{ exam_id: other.id, question_id: 'q', answer: 'x' }],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Json).code).toBe('random_practice_unknown_exam');
  });
});

describe('a cloze card in random practice', () => {
  it('is drawn with its gap, never its answer, and carries its note for grading and the whole sentence', async () => {
    const note = 'The {{c1::kubelet}} runs on every {{c2::node::machine}}';
    const exam = await createExam(owner, { title: `cloze ${randomUUID()}`, question_count: 0, is_public: false });
    await json(
      await owner.client.post(`/api/exam/${exam.id}/add-question/`, {
        title: 'cloze',
        content: note,
        answer: '',
        cloze: 2,
      }),
    );
    await json(
      await owner.client.post('/api/study-tasks/', { study: studyId, name_ko: '빈칸', exam: exam.id, progress: 0 }),
    );
    const drawn = (await json(await member.client.get(`/api/random-practice/${studyId}/?count=20`)))
      .questions as Json[];
    expect(drawn.map((q) => q.title)).toContain('cloze');
    const card = drawn.find((q) => q.cloze !== undefined)!;
    expect(card).toMatchObject({
      content: 'The kubelet runs on every [machine]',
      answer: 'node',
      cloze: 2,
      cloze_note: note,
    });
  });
});
