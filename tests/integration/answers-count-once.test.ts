import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { queryAll } from '../../functions/runtime/data/paginate.js';
import { userPk } from '../../functions/runtime/data/key-parts.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { examQuestions, publicSourceExam, subscribe } from '../support/learner-queue-fixtures.js';
import { addMember, createStudy } from '../support/study-fixtures.js';

/**
 * An answer is recorded once and counts where docs/product.md says, whatever the way in: an exam
 * from the exam list (sitting saved, then submitted and ended), the same exam as a study task, the
 * daily exam, random practice and a Review-screen grade. Each learner is fresh, so every count read
 * back is that entry point's alone; each retry (same submission or grade id) changes nothing.
 */
const apiUrl = inject('apiUrl');
Object.assign(process.env, inject('cloudEnv'));

type Json = Record<string, any>;
type Question = { id: string; answer: string };
const json = async (res: Response) => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Json;
};

const items = (userId: string, prefix: string) =>
  queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':p': prefix },
    ConsistentRead: true,
  });

/** Everything an answer may count in, read back through the API and the table. */
async function countsOf(user: FixtureUser) {
  const results = (await json(await user.client.get('/api/exam-results/'))).results as Json[];
  const stats = await items(user.id, 'QSTAT#');
  const logged = (await items(user.id, 'REVLOG#')).flatMap((log) => (log.reviews as [string][]).map((r) => r[0]));
  const activity = await json(await user.client.get('/api/review-activity/'));
  return {
    results: results.map((r) => ({
      exam: r.exam.id as string,
      study: r.exam.study?.id ?? null,
      answered: r.answered_count,
      correct: r.correct_count,
    })),
    attempts: Object.fromEntries(stats.map((s) => [s.question_id as string, s.total_attempts as number])),
    cards: stats.every((s) => /learning|review|relearning/.test(String((s.fsrs as Json | undefined)?.state))),
    logged: logged.sort(),
    reviews: activity.total_reviews as number,
  };
}

/** Three answers, the last one wrong. */
const threeAnswers = (questions: Question[]) =>
  questions.slice(0, 3).map((q, i) => ({ question_id: q.id, answer: i < 2 ? q.answer : 'not the answer' }));

const once = (questions: Question[]) => Object.fromEntries(questions.slice(0, 3).map((q) => [q.id, 1]));
const ids = (questions: Question[]) =>
  questions
    .slice(0, 3)
    .map((q) => q.id)
    .sort();

async function ownExam(owner: FixtureUser, count: number, isPublic = false) {
  const bank = await uploadBank(owner, `count-once-${randomUUID()}.xlsx`, count, false);
  const exam = await createExam(owner, {
    title: `count once ${randomUUID()}`,
    question_count: count,
    file_id: bank.id,
    is_public: isPublic,
  });
  return { id: exam.id as string, questions: (await examQuestions(owner, exam.id)) as Question[] };
}

let source: { id: string; questions: Question[] };

beforeAll(async () => {
  const made = await publicSourceExam('count-once', 8);
  source = { id: made.exam.id, questions: made.questions as Question[] };
}, 120_000);

describe('an answer counts once, whatever the way in', () => {
  it('an exam from the exam list: a saved sitting, then submit and end — one result, once everywhere', async () => {
    const user = await fixtureUser(apiUrl);
    const answers = threeAnswers(source.questions);
    const state = {
      question_order: source.questions.map((q) => q.id),
      current_index: 3,
      answers: Object.fromEntries(answers.map((a) => [a.question_id, a.answer])),
      answered: answers.map((a) => a.question_id),
      overrules: {},
      elapsed_seconds: 40,
      question_times: {},
      previous_result_id: null,
      saved: [],
    };
    await json(
      await user.client.request('PUT', `/api/exam/${source.id}/sitting/`, { json: { expected_version: 0, state } }),
    );
    // A saved sitting is progress, not a result: nothing counted yet.
    expect((await countsOf(user)).results).toEqual([]);
    const body = { exam_id: source.id, elapsed_seconds: 40, submission_id: randomUUID(), answers };
    const first = await json(await user.client.post('/api/submit-exam/', body));
    expect(first).toMatchObject({ replayed: false, result: { answered_count: 3, correct_count: 2 } });
    await json(await user.client.request('DELETE', `/api/exam/${source.id}/sitting/`));

    const expected = {
      results: [{ exam: source.id, study: null, answered: 3, correct: 2 }],
      attempts: once(source.questions),
      cards: true,
      logged: ids(source.questions),
      reviews: 3,
    };
    expect(await countsOf(user)).toEqual(expected);

    // A retried submit, and a "start over" after the end, add nothing.
    expect(await json(await user.client.post('/api/submit-exam/', body))).toMatchObject({ replayed: true });
    expect(await json(await user.client.post(`/api/exam/${source.id}/sitting/close/`))).toMatchObject({ counted: 0 });
    expect(await countsOf(user)).toEqual(expected);
  });

  it('the same exam as a study task: the submit carries the study; counted once, also in the study', async () => {
    const [owner, member] = await Promise.all([fixtureUser(apiUrl), fixtureUser(apiUrl)]);
    const exam = await ownExam(owner, 4);
    const studyId = (await createStudy(owner, { is_public: false })).id;
    await json(
      await owner.client.post('/api/study-tasks/', { study: studyId, name_ko: '과제', exam: exam.id, progress: 0 }),
    );
    await addMember(studyId, member);

    const body = {
      exam_id: exam.id,
      study_id: studyId,
      elapsed_seconds: 60,
      submission_id: randomUUID(),
      answers: threeAnswers(exam.questions),
    };
    expect(await json(await member.client.post('/api/submit-exam/', body))).toMatchObject({ replayed: false });
    const dashboard = () => member.client.get(`/api/study-time-statistics/${studyId}/?days=7`).then(json);

    const expected = {
      results: [{ exam: exam.id, study: studyId, answered: 3, correct: 2 }],
      attempts: once(exam.questions),
      cards: true,
      logged: ids(exam.questions),
      reviews: 3,
    };
    expect(await countsOf(member)).toEqual(expected);
    const before = await dashboard();
    expect(before.summary).toMatchObject({ answered_count: 3, correct_count: 2, total_study_time_seconds: 60 });

    expect(await json(await member.client.post('/api/submit-exam/', body))).toMatchObject({ replayed: true });
    expect(await countsOf(member)).toEqual(expected);
    expect((await dashboard()).summary).toEqual(before.summary);
  });

  it('the daily exam: its answers count once, on the source questions', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [source.id]);
    const daily = (await json(await user.client.post('/api/daily-exam/'))).exam as Json;
    const questions = (await examQuestions(user, daily.id)) as Question[];
    expect(questions.length).toBeGreaterThanOrEqual(3);
    const body = {
      exam_id: daily.id,
      elapsed_seconds: 30,
      submission_id: randomUUID(),
      answers: threeAnswers(questions),
    };
    expect(await json(await user.client.post('/api/submit-exam/', body))).toMatchObject({ replayed: false });

    const expected = {
      results: [{ exam: daily.id, study: null, answered: 3, correct: 2 }],
      attempts: once(questions),
      cards: true,
      logged: ids(questions),
      reviews: 3,
    };
    expect(await countsOf(user)).toEqual(expected);
    // The daily exam's questions are the source's: the cards are the source questions' cards.
    for (const q of questions.slice(0, 3)) expect(source.questions.some((s) => s.id === q.id)).toBe(true);

    expect(await json(await user.client.post('/api/submit-exam/', body))).toMatchObject({ replayed: true });
    expect(await countsOf(user)).toEqual(expected);
  });

  it('random practice: once per answer, as exam answers under the study', async () => {
    const [owner, member] = await Promise.all([fixtureUser(apiUrl), fixtureUser(apiUrl)]);
    const exam = await ownExam(owner, 4);
    const studyId = (await createStudy(owner, { is_public: false })).id;
    await json(
      await owner.client.post('/api/study-tasks/', { study: studyId, name_ko: '과제', exam: exam.id, progress: 0 }),
    );
    await addMember(studyId, member);

    const drawn = (await json(await member.client.get(`/api/random-practice/${studyId}/?count=4`))).questions as Json[];
    const answers = drawn.slice(0, 3).map((q, i) => ({
      exam_id: q.exam_id,
      question_id: q.id,
      answer: i < 2 ? q.answer : 'not the answer',
      learner_verdict: i < 2 ? ('correct' as const) : ('wrong' as const),
    }));
    const body = {
      study_id: studyId,
      correct_count: 2,
      total_questions: 4,
      elapsed_seconds: 50,
      submission_id: randomUUID(),
      answers,
    };
    const saved = await json(await member.client.post('/api/save-random-practice-result/', body));
    expect(saved).toMatchObject({ counted: 3, correct_count: 2 });

    const drawnQuestions = drawn as Question[];
    const expected = {
      results: [{ exam: exam.id, study: studyId, answered: 3, correct: 2 }],
      attempts: once(drawnQuestions),
      cards: true,
      logged: ids(drawnQuestions),
      reviews: 3,
    };
    expect(await countsOf(member)).toEqual(expected);
    const dashboard = () => member.client.get(`/api/study-time-statistics/${studyId}/?days=7`).then(json);
    const before = await dashboard();
    expect(before.summary).toMatchObject({ answered_count: 3, correct_count: 2 });

    const retried = await json(await member.client.post('/api/save-random-practice-result/', body));
    expect(retried.result_ids.sort()).toEqual(saved.result_ids.sort());
    expect(await countsOf(member)).toEqual(expected);
    expect((await dashboard()).summary).toEqual(before.summary);
  });

  it('a Review-screen grade: a review in the log and the memory state, not an exam result', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [source.id]);
    const graded = source.questions.slice(0, 3);
    const grades = graded.map((q, i) => ({
      grade_id: `grade-${randomUUID()}`,
      question_id: q.id,
      exam_id: source.id,
      rating: i < 2 ? 3 : 1,
    }));
    for (const grade of grades) {
      expect(await json(await user.client.post('/api/review-grade/', grade))).toMatchObject({ replayed: false });
    }
    const after = await countsOf(user);
    expect(after.results).toEqual([]);
    expect(after.logged).toEqual(ids(graded));
    expect(after.reviews).toBe(3);
    expect(after.attempts).toEqual(once(graded));
    expect(after.cards).toBe(true);
    const stats = await items(user.id, 'QSTAT#');

    for (const grade of grades) {
      expect(await json(await user.client.post('/api/review-grade/', grade))).toMatchObject({ replayed: true });
    }
    expect(await countsOf(user)).toEqual(after);
    expect(await items(user.id, 'QSTAT#')).toEqual(stats);
  });
  it('an exam made from favorites: its answers count once', async () => {
    const user = await fixtureUser(apiUrl);
    const favorites = source.questions.slice(0, 4);
    for (const q of favorites) {
      await json(await user.client.post('/api/add-question-to-favorite/', { question_id: q.id, exam_id: source.id }));
    }
    // As the favorites screen's Start does: a private copy of those questions.
    const created = await json(
      await user.client.post('/api/create-exam/', {
        title: `favorites ${randomUUID()}`,
        questions: favorites.map((q) => q.id),
        exam_id: null,
        selection_mode: 'manual',
        creation_type: 'copy',
        question_count: favorites.length,
        random_option: 'random',
        is_original: false,
        is_public: false,
      }),
    );
    const examId = (created.id ?? created.exam?.id) as string;
    const questions = (await examQuestions(user, examId)) as Question[];
    expect(questions).toHaveLength(4);
    const body = {
      exam_id: examId,
      elapsed_seconds: 20,
      submission_id: randomUUID(),
      answers: threeAnswers(questions),
    };
    expect(await json(await user.client.post('/api/submit-exam/', body))).toMatchObject({ replayed: false });

    const expected = {
      results: [{ exam: examId, study: null, answered: 3, correct: 2 }],
      attempts: once(questions),
      cards: true,
      logged: ids(questions),
      reviews: 3,
    };
    expect(await countsOf(user)).toEqual(expected);
    expect(await json(await user.client.post('/api/submit-exam/', body))).toMatchObject({ replayed: true });
    expect(await countsOf(user)).toEqual(expected);
  });
});
