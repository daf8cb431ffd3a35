/**
 * The server's entry to FSRS scheduling. The rule itself is shared with the browser
 * (shared/domain/fsrs-schedule.ts, D385), so the Review screen offline computes what the server will.
 */
export * from '#shared/domain/fsrs-schedule.js';
