import { SCHEDULES } from './schedules.js';

/**
 * Reserved concurrency by AppFunction name (D346). A reservation both caps a function and keeps
 * that many executions for it whatever the rest of the account does:
 *
 * - `auth`: sign-in hashes passwords (~0.3 s at 1 GB). At the capacity sheet's 1 M peak (~525
 *   requests/s, a few per cent of them sign-ins) it needs under 10; 50 keeps sign-in working
 *   while another group floods the account, and caps what a credential-stuffing run can spend
 *   behind the WAF's per-address limit.
 * - the daily mail's worker: exactly its fan-out's parallelism, the share of the SES send rate each
 *   worker paces itself to; a second run (a manual rerun) waits instead of sending past the rate.
 *
 * The account keeps at least 100 unreserved executions (AWS refuses less): with the default
 * 1,000 that leaves 946 for the others.
 */
export const RESERVED_CONCURRENCY: Readonly<Record<string, number>> = {
  auth: 50,
  // Only the mail's worker paces itself to a shared rate; the other fan-out workers are bounded by their Map.
  ...Object.fromEntries(
    SCHEDULES.filter((s) => s.name === 'daily-quiz-email' && s.fanOut).map((s) => [
      `${s.name}-worker`,
      s.fanOut!.parallel,
    ]),
  ),
};
