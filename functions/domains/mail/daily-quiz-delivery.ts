import { newId } from '../../runtime/data/ids.js';
import { getUser } from '../users/index.js';
import { getExamWithQuestions, dailyExamFor, claimDailyMail, finishDailyMail } from '../exams/index.js';
import { activeStudyExams } from '../studies/index.js';
import { dailyQuizMail } from './daily-quiz-mail.js';
import { sendMail } from '../../runtime/mail/send-mail.js';
import { unsubscribeUrl } from './unsubscribe-token.js';

/**
 * One user's daily quiz email for the quiz day of `at` (the worker's unit of work). Exactly once
 * per user and day, across reruns, overlapping runs and crashes, through the day's claim item
 * `DAILY#<day>` (functions/domains/exams/daily-exam-store.ts):
 *
 * 1. the user is read again (opted out or unverified since the run started: skipped);
 * 2. the day's exam is built or reused (no subscriptions or questions: skipped, no mail): the
 *    Review screen's queue (D184) over the same sources, study task exams included (D242): none are
 *    read for a learner whose USER item counts no memberships (D243);
 * 3. the mail is claimed (`mail_status` absent or `failed` → `sending`): by the Put that claims a
 *    day built here, else by a conditional update; a claim that is `sending` or `sent` belongs to
 *    another attempt: skipped;
 * 4. SES sends (throttling retried with backoff); then `sent`. An error from SES marks the claim
 *    `failed` and is thrown: the worker counts the failure and goes on with the next user, and a
 *    later run of the job for the same quiz day (a rerun) sends it. Nothing retries it by itself.
 *
 * The crash window: a process that dies after step 3 and before step 4's answer leaves
 * `sending`, and no later attempt sends for that user that day (SES has no idempotency key, so
 * resending could mail twice). At most that one mail is lost; none is ever doubled.
 */
export type DeliveryOutcome = 'sent' | 'already-claimed' | 'not-eligible' | 'no-quiz';

export async function deliverDailyQuiz(userId: string, at: Date): Promise<DeliveryOutcome> {
  const user = await getUser(userId);
  if (!user || !user.random_exam_email_enabled || !user.email_verified || !user.email) return 'not-eligible';
  const claimId = newId();
  // A day built here is claimed for its mail in the same write (D188); an existing day is claimed apart.
  const daily = await dailyExamFor(user, at, claimId, () => activeStudyExams(user, { correct: true }));
  if (!daily.ok) return 'no-quiz';
  if (!daily.mailClaimed && !(await claimDailyMail(user.id, daily.day, claimId, new Date())).claimed)
    return 'already-claimed';
  try {
    const questions = daily.questions ?? (await getExamWithQuestions(daily.exam.id)).questions;
    const mail = dailyQuizMail({
      to: user.email,
      username: user.username,
      language: user.language,
      questions,
      unsubscribeUrl: await unsubscribeUrl(user.id),
      userId: user.id,
    });
    await sendMail(mail);
  } catch (error) {
    await finishDailyMail(user.id, daily.day, claimId, 'failed', new Date());
    throw error;
  }
  await finishDailyMail(user.id, daily.day, claimId, 'sent', new Date());
  return 'sent';
}
