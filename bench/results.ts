import { randomUUID } from 'node:crypto';
import { startInProcessCloud } from './local-server.js';
import { questionSheet, signedInSession, timed, type Report } from './api-session.js';
import { countDynamoRequests } from './dynamo-requests.js';

/**
 * The submit's figures: the DynamoDB requests and latency of a 100-answer submit (each with its own
 * submission_id, so every call writes a result, details and 100 statistics), and of loading a
 * 2,000-question exam with the caller's statistics (GET exam ∥ GET question-statistics). The
 * API runs in this process so every DynamoDB request can be counted.
 */
export async function benchResults(rootDir: string, report: Report): Promise<void> {
  const cloud = await startInProcessCloud(rootDir);
  const requests = countDynamoRequests();
  try {
    const { headers } = await signedInSession(cloud.url);
    const jsonHeaders = () => ({ ...headers(), 'content-type': 'application/json' });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(questionSheet(2000))]), 'bench-results.xlsx');
    form.append('is_public', 'true');
    const imported = await fetch(`${cloud.url}/api/upload-questions/`, {
      method: 'POST',
      headers: headers(),
      body: form,
    });
    if (!imported.ok) throw new Error(`import failed: ${imported.status} ${await imported.text()}`);
    const fileId = ((await imported.json()) as { file: { id: string } }).file.id;

    const examOf = async (count: number) => {
      const created = await fetch(`${cloud.url}/api/create-exam/`, {
        method: 'POST',
        headers: jsonHeaders(),
        body: JSON.stringify({
          title: `Bench results ${count} ${Date.now()}`,
          file_id: fileId,
          question_count: count,
          is_public: true,
        }),
      });
      if (!created.ok) throw new Error(`create-exam failed: ${created.status} ${await created.text()}`);
      const id = ((await created.json()) as { id: string }).id;
      const questions = (await (
        await fetch(`${cloud.url}/api/exam/${id}/questions/`, { headers: headers() })
      ).json()) as { id: string; answer: string }[];
      return {
        id,
        answers: questions.map((q, i) => ({
          question_id: q.id,
          answer: i % 3 ? q.answer : 'wrong',
          elapsed_seconds: 3,
        })),
      };
    };
    const exam100 = await examOf(100);
    const exam2000 = await examOf(2000);

    // One learner per connection: concurrent submits of one user to one exam would contend on
    // the same statistics, summary and counters by design (and retry); real load is many users.
    const learners: { headers: () => Record<string, string> }[] = [
      { headers },
      ...(await Promise.all([1, 2, 3].map(() => signedInSession(cloud.url)))),
    ];
    const submit = async (exam: { id: string; answers: unknown[] }, learner = 0) => {
      const res = await fetch(`${cloud.url}/api/submit-exam/`, {
        method: 'POST',
        headers: { ...learners[learner]!.headers(), 'content-type': 'application/json' },
        body: JSON.stringify({
          exam_id: exam.id,
          answers: exam.answers,
          elapsed_seconds: 300,
          submission_id: randomUUID(),
        }),
      });
      if (!res.ok) throw new Error(`submit failed: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };

    // Session reads (2 GetItem per request) are included: these are whole-request figures.
    await cloud.idle();
    requests.reset();
    await submit(exam100);
    const perSubmit = requests.count();
    report('POST /api/submit-exam/ (100 answers): DynamoDB requests', String(perSubmit), {
      ok: perSubmit <= 8,
      text: '≤ 8, constant',
    });
    const one = await timed(() => submit(exam100), { seconds: 10, connections: 1 });
    report('POST /api/submit-exam/ (100 answers) sequential p50 / p99', `${one.p50Ms} ms / ${one.p99Ms} ms`, {
      ok: one.errors === 0,
      text: 'no errors',
    });
    const load = await timed((worker) => submit(exam100, worker), { seconds: 10, connections: 4 });
    report('POST /api/submit-exam/ (100 answers), 4 users: submits/s', String(load.perSecond));
    report('POST /api/submit-exam/ (100 answers), 4 users: p50 / p99', `${load.p50Ms} ms / ${load.p99Ms} ms`, {
      ok: load.errors === 0,
      text: 'no errors',
    });

    await submit(exam2000); // statistics for all 2,000 questions
    const loadExam = async () => {
      const [exam, stats] = await Promise.all([
        fetch(`${cloud.url}/api/exam/${exam2000.id}/`, { headers: headers() }),
        fetch(`${cloud.url}/api/exam/${exam2000.id}/question-statistics/`, { headers: headers() }),
      ]);
      if (!exam.ok || !stats.ok) throw new Error(`load failed: ${exam.status} ${stats.status}`);
      await Promise.all([exam.arrayBuffer(), stats.arrayBuffer()]);
    };
    await cloud.idle();
    requests.reset();
    await loadExam();
    const perLoad = requests.count();
    report('2,000-question exam + statistics: DynamoDB requests', String(perLoad), {
      ok: perLoad <= 12,
      text: '≤ 12, constant',
    });
    const single = await timed(loadExam, { seconds: 10, connections: 1 });
    report('2,000-question exam + statistics: sequential p50 / p99', `${single.p50Ms} ms / ${single.p99Ms} ms`, {
      ok: single.errors === 0,
      text: 'no errors',
    });
    const reads = await timed(loadExam, { seconds: 10, connections: 4 });
    report('2,000-question exam + statistics, 4 at once: loads/s', String(reads.perSecond));
    report('2,000-question exam + statistics, 4 at once: p50 / p99', `${reads.p50Ms} ms / ${reads.p99Ms} ms`, {
      ok: reads.errors === 0,
      text: 'no errors',
    });
  } finally {
    await cloud.stop();
  }
}
