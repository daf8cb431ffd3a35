import {
  DAILY_MAIL_MODEL,
  dailyMailThroughput,
  dailyMailWallSeconds,
  sesRateFor,
} from '../infra/definitions/daily-mail-model.js';
import { SCHEDULES } from '../infra/definitions/schedules.js';

type Report = (name: string, value: string, budget?: { ok: boolean; text: string }) => void;

/** The SES rates the capacity sheet compares: a new production account, the rate to request, a large account. */
export const MODELLED_SES_RATES = [14, 200, 1000] as const;

const hours = (seconds: number) => `${(seconds / 3600).toFixed(2)} h`;

/**
 * The daily mail's modelled wall time at a million recipients (infra/definitions/daily-mail-model.ts)
 * for each SES rate, against the state machine's timeout; the rate to request is the first that
 * ends the mail within 2 hours of its 07:00 KST start (docs/deploy.md).
 */
export function benchDailyMailWallTime(report: Report): void {
  const timeout = SCHEDULES.find((s) => s.name === 'daily-quiz-email')!.fanOut!.timeoutHours * 3600;
  const users = DAILY_MAIL_MODEL.users;
  for (const rate of MODELLED_SES_RATES) {
    const wall = dailyMailWallSeconds(users, rate);
    report(
      `daily mail wall time, 1 M users at ${rate}/s`,
      `${hours(wall)} (${dailyMailThroughput(rate).toFixed(0)} mails/s)`,
      // 14/s is the information the budget exists for: it cannot fit.
      rate === 14 ? undefined : { ok: wall <= timeout, text: `≤ ${hours(timeout)} timeout` },
    );
  }
  report('daily mail: SES rate to fit the timeout at 1 M', `${sesRateFor(users, timeout)}/s`);
  report('daily mail: SES rate to finish within 2 h at 1 M', `${sesRateFor(users, 2 * 3600)}/s`);
}

if (import.meta.url === `file://${process.argv[1]}`)
  benchDailyMailWallTime((name, value, budget) =>
    console.log(
      `${name.padEnd(44)} ${value}${budget ? ` (budget ${budget.text}) ${budget.ok ? 'PASS' : 'FAIL'}` : ''}`,
    ),
  );
