import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { handler as runDailyMailJob } from '../functions/jobs/daily-quiz-email.js';
import { buildUserRecord, userEntity } from '../functions/domains/users/index.js';
import { batchWriteAll, putRequest } from '../functions/runtime/data/batch-ops.js';
import { subscriptionEntity } from '../functions/domains/exams/index.js';
import { startInProcessCloud } from './local-server.js';
import { questionSheet, signedInSession, type Report } from './api-session.js';
import { countDynamoRequests } from './dynamo-requests.js';

/**
 * The daily mail's figures: the daily quiz email job over `users` opted-in, verified users (each
 * subscribed to one public 20-question exam) against DynamoDB Local and the SES emulator, the
 * coordinator and its shard workers in this process as `npm run job -- daily-quiz-email` runs
 * them: mails per second, DynamoDB requests per user (a constant: the day's exam is built and
 * mailed per user with bounded reads), and the peak growth of the live heap during the run (the workers hold one
 * page of ≤ 200 users per shard, so it stays flat in the number of users). The SES emulator's
 * mailbox lives in this process too and grows with every mail: its share is reported apart.
 */
export async function benchDailyMail(rootDir: string, report: Report, users = 2_000): Promise<void> {
  const cloud = await startInProcessCloud(rootDir);
  Object.assign(process.env, cloud.env);
  try {
    const { headers } = await signedInSession(cloud.url);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(questionSheet(20))]), 'bench-daily.xlsx');
    form.append('is_public', 'true');
    const imported = await fetch(`${cloud.url}/api/upload-questions/`, {
      method: 'POST',
      headers: headers(),
      body: form,
    });
    if (!imported.ok) throw new Error(`import failed: ${imported.status} ${await imported.text()}`);
    const fileId = ((await imported.json()) as { file: { id: string } }).file.id;
    const created = await fetch(`${cloud.url}/api/create-exam/`, {
      method: 'POST',
      headers: { ...headers(), 'content-type': 'application/json' },
      body: JSON.stringify({
        title: `Bench daily ${Date.now()}`,
        file_id: fileId,
        question_count: 20,
        is_public: true,
      }),
    });
    if (!created.ok) throw new Error(`create-exam failed: ${created.status} ${await created.text()}`);
    const examId = ((await created.json()) as { id: string }).id;

    const now = new Date().toISOString();
    const records = Array.from({ length: users }, (_, i) =>
      buildUserRecord({
        username: `bench_mail_${i}`,
        passwordHash: '!',
        email: `bench_mail_${i}@example.com`,
        email_verified: true,
        random_exam_email_enabled: true,
        language: i % 2 ? 'en' : 'ko',
      }),
    );
    await batchWriteAll(
      records.flatMap((user) => [
        putRequest(userEntity.item(user)),
        putRequest(subscriptionEntity.item(user.id, examId, now)),
      ]),
    );

    await cloud.idle();
    const requests = countDynamoRequests();
    // Live heap (after a full collection), sampled twice a second: garbage not yet collected says nothing about what the run keeps.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const liveHeap = () => (gc(), process.memoryUsage().heapUsed);
    const baseline = liveHeap();
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(liveHeap()), 500);
    const started = performance.now();
    const result = await runDailyMailJob();
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const half = Math.ceil(samples.length / 2);
    const peakOf = (values: number[]) => Math.max(baseline, ...values) - baseline;
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    const perUser = requests.count() / users;
    const mailbox = (await (await fetch(`${cloud.endpoints.ses}/store`)).text()).length;

    report(`daily mail job: ${users} users, mails sent`, String(result.sent), {
      ok: result.sent === users && result.failed === 0,
      text: `${users}, 0 failed`,
    });
    report('daily mail job: mails per second', (result.sent / seconds).toFixed(1));
    report('daily mail job: DynamoDB requests per user', perUser.toFixed(2), {
      ok: perUser <= 16,
      text: '≤ 16, constant',
    });
    const [first, second] = [peakOf(samples.slice(0, half)), peakOf(samples.slice(half))];
    report(
      'daily mail job: peak live heap growth',
      `${mb(Math.max(first, second))} (first half of the run ${mb(first)}, second half ${mb(second)}; the in-process SES mailbox holds ${mb(mailbox)} at the end)`,
      // Flat: the second half (twice the users done) keeps no more than the first plus what the mailbox gained.
      { ok: second <= first + mailbox + 8 * 1024 * 1024, text: 'flat: 2nd half ≤ 1st half + mailbox + 8 MB' },
    );
  } finally {
    await cloud.stop();
  }
}
