import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SCHEDULES, msUntilNextRun, type ScheduleDefinition } from '../infra/definitions/schedules.js';
import { createLogger } from '../functions/runtime/log.js';

const log = createLogger({ component: 'local-scheduler' });

/** Runs one scheduled job's real handler, as EventBridge Scheduler would invoke it. */
export async function runJob(rootDir: string, name: string): Promise<unknown> {
  const schedule = SCHEDULES.find((s) => s.name === name);
  if (!schedule) throw new Error(`unknown job "${name}"; known jobs: ${SCHEDULES.map((s) => s.name).join(', ')}`);
  const module = (await import(pathToFileURL(join(rootDir, schedule.handler)).href)) as {
    handler: (event: unknown) => Promise<unknown>;
  };
  return module.handler({ source: 'local-scheduler', job: name, time: new Date().toISOString() });
}

/** Registers every schedule of infra/definitions on a timer; returns a function that stops them. */
export function startScheduler(rootDir: string): () => void {
  const timers = new Map<string, NodeJS.Timeout>();
  const arm = (schedule: ScheduleDefinition) => {
    const timer = setTimeout(async () => {
      try {
        log.info('job started', { job: schedule.name, result: await runJob(rootDir, schedule.name) });
      } catch (error) {
        log.error('job failed', { job: schedule.name, error: (error as Error).message });
      }
      arm(schedule);
    }, msUntilNextRun(schedule));
    timer.unref();
    timers.set(schedule.name, timer);
  };
  SCHEDULES.forEach(arm);
  return () => timers.forEach((t) => clearTimeout(t));
}
