import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dynamoDocument } from '../../functions/runtime/aws/clients.js';
import { config } from '../../functions/runtime/config.js';
import { userEntity } from '../../functions/domains/users/entities/user.js';
import { getUser } from '../../functions/domains/users/user-store.js';
import { deliverDailyQuiz } from '../../functions/domains/mail/daily-quiz-delivery.js';
import { useCloudEnv } from '../support/accounts.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { countDynamoCalls } from '../support/exam-store.js';
import { writeDueCard } from '../support/due-cards.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';
import { setUserFields, storedStat } from '../support/learner-records.js';
import { examQuestions, publicSourceExam, subscribe } from '../support/learner-queue-fixtures.js';
import { okJson } from '../support/responses.js';
import { createStudy } from '../support/study-fixtures.js';
import { addStudyMember } from '../support/study-member-fixtures.js';
import { dailyExamFor } from '../../functions/domains/exams/daily-exam.js';
import { activeStudyExams, STUDIES_READ } from '../../functions/domains/studies/study-task-exams.js';

/**
 * One queue everywhere (D184–D188): the daily exam and its mail draw the Review screen's queue, with
 * its limits; cards an exam answer leaves in learning steps come back as learning cards.
 */
const apiUrl = inject('apiUrl');
useCloudEnv();

let author: FixtureUser;
let exam: { id: string };
let questions: { id: string }[];

const queue = (user: FixtureUser) => user.client.get('/api/review-queue/').then(okJson);
const dailyExam = (user: FixtureUser) => user.client.post('/api/daily-exam/').then(okJson);
const examQuestionIds = async (user: FixtureUser, examId: string): Promise<string[]> =>
  (await examQuestions(user, examId)).map((q) => q.id);

/** `n` review cards due 1…n days ago (the oldest is the least recallable). */
async function dueCards(userId: string, ids: string[]) {
  for (const [i, id] of ids.entries()) await writeDueCard(userId, id, new Date(Date.now() - (i + 1) * 86_400_000));
}

beforeAll(async () => {
  ({ author, exam, questions } = await publicSourceExam('one-queue', 40));
});

describe('one queue', () => {
  it('the daily exam is the first cards of the Review screen for the same learner and day', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [exam.id]);
    await setUserFields(user.id, { random_exam_question_count: 10, new_cards_per_day: 20 });
    await dueCards(user.id, [questions[20]!.id, questions[25]!.id, questions[33]!.id]);
    const page = await queue(user);
    expect(page.counts).toMatchObject({ due: 3, new: 20 });
    const daily = await dailyExam(user);
    expect(daily.success).not.toBe(false);
    const ids = await examQuestionIds(user, daily.exam.id);
    expect(ids).toEqual(page.cards.slice(0, 10).map((c: any) => c.question_id));
    // Due cards first, the third and fifth places new cards (two in five, D314, D415).
    expect(page.cards.slice(0, 4).map((c: any) => c.kind)).toEqual(['due', 'due', 'new', 'due']);
  });

  it('respects the new-card and review limits, then fills from answered questions, lowest recall first', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [exam.id]);
    await setUserFields(user.id, { random_exam_question_count: 10, new_cards_per_day: 2, max_reviews_per_day: 3 });
    const due = questions.slice(0, 5).map((q) => q.id);
    await dueCards(user.id, due);
    // Reviews not due yet (in the first questions of the exam, so among the queue's candidates).
    const later = questions.slice(5, 9).map((q) => q.id);
    for (const id of later) await writeDueCard(user.id, id, new Date(Date.now() + 20 * 86_400_000));
    const page = await queue(user);
    expect(page.counts).toMatchObject({ due: 3, new: 2 });
    const ids = await examQuestionIds(user, (await dailyExam(user)).exam.id);
    expect(ids.slice(0, 5)).toEqual(page.cards.slice(0, 5).map((c: any) => c.question_id));
    // Over the limits: never a fourth due card nor a third new one; the rest are the answered reviews not due.
    expect(ids.filter((id) => due.includes(id))).toHaveLength(3);
    expect(ids.slice(5).sort()).toEqual([...later].sort());
    expect(ids).toHaveLength(9);
  });

  it('an exam answer counts against the day’s new cards and leaves a learning card, shown as learning', async () => {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [exam.id]);
    await setUserFields(user.id, { new_cards_per_day: 5 });
    expect((await queue(user)).counts).toEqual({ new: 5, learning: 0, learning_now: 0, due: 0 });
    const answered = questions.slice(0, 2).map((q) => q.id);
    await okJson(
      await user.client.post('/api/submit-exam/', {
        exam_id: exam.id,
        submission_id: randomUUID(),
        elapsed_seconds: 60,
        answers: answered.map((id) => ({ question_id: id, answer: 'not the answer' })),
      }),
    );
    expect((await storedStat(user.id, answered[0]!))!.fsrs.state).toBe('learning');
    const page = await queue(user);
    // Two new cards started in the exam: 3 left today; the two answered are learning, neither new nor due.
    expect(page.counts).toMatchObject({ new: 3, learning: 2, due: 0 });
    expect(page.done_today.new).toBe(2);
    const kinds = new Map(page.cards.map((c: any) => [c.question_id, c.kind]));
    for (const id of answered) expect(kinds.get(id) ?? 'waiting').not.toMatch(/new|due/);
    // Again's step is a minute: once it has passed they rank with the due reviews (D314).
    const waited = page.next_learning_due ? Date.parse(page.next_learning_due) - Date.now() : 0;
    expect(waited).toBeLessThanOrEqual(61_000);
    // Home's counts are the Review screen's (D298): the learning cards count as learning, not as reviews.
    expect(await okJson(await user.client.get('/api/due-today/'))).toMatchObject({ due: 0, learning: 2, new: 3 });
  });

  it('the daily mail reads the same number of times for a learner with 2 due cards and with 35', async () => {
    const counts: number[] = [];
    for (const n of [2, 35]) {
      const user = await fixtureUser(apiUrl, { language: 'en' });
      await subscribe(user, [exam.id]);
      await setUserFields(user.id, {
        email: `oq-${user.id}@example.com`,
        random_exam_email_enabled: true,
        email_verified: true,
        max_reviews_per_day: 100,
        // As a user registered since D243: no memberships, so no memberships Query.
        study_memberships: 0,
      });
      await dueCards(
        user.id,
        questions.slice(0, n).map((q) => q.id),
      );
      // The first read of an exam places the learner in it (D308): measured is every read after.
      await queue(user);
      const calls = countDynamoCalls();
      expect(await deliverDailyQuiz(user.id, new Date())).toBe('sent');
      counts.push(calls.count());
      expect((await getUser(user.id))!.id).toBe(user.id);
    }
    expect(counts[0]).toBe(counts[1]);
    // GetItem user, GetItem day, Query subs, BatchGet exams, Query due ∥ Query ignored, BatchGet places, 1 Query
    // of the exam past the place, BatchGet stats, BatchGet the due picks' copies, BatchWrite + Tx exam, Put day
    // (and mail claim), Update pointer, Update mail sent.
    expect(counts[0]).toBeLessThanOrEqual(15);
  });
});

/** The study side of one queue (D242, D243): study task exams in the daily exam and its mail. */
describe('one queue with studies', () => {
  let studyExam: { id: string };
  let studyQuestions: string[];
  let study: { id: string };
  let publicTwin: { id: string };

  beforeAll(async () => {
    const file = await uploadBank(author, `one-queue-study-${author.id}.xlsx`, 30);
    // Private: readable to the learner only through the study's task.
    studyExam = await createExam(author, {
      title: `Study queue ${author.id}`,
      question_count: 30,
      file_name: file.name,
      is_public: false,
    });
    studyQuestions = await examQuestionIds(author, studyExam.id);
    // A learner without studies reading two source exams, as a member does (a subscription and a task exam).
    publicTwin = await createExam(author, {
      title: `Study queue twin ${author.id}`,
      question_count: 30,
      file_name: file.name,
      is_public: true,
    });
    study = await createStudy(author);
    const task = await author.client.post('/api/study-tasks/', {
      study: study.id,
      name_en: 'Task',
      exam: studyExam.id,
    });
    expect(task.status, await task.clone().text()).toBe(200);
  });

  async function member(options: { active?: boolean } = {}) {
    const user = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(user, [exam.id]);
    await setUserFields(user.id, {
      random_exam_question_count: 10,
      new_cards_per_day: 20,
      study_memberships: 0,
      email: `oqs-${user.id}@example.com`,
      random_exam_email_enabled: true,
      email_verified: true,
    });
    const membership = await addStudyMember(study.id, { user, is_active: options.active ?? true });
    return { user, membership };
  }

  const mailCalls = async (userId: string, at = new Date()) => {
    const calls = countDynamoCalls();
    expect(await deliverDailyQuiz(userId, at)).toBe('sent');
    return calls.count();
  };

  it('a member gets the Review screen’s first 10 in the daily exam, study task exams included', async () => {
    const { user } = await member();
    expect((await getUser(user.id))!.study_memberships).toBe(1);
    await dueCards(user.id, studyQuestions.slice(0, 4));
    const page = await queue(user);
    const first = page.cards.slice(0, 10).map((c: any) => c.question_id);
    // The four due cards lead, the third and fifth places new cards (two in five, D314, D415).
    const due = page.cards.slice(0, 6).filter((c: any) => c.kind === 'due');
    expect(due.map((c: any) => c.question_id).sort()).toEqual(studyQuestions.slice(0, 4).sort());
    const daily = await dailyExam(user);
    expect(daily.success).not.toBe(false);
    expect(await examQuestionIds(user, daily.exam.id)).toEqual(first);
  });

  it('the mail reads no more without studies and at most 1 + STUDIES_READ more with, the same questions', async () => {
    const alone = await fixtureUser(apiUrl, { language: 'en' });
    await subscribe(alone, [exam.id, publicTwin.id]);
    await setUserFields(alone.id, {
      email: `oqa-${alone.id}@example.com`,
      random_exam_email_enabled: true,
      email_verified: true,
      study_memberships: 0,
    });
    // 15 with one source exam (above), one more Query for the second exam's questions, none for due copies.
    await queue(alone);
    const without = await mailCalls(alone.id);
    expect(without).toBeLessThanOrEqual(15);

    const { user } = await member();
    await dueCards(user.id, studyQuestions.slice(0, 2));
    const first = (await queue(user)).cards.slice(0, 10).map((c: any) => c.question_id);
    const withStudy = await mailCalls(user.id);
    // The memberships Query, one study's tasks Query, and the due picks' copies by their place (D308).
    expect(withStudy).toBe(without + 3);
    expect(withStudy).toBeLessThanOrEqual(15 + 1 + STUDIES_READ);
    const daily = await dailyExamFor((await getUser(user.id))!);
    expect(await examQuestionIds(user, daily.ok ? daily.exam.id : '')).toEqual(first);
  });

  it('a count unknown (a user from before D243) is queried once and corrected', async () => {
    const { user } = await member();
    await dynamoDocument().send(
      new UpdateCommand({
        TableName: config.appTable,
        Key: userEntity.key(user.id),
        UpdateExpression: 'REMOVE study_memberships',
      }),
    );
    const found = await activeStudyExams({ id: user.id }, { correct: true });
    expect(found.examIds).toEqual([studyExam.id]);
    expect((await getUser(user.id))!.study_memberships).toBe(1);
  });

  it('never includes a study task exam after the membership ended, nor through an inactive one', async () => {
    const { user, membership } = await member();
    const { user: inactive } = await member({ active: false });
    await dueCards(inactive.id, studyQuestions.slice(0, 3));
    const inactiveDaily = await dailyExam(inactive);
    const inactiveIds = await examQuestionIds(inactive, inactiveDaily.exam.id);
    expect(inactiveIds.filter((id) => studyQuestions.includes(id))).toEqual([]);

    await dueCards(user.id, studyQuestions.slice(0, 3));
    const today = await examQuestionIds(user, (await dailyExam(user)).exam.id);
    expect(today.filter((id) => studyQuestions.includes(id)).length).toBeGreaterThan(0);
    const removed = await author.client.delete(`/api/members/${membership.id}/`);
    expect(removed.status, await removed.clone().text()).toBe(200);
    const after = (await getUser(user.id))!;
    expect(after.study_memberships).toBe(0);
    // Tomorrow's exam (today's is claimed): the study's private exam is no longer a source.
    const tomorrow = new Date(Date.now() + 86_400_000);
    const next = await dailyExamFor(after, tomorrow, undefined, () => activeStudyExams(after, { correct: true }));
    expect(next.ok).toBe(true);
    const ids = next.ok ? (next.questions ?? []).map((q) => q.id) : [];
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => studyQuestions.includes(id))).toEqual([]);
    // Nor does the Review screen show them.
    const page = await queue(user);
    expect(page.cards.filter((c: any) => studyQuestions.includes(c.question_id))).toEqual([]);
  });
});
