import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExamQuestion } from '../../shared/contracts/exam-schemas.js';
import { OFFLINE_SITTING_WINDOW_MS } from '../../shared/contracts/results.js';
import { answerTime, gradeAnswer } from '../../functions/domains/results/submit.js';
import { createExamOutbox, queueSitting, type QueuedSitting } from '../../web/src/lib/offline/exam-outbox.js';
import { finalRefusal, withoutDeletedQuestions } from '../../web/src/lib/offline/exam-outbox-sender.js';
import { offlineDbName, openOfflineDb } from '../../web/src/lib/offline/offline-db.js';
import { ApiError } from '../../web/src/lib/api-client.js';
import { localResult, offlineSubmission } from '../../web/src/features/take-exam/utils/offline-sitting.js';
import {
  createSessionRecord,
  type PendingSubmission,
  type SessionRecord,
} from '../../web/src/features/take-exam/utils/session-record.js';

/**
 * A sitting taken offline (D436, D437): the time the server records it at, the device's grading
 * (the server's own rule), the submission it sends, the outbox that sends it and the store's upgrade.
 */

const questions: ExamQuestion[] = [
  { id: 'q1', title: 'Pod', content: 'Smallest deployable unit?', answer: 'Pod' },
  { id: 'q2', title: 'Choice', content: 'Pick one\nA) red\nB) blue\nC) green', answer: 'B' },
  {
    id: 'q3',
    title: 'Cloze',
    content: 'A [...] runs containers',
    answer: 'pod',
    cloze: 1,
    cloze_note: 'A {{c1::pod}} runs {{c2::containers}}',
  },
  { id: 'q4', title: '예', content: '참인가요?', answer_ko: '예', answer_en: 'yes', answer: '' },
  { id: 'q5', title: 'Rich', content: 'Answer **42**', answer: '**42**', format: 'markdown' },
];

const DAY = 24 * 3600_000;

describe('the time an offline sitting is recorded at', () => {
  it('is the time sent, within the last 30 days and never in the future; after the result it continues', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60 * DAY, max: 10 * DAY }),
        fc.option(fc.integer({ min: -40 * DAY, max: 0 }), { nil: undefined }),
        (offset, continues) => {
          const now = new Date(Date.UTC(2026, 11, 2, 10));
          const sent = new Date(now.getTime() + offset).toISOString();
          const notBefore = continues === undefined ? undefined : new Date(now.getTime() + continues).toISOString();
          const at = answerTime(sent, now, notBefore).getTime();
          expect(at).toBeLessThanOrEqual(now.getTime());
          expect(at).toBeGreaterThanOrEqual(now.getTime() - OFFLINE_SITTING_WINDOW_MS);
          if (notBefore) expect(at).toBeGreaterThanOrEqual(Math.min(Date.parse(notBefore), now.getTime()));
          const inside =
            offset <= 0 && offset >= -30 * DAY && (!notBefore || Date.parse(sent) >= Date.parse(notBefore));
          if (inside) expect(at).toBe(Date.parse(sent));
        },
      ),
    );
    expect(answerTime(undefined, new Date(5)).getTime()).toBe(5);
  });
});

describe("the device's grading of an offline sitting", () => {
  it("is the server's grade of every answer, the learner's own where given", () => {
    const answer = fc.record({
      question_id: fc.constantFrom(...questions.map((q) => q.id)),
      answer: fc.oneof(fc.constantFrom('Pod', 'pod ', 'b', 'blue', 'yes', '예', '42', 'pod | containers'), fc.string()),
      elapsed_seconds: fc.nat(600),
      learner_verdict: fc.option(fc.constantFrom('correct' as const, 'wrong' as const), { nil: undefined }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(answer, { selector: (a) => a.question_id }),
        fc.constantFrom('ko', 'en'),
        (answers, language) => {
          const local = localResult(
            { submission_id: 's', exam_id: 'e', exam_title: 'E', answers, elapsed_seconds: 9, answered_at: '' },
            questions,
            language as 'ko' | 'en',
          );
          const byRule = answers.map((a) =>
            a.learner_verdict
              ? a.learner_verdict === 'correct'
              : gradeAnswer(
                  questions.find((q) => q.id === a.question_id)!,
                  a.answer,
                  language as 'ko' | 'en',
                ),
          );
          expect(local.details!.map((d) => d.is_correct)).toEqual(byRule);
          expect(local.score).toBe(byRule.filter(Boolean).length);
          expect(local.answered_count).toBe(answers.length);
          expect(local.total_score).toBe(questions.length);
        },
      ),
    );
  });
});

const questionOrder = questions.map((q) => q.id);
const record = (answered: string[], saved: string[] = []): SessionRecord => ({
  ...createSessionRecord('e', questionOrder, 0),
  answers: Object.fromEntries(answered.map((id) => [id, `answer ${id}`])),
  answeredQuestions: answered,
  savedQuestionIds: saved,
  elapsedSeconds: 50,
  savedElapsedSeconds: 10,
});

describe('the submission an offline End sends', () => {
  const underway: PendingSubmission = {
    submissionId: 'cut-off-save',
    kind: 'submit',
    previousResultId: null,
    answers: [{ question_id: 'q1', answer: 'answer q1', elapsed_seconds: 0 }],
    elapsedSeconds: 40,
    elapsedMark: 50,
  };
  it('is the save cut off by the network when nothing was answered since: its id again', () => {
    expect(offlineSubmission(record(['q1']), underway, () => 'new')).toEqual({
      submissionId: 'cut-off-save',
      answers: underway.answers,
      elapsedSeconds: 40,
    });
  });
  it('is a new submission of every unsaved answer otherwise', () => {
    const sent = offlineSubmission(record(['q1', 'q2', 'q3'], ['q3']), underway, () => 'new');
    expect(sent.submissionId).toBe('new');
    expect(sent.answers.map((a) => a.question_id)).toEqual(['q1', 'q2']);
    expect(sent.elapsedSeconds).toBe(40);
    expect(offlineSubmission(record(['q2']), null, () => 'other').submissionId).toBe('other');
  });
});

let users = 0;
const newUser = () => `exam-u${++users}-${Date.now()}`;
const sitting = (n: number): QueuedSitting => ({
  submission_id: `sub-${n}`,
  exam_id: 'e',
  exam_title: 'E',
  answers: [{ question_id: 'q1', answer: 'Pod', elapsed_seconds: 3 }],
  elapsed_seconds: 3,
  answered_at: new Date(Date.UTC(2026, 11, 2, 1, n)).toISOString(),
  sitting_version: 0,
  local: { correct: 1, answered: 1, total: 5 },
});

/** A server that makes one result per submission id and answers the same one to a resend. */
function fakeServer() {
  const results = new Map<string, string>();
  const calls: string[] = [];
  return {
    results,
    calls,
    send: async (record: QueuedSitting) => {
      calls.push(record.submission_id);
      if (!results.has(record.submission_id)) results.set(record.submission_id, `r${results.size + 1}`);
      return { result_id: results.get(record.submission_id)! };
    },
  };
}

describe('the exam outbox', () => {
  it('sends oldest first, one at a time, and deletes a sitting only once answered', async () => {
    const user = newUser();
    const db = await openOfflineDb(user);
    for (const n of [1, 2, 3]) await queueSitting(db, sitting(n));
    const server = fakeServer();
    let failAt = 'sub-2';
    const outbox = createExamOutbox({
      db,
      lockName: user,
      refusal: finalRefusal,
      send: (record) =>
        record.submission_id === failAt
          ? Promise.reject(new ApiError({ status: 0, code: 'network', detail: '' }))
          : server.send(record),
    });
    const first = await outbox.flush();
    expect(first.sent.map((s) => s.submission_id)).toEqual(['sub-1']);
    expect(first.left).toBe(2);
    expect(first.retryAt).toBeGreaterThan(0);
    expect((await db.getAll('exam_outbox')).map((r) => r.submission_id)).toEqual(['sub-2', 'sub-3']);
    failAt = '';
    outbox.resetBackoff();
    const second = await outbox.flush();
    expect(second.sent.map((s) => [s.submission_id, s.result_id])).toEqual([
      ['sub-2', 'r2'],
      ['sub-3', 'r3'],
    ]);
    expect(second.left).toBe(0);
    expect(server.calls).toEqual(['sub-1', 'sub-2', 'sub-3']);
  });

  it('survives a reload, and a resend of an acknowledged id is the same result', async () => {
    const user = newUser();
    const db = await openOfflineDb(user);
    await queueSitting(db, sitting(1));
    db.close();
    const reopened = await openOfflineDb(user);
    const server = fakeServer();
    await server.send(sitting(1)); // applied once before, its answer lost on the way
    const outbox = createExamOutbox({ db: reopened, lockName: user, refusal: finalRefusal, send: server.send });
    expect((await outbox.flush()).sent).toEqual([{ submission_id: 'sub-1', exam_id: 'e', result_id: 'r1' }]);
    expect(server.results.size).toBe(1);
  });

  it('drops a sitting the server refuses for good, keeps one a signed-out or busy server could take later', async () => {
    const user = newUser();
    const db = await openOfflineDb(user);
    await queueSitting(db, sitting(1));
    await queueSitting(db, sitting(2));
    const errors: Record<string, ApiError> = {
      'sub-1': new ApiError({ status: 404, code: 'exam_not_found', detail: '' }),
      'sub-2': new ApiError({ status: 401, code: 'not_authenticated', detail: '' }),
    };
    const outbox = createExamOutbox({
      db,
      lockName: user,
      refusal: finalRefusal,
      send: (record) => Promise.reject(errors[record.submission_id]!),
    });
    const result = await outbox.flush();
    expect(result.sent).toEqual([{ submission_id: 'sub-1', exam_id: 'e', refused: 'exam_not_found' }]);
    expect((await db.getAll('exam_outbox')).map((r) => r.submission_id)).toEqual(['sub-2']);
    expect(finalRefusal(new ApiError({ status: 409, code: 'submission_busy', detail: '' }))).toBeNull();
    expect(finalRefusal(new ApiError({ status: 503, code: 'unavailable', detail: '' }))).toBeNull();
  });
});

describe('a sitting that answers a question deleted since the download', () => {
  it('is kept without those answers, written back before it is sent again', async () => {
    const user = newUser();
    const db = await openOfflineDb(user);
    const queued: QueuedSitting = {
      ...sitting(1),
      answers: ['q1', 'q2', 'q3'].map((id) => ({ question_id: id, answer: 'x', elapsed_seconds: 1 })),
    };
    await queueSitting(db, queued);
    const kept = await withoutDeletedQuestions(db, queued, new Set(['q1', 'q3', 'q9']));
    expect(kept?.answers.map((a) => a.question_id)).toEqual(['q1', 'q3']);
    expect(kept?.submission_id).toBe('sub-1');
    expect((await db.get('exam_outbox', 'sub-1'))?.answers.map((a) => a.question_id)).toEqual(['q1', 'q3']);
    // Nothing deleted, or nothing left: no second send.
    expect(await withoutDeletedQuestions(db, kept!, new Set(['q1', 'q3']))).toBeNull();
    expect(await withoutDeletedQuestions(db, kept!, new Set(['q7']))).toBeNull();
  });
});

describe('the offline store upgrade', () => {
  it('keeps the review download and its outbox of version 1 and adds the exam stores', async () => {
    const user = newUser();
    // A version-1 store as the Review screen left it.
    await new Promise<void>((resolve, reject) => {
      const request = indexedDB.open(offlineDbName(user), 1);
      request.onupgradeneeded = () => {
        const v1 = request.result;
        v1.createObjectStore('cards', { keyPath: 'question_id' }).put({ question_id: 'q1', fsrs: null });
        const outbox = v1.createObjectStore('outbox', { keyPath: 'grade_id' });
        outbox.createIndex('seq', 'seq');
        outbox.put({ grade_id: 'g1', seq: 1 });
        v1.createObjectStore('meta').put({ day: '2026-12-02' }, 'review');
      };
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
      request.onerror = () => reject(request.error);
    });
    const db = await openOfflineDb(user);
    expect(db.version).toBe(2);
    expect(await db.get('cards', 'q1')).toEqual({ question_id: 'q1', fsrs: null });
    expect(await db.getAllFromIndex('outbox', 'seq')).toEqual([{ grade_id: 'g1', seq: 1 }]);
    expect(await db.get('meta', 'review')).toEqual({ day: '2026-12-02' });
    await queueSitting(db, sitting(1));
    expect(await db.count('exam_outbox')).toBe(1);
    expect(await db.count('exams')).toBe(0);
  });
});
