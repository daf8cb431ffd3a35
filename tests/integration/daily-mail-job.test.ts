import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { handler as runJob } from '../../functions/jobs/daily-quiz-email.js';
import { handler as mailFeedback } from '../../functions/jobs/mail-feedback.js';
import { getUser, type UserRecord } from '../../functions/domains/users/user-store.js';
import { sesClient } from '../../functions/runtime/aws/ses-client.js';
import { dailyExamDayEntity } from '../../functions/domains/exams/entities/daily-exam.js';
import { dailyExamFor } from '../../functions/domains/exams/daily-exam.js';
import { claimDailyMail } from '../../functions/domains/exams/daily-exam-store.js';
import { quizDay } from '../../functions/domains/learning/quiz-day.js';
import { deliverDailyQuiz } from '../../functions/domains/mail/daily-quiz-delivery.js';
import { appItem, clientFor, makeUser, useCloudEnv } from '../support/accounts.js';
import { createExam, uploadBank } from '../support/exam-fixtures.js';
import { fixtureUser, type FixtureUser } from '../support/fixture-users.js';

/**
 * The daily quiz email job against DynamoDB Local and the SES emulator: the coordinator
 * and its shard workers run in this process, as `npm run job -- daily-quiz-email` runs them.
 */
const apiUrl = inject('apiUrl');
let env: Record<string, string>;
let author: FixtureUser;
let examId: string;

interface StoredMail {
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
  headers?: { name: string; value: string }[];
}

async function mailsTo(address: string): Promise<StoredMail[]> {
  const { emails } = (await (await fetch(`${env.AWS_ENDPOINT_URL_SESV2}/store`)).json()) as { emails: StoredMail[] };
  return emails.filter((m) => m.destination.to.includes(address));
}

const header = (mail: StoredMail, name: string) =>
  mail.headers?.find((h) => h.name.toLowerCase() === name.toLowerCase())?.value;
const unsubscribeUrlOf = (mail: StoredMail) => /^<(.+)>$/.exec(header(mail, 'List-Unsubscribe') ?? '')![1]!;

/** A user with a verified address and the daily mail on, subscribed to the author's exam unless told otherwise. */
async function recipient(
  options: { language?: 'ko' | 'en'; verified?: boolean; enabled?: boolean; subscribed?: boolean } = {},
): Promise<UserRecord> {
  const user = await makeUser({
    language: options.language ?? 'en',
    email_verified: options.verified ?? true,
    random_exam_email_enabled: options.enabled ?? true,
  });
  if (options.subscribed ?? true) {
    const client = await clientFor(apiUrl, user);
    expect(
      (await client.post('/api/exam-subscription/bulk-toggle/', { exam_ids: [examId], action: 'subscribe' })).status,
    ).toBe(200);
  }
  return user;
}

beforeAll(async () => {
  env = useCloudEnv();
  // The state machine's retry waits 1, 2, 4 minutes; in process the retries follow at once.
  process.env.JOB_RETRY_INTERVAL_MS = '0';
  author = await fixtureUser(apiUrl, { language: 'en' });
  const file = await uploadBank(author, `mail-${author.id}.xlsx`, 12);
  examId = (
    await createExam(author, { title: 'Mail source', question_count: 12, file_name: file.name, is_public: true })
  ).id;
});

afterEach(() => vi.restoreAllMocks());

describe('daily quiz email job', () => {
  it('mails each eligible user once, in their language, with the exam link and one-click headers; reruns and overlapping runs send nothing more', async () => {
    const english = await recipient({ language: 'en' });
    const korean = await recipient({ language: 'ko' });
    const unverified = await recipient({ verified: false });
    const optedOut = await recipient({ enabled: false });
    const noSubscriptions = await recipient({ subscribed: false });

    await Promise.all([runJob(), runJob()]);
    await runJob();

    for (const user of [unverified, optedOut, noSubscriptions])
      expect(await mailsTo(user.email), user.username).toEqual([]);
    const [en] = await mailsTo(english.email);
    const [ko] = await mailsTo(korean.email);
    expect(await mailsTo(english.email)).toHaveLength(1);
    expect(await mailsTo(korean.email)).toHaveLength(1);
    expect(en!.subject).toBe("Today's quiz: 3 questions");
    expect(ko!.subject).toBe('오늘의 퀴즈 (3문제)');

    // the day's claim names the exam the home card opens, and the mail lists its questions
    const day = dailyExamDayEntity.parse((await appItem(dailyExamDayEntity.key(english.id, quizDay(new Date()))))!);
    expect(day).toMatchObject({ mail_status: 'sent', emailed_at: expect.any(String) });
    const client = await clientFor(apiUrl, english);
    const daily = (await (await client.post('/api/daily-exam/')).json()) as { exam: { id: string } };
    expect(daily.exam.id).toBe(day.exam_id);
    const questions = (await (await client.get(`/api/exam/${day.exam_id}/questions/`)).json()) as { title: string }[];
    for (const q of questions) expect(en!.body.text).toContain(q.title);
    expect(en!.body.text).toContain(`${new URL(env.APP_ORIGIN!).origin}/daily-exam`);
    expect(en!.body.html).toContain('/profile');

    expect(header(en!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(unsubscribeUrlOf(en!)).toMatch(/\/api\/daily-quiz-email\/unsubscribe\/\?token=[\w.-]+$/);
  });

  it('after a run that stopped halfway, a rerun mails each user exactly once; a failed send is retried, a claim caught mid-send is not', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => recipient()));
    // the first run died after half the users
    for (const user of users.slice(0, 3)) expect(await deliverDailyQuiz(user.id, new Date())).toBe('sent');

    const failing = await recipient();
    const ses = sesClient();
    const send = ses.send.bind(ses);
    vi.spyOn(ses, 'send').mockImplementation(((command: { input: { Destination?: { ToAddresses?: string[] } } }) => {
      if (command.input.Destination?.ToAddresses?.includes(failing.email))
        return Promise.reject(Object.assign(new Error('MessageRejected'), { name: 'MessageRejected' }));
      return send(command as never);
    }) as never);
    // a process that died between its claim and SES's answer
    const caught = await recipient();
    const built = await dailyExamFor((await getUser(caught.id))!);
    expect(built.ok && (await claimDailyMail(caught.id, built.day, 'crashed-run', new Date())).claimed).toBe(true);

    const first = await runJob();
    expect(first.failed).toBeGreaterThanOrEqual(1);
    for (const user of users) expect(await mailsTo(user.email), user.username).toHaveLength(1);
    expect(await mailsTo(failing.email)).toHaveLength(0);
    expect(
      dailyExamDayEntity.parse((await appItem(dailyExamDayEntity.key(failing.id, quizDay(new Date()))))!).mail_status,
    ).toBe('failed');

    vi.restoreAllMocks();
    await runJob();
    expect(await mailsTo(failing.email)).toHaveLength(1);
    expect(await mailsTo(caught.email)).toHaveLength(0);
    for (const user of users) expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it('a shard whose send failed is retried: its users are mailed once, the failed one too; expected and reached are counted', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => recipient()));
    const flaky = users[0]!;
    const ses = sesClient();
    const send = ses.send.bind(ses);
    let refusals = 0;
    vi.spyOn(ses, 'send').mockImplementation(((command: { input: { Destination?: { ToAddresses?: string[] } } }) => {
      // SES refuses the first attempt for this address only (a transient failure).
      if (command.input.Destination?.ToAddresses?.includes(flaky.email) && refusals++ === 0)
        return Promise.reject(Object.assign(new Error('ServiceUnavailable'), { name: 'ServiceUnavailable' }));
      return send(command as never);
    }) as never);

    const run = await runJob();
    expect(refusals).toBeGreaterThanOrEqual(2);
    expect(run.failed).toBeGreaterThanOrEqual(1);
    expect(run.deadLetters).toBe(0);
    for (const user of users) {
      expect(await mailsTo(user.email), user.username).toHaveLength(1);
      const day = await appItem(dailyExamDayEntity.key(user.id, quizDay(new Date())));
      expect(dailyExamDayEntity.parse(day!).mail_status).toBe('sent');
    }
    expect(run.expected).toBeGreaterThanOrEqual(users.length);
    expect(run.reached).toBeGreaterThanOrEqual(users.length);
  });

  it('one-click unsubscribe: a POST without cookie or CSRF token turns the mail off; a tampered token changes nothing', async () => {
    const user = await recipient({ language: 'ko' });
    const other = await recipient();
    await runJob();
    const url = unsubscribeUrlOf((await mailsTo(user.email))[0]!);
    const otherUrl = unsubscribeUrlOf((await mailsTo(other.email))[0]!);

    const page = await fetch(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="ko"');
    expect(html).toContain('<form method="post"');

    const tampered = otherUrl.replace(
      /token=([\w-]+)\.([\w-]+)\.([\w-])/,
      (_, h, p, s) => `token=${h}.${p}.${s === 'A' ? 'B' : 'A'}`,
    );
    expect(tampered).not.toBe(otherUrl);
    const refused = await fetch(tampered, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(refused.status).toBe(400);
    expect((await getUser(other.id))!.random_exam_email_enabled).toBe(true);
    expect((await fetch(url.replace(/token=.*/, 'token=not-a-token'), { method: 'POST' })).status).toBe(400);

    const done = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    const profile = (await (await (await clientFor(apiUrl, user)).get('/api/user-profile/get/')).json()) as {
      random_exam_email_enabled: boolean;
    };
    expect(profile.random_exam_email_enabled).toBe(false);
    expect((await appItem({ pk: `USER#${user.id}`, sk: 'USER' }))!.gsi2pk).toBeUndefined();
  });

  it('a permanent bounce or a complaint turns the mail off; a transient bounce does not', async () => {
    const [bounced, complained, transient] = await Promise.all([recipient(), recipient(), recipient()]);
    const event = (userId: string, body: Record<string, unknown>) => ({
      Records: [
        {
          Sns: {
            Message: JSON.stringify({
              ...body,
              mail: { tags: { user_id: [userId], kind: ['daily-quiz'] }, destination: ['x@example.com'] },
            }),
          },
        },
      ],
    });
    // recorded shapes of SES configuration-set events (eventType), trimmed to what the handler reads
    expect(
      await mailFeedback(
        event(bounced.id, { eventType: 'Bounce', bounce: { bounceType: 'Permanent', bounceSubType: 'General' } }),
      ),
    ).toEqual({ turnedOff: 1 });
    expect(
      await mailFeedback(
        event(complained.id, { eventType: 'Complaint', complaint: { complaintFeedbackType: 'abuse' } }),
      ),
    ).toEqual({ turnedOff: 1 });
    expect(
      await mailFeedback(
        event(transient.id, { eventType: 'Bounce', bounce: { bounceType: 'Transient', bounceSubType: 'MailboxFull' } }),
      ),
    ).toEqual({ turnedOff: 0 });
    expect((await getUser(bounced.id))!.random_exam_email_enabled).toBe(false);
    expect((await getUser(complained.id))!.random_exam_email_enabled).toBe(false);
    expect((await getUser(transient.id))!.random_exam_email_enabled).toBe(true);
  });
});
