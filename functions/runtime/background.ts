import { onDemand } from './on-demand.js';
import { withFlushedLogs } from './log.js';

/**
 * Work a request starts and does not wait for (D195): the group's own function invoked again,
 * asynchronously, with this event instead of an HTTP one. In AWS the function's name comes from
 * the Lambda runtime; the local cloud answers the same Invoke API and runs the group's real handler
 * detached, keyed by the group's name.
 */
export interface BackgroundEvent {
  background: string;
  payload: Record<string, string>;
}

export type BackgroundTasks = Record<string, (payload: Record<string, string>) => Promise<void>>;

const invokeEvent = onDemand(() => import('./aws/lambda-client.js'), 'invokeEvent');

export function isBackgroundEvent(event: unknown): event is BackgroundEvent {
  const e = event as Partial<BackgroundEvent> | null;
  return typeof e === 'object' && e !== null && typeof e.background === 'string' && typeof e.payload === 'object';
}

/** Queues `task` of `groupName` (an asynchronous invoke: it runs after this request's answer, with its own time budget). */
export function startInBackground(groupName: string, task: string, payload: Record<string, string>): Promise<void> {
  const event: BackgroundEvent = { background: task, payload };
  return invokeEvent(process.env.AWS_LAMBDA_FUNCTION_NAME || groupName, event);
}

/** The group's handler, answering its background events with `tasks` and every other event over HTTP. */
export function withBackgroundTasks<H extends (event: never, context: never) => Promise<unknown>>(
  http: H,
  tasks: BackgroundTasks,
): H;
export function withBackgroundTasks(
  http: (event: never, context: never) => Promise<unknown>,
  tasks: BackgroundTasks,
): (event: unknown, context: unknown) => Promise<unknown> {
  const runTask = withFlushedLogs(async (event: BackgroundEvent) => {
    const task = tasks[event.background];
    if (!task) throw new Error(`unknown background task "${event.background}"`);
    await task(event.payload);
  });
  const handler = (event: unknown, context: unknown) =>
    isBackgroundEvent(event) ? runTask(event) : http(event as never, context as never);
  return handler;
}
