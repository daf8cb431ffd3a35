import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queueSitting } from '../../web/src/lib/offline/exam-outbox.js';
import { startExamOutbox } from '../../web/src/lib/offline/exam-outbox-sender.js';
import { openOfflineDb } from '../../web/src/lib/offline/offline-db.js';

/**
 * Each offline End starts the sender again (D437): the new sender closes the old one's store. A send
 * the old one had on the way must then end quietly — no error escapes into the page — and the sitting
 * stays in the outbox for the new sender.
 */
describe('the exam outbox sender, started again while it sends', () => {
  const stops: (() => void)[] = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
    vi.unstubAllGlobals();
  });

  it('lets the earlier send end quietly and keeps the sitting for the new sender', async () => {
    const escaped: unknown[] = [];
    const onEscaped = (reason: unknown) => escaped.push(reason);
    process.on('unhandledRejection', onEscaped);
    vi.stubGlobal('window', new EventTarget());
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('document', { cookie: 'csrftoken=token-0123456789' });
    const userId = `sender-race-${Date.now()}`;
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

    // The first submit waits until the test lets it fail (no network); every later one meets a busy server.
    let failFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (failFirst = resolve));
    const submits: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      if (!String(url).startsWith('/api/submit-exam/')) throw new TypeError(`unexpected ${url}`);
      submits.push(String(url));
      if (submits.length === 1) {
        await firstHeld;
        throw new TypeError('Failed to fetch');
      }
      return Response.json({ code: 'service_unavailable', detail: 'busy' }, { status: 503 });
    });

    stops.push(await startExamOutbox(userId));
    await vi.waitFor(() => expect(submits).toHaveLength(1));
    // An offline End starts the sender again: the first one's store closes under its send.
    stops.push(await startExamOutbox(userId));
    await vi.waitFor(() => expect(submits).toHaveLength(2));
    failFirst();
    await new Promise((resolve) => setTimeout(resolve, 50));

    process.off('unhandledRejection', onEscaped);
    expect(escaped).toEqual([]);
    const after = await openOfflineDb(userId);
    expect((await after.getAll('exam_outbox')).map((sitting) => sitting.submission_id)).toEqual(['offline-sitting-1']);
    after.close();
  });
});
