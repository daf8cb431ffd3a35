import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from './config.js';
import { db } from './data/db.js';
import { AppError } from './http/app-error.js';

/**
 * Kill switches for the risky paths (D361): one item in the app table, `CONFIG`/`SWITCHES`, with
 * one boolean attribute per switch. A missing item or attribute means on; `false` pauses the path.
 * Flipped by hand in an incident (docs/deploy.md, `npm run switch` locally), read here only.
 */
export const SWITCH = {
  /** The daily quiz email: the coordinator plans no shard, a worker sends nothing. */
  dailyMail: 'daily_mail',
  /** FSRS fitting: the scheduled job and the learner's POST /api/memory-fit/. */
  fsrsFit: 'fsrs_fit',
  /** Bedrock calls: evaluate-answer grades with the local evaluator instead. */
  modelCalls: 'model_calls',
} as const;

export type SwitchName = (typeof SWITCH)[keyof typeof SWITCH];

export const SWITCHES_KEY = { pk: 'CONFIG', sk: 'SWITCHES' } as const;

/** How long one instance trusts what it read: a flip reaches every instance within this. */
const DEFAULT_CACHE_SECONDS = 30;
/** Seconds a paused route asks the client to wait: a pause lasts minutes, not the engine's 5 s. */
export const PAUSED_RETRY_AFTER_SECONDS = 300;

let cached: { at: number; values: Readonly<Record<string, unknown>> } | undefined;

/** `FEATURE_SWITCH_CACHE_SECONDS` (0 in the integration tests, which flip switches between requests). */
function cacheMs(): number {
  const seconds = Number(process.env.FEATURE_SWITCH_CACHE_SECONDS);
  return (Number.isFinite(seconds) && seconds >= 0 ? seconds : DEFAULT_CACHE_SECONDS) * 1000;
}

/**
 * True unless the switch item sets `name` to false. One GetItem per instance per cache period,
 * eventually consistent (half a read unit); a failed read throws (the route's 503, the job's retry).
 */
export async function isSwitchOn(name: SwitchName, now: () => number = Date.now): Promise<boolean> {
  const ttl = cacheMs();
  if (!cached || now() - cached.at >= ttl) {
    const { Item } = await db().send(new GetCommand({ TableName: config.switchesTable, Key: SWITCHES_KEY }));
    cached = { at: now(), values: Item ?? {} };
  }
  return cached.values[name] !== false;
}

/** The 503 of a paused route, with Retry-After. */
export function featurePausedError(): AppError {
  return new AppError(
    503,
    'feature_paused',
    { seconds: PAUSED_RETRY_AFTER_SECONDS },
    { headers: { 'retry-after': String(PAUSED_RETRY_AFTER_SECONDS) } },
  );
}

/** Throws the 503 `feature_paused` when `name` is switched off. */
export async function requireSwitchOn(name: SwitchName): Promise<void> {
  if (!(await isSwitchOn(name))) throw featurePausedError();
}

/** Forgets what was read (tests). */
export function forgetSwitches(): void {
  cached = undefined;
}
