import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueSitting } from '../../web/src/lib/offline/exam-outbox.js';
import { startExamOutbox } from '../../web/src/lib/offline/exam-outbox-sender.js';
import { openOfflineDb } from '../../web/src/lib/offline/offline-db.js';

/**
 * The sender of sittings taken offline (D437) is started by the layout and again by each offline End,
 * the download and the summary. A start for the learner whose sender runs must not cut off its send,
 * and a stop (sign-out) while a send is on its way must end it quietly: no error escapes into the page,
 * and the sitting stays in the outbox.
 */
describe('the exam outbox sender while a send is on its way', () => {
  const stops: (() => void)[] = [];
  const escaped: unknown[] = [];
  const onEscaped = (reason: unknown) => escaped.push(reason);
  let submits: number;
  let failHeld: () => void;
  let userId: string;
  let users = 0;

  beforeEach(async () => {
    escaped.length = 0;
    process.on('unhandledRejection', onEscaped);
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('document', { cookie: 'csrftoken=token-0123456789' });
    userId = `sender-${++users}-${Date.now()}`;
    const setup = await openOfflineDb(userId);
    await queueSitting(setup, {
      submission_id: 'offline-sitting-1',
      exam_id: 'exam-1',
      exam_title: 'Exam',
      answers: [{ question_id: 'q1', answer: 'Pod', elapsed_seconds: 10 }],
      elapsed_seconds: 30,
      answered_at: new Date().toISOString(),
      sitting_version: 0,
      local: { correct: 1, answered: 1, total: 1 },
    });
    setup.close();
    // Each submit waits until the test lets it fail (no network).
    submits = 0;
    const held = new Promise<void>((resolve) => (failHeld = resolve));
    vi.stubGlobal('fetch', async (url: string) => {
      if (!String(url).startsWith('/api/submit-exam/')) throw new TypeError(`unexpected ${url}`);
      submits++;
      await held;
      throw new TypeError('Failed to fetch');
    });
  });

  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    process.off('unhandledRejection', onEscaped);
    vi.unstubAllGlobals();
  });

  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
  const outboxIds = async () => {
    const db = await openOfflineDb(userId);
    const ids = (await db.getAll('exam_outbox')).map((sitting) => sitting.submission_id);
    db.close();
    return ids;
  };

  it('a second start for the same learner is the running sender: its send goes on, nothing escapes', async () => {
    const stop = await startExamOutbox(userId);
    stops.push(stop);
    await vi.waitFor(() => expect(submits).toBe(1));
    expect(await startExamOutbox(userId)).toBe(stop);
    await settle();
    // One send at a time: the second start joined the one on its way.
    expect(submits).toBe(1);
    failHeld();
    await settle();
    expect(escaped).toEqual([]);
    expect(await outboxIds()).toEqual(['offline-sitting-1']);
  });

  it('a stop while a send is on its way ends it quietly and keeps the sitting', async () => {
    const stop = await startExamOutbox(userId);
    await vi.waitFor(() => expect(submits).toBe(1));
    stop();
    failHeld();
    await settle();
    expect(escaped).toEqual([]);
    expect(await outboxIds()).toEqual(['offline-sitting-1']);
  });
});
