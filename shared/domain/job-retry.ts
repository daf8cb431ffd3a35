/**
 * The retry of a failed fan-out task of a scheduled job, in its state machine
 * (infra/definitions/schedules.ts) and in process (functions/jobs/fan-out.ts): 1, 2, 4 minutes
 * after the failures, then the jobs' dead-letter queue (docs/decisions/jobs.md D333).
 */
export const FAN_OUT_RETRY = { retries: 3, intervalSeconds: 60, backoffRate: 2 } as const;
