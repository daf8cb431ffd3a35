import type { Context } from 'aws-lambda';
import type { RootLogger } from './powertools-logger.js';

/**
 * Structured JSON logs, one line per event (Powertools Logger), so CloudWatch Logs Insights can
 * query every field; each line also carries the Lambda context (function, request id, cold start)
 * and the X-Ray trace id.
 *
 * The Powertools module is imported at the first line a process writes, not at init (D107): most
 * requests write none (an answer of 2xx logs nothing), and reading it cost every cold start of
 * every group ~20 KB and ~1 ms. Until it is there, lines wait in order; a handler awaits
 * `flushLogs()` before it returns, because a Lambda is frozen once it has answered.
 */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

type Line = (root: RootLogger) => void;

/**
 * One Powertools Logger per process, made at the first line written, not when a logger is made:
 * modules make theirs at import, before a script or test setup has set LOG_LEVEL. Request fields
 * go with each line rather than into child loggers: a Powertools child is a whole Logger (console,
 * stores), and every request makes a logger.
 */
let root: RootLogger | undefined;
let loading: Promise<void> | undefined;
const waiting: Line[] = [];
let lambdaContext: Context | undefined;
let invocations = 0;

function write(line: Line): void {
  if (root) return line(root);
  waiting.push(line);
  loading ??= import('./powertools-logger.js').then(
    ({ createRootLogger }) => {
      root = createRootLogger();
      if (lambdaContext) {
        if (invocations > 1) root.notColdStart();
        root.addContext(lambdaContext);
      }
      for (const waitingLine of waiting.splice(0)) waitingLine(root);
    },
    (error: unknown) => {
      // A bundle missing its logger chunk: say so where CloudWatch still collects it, and try
      // again at the next line rather than keeping lines that would never be written.
      console.error('logger unavailable', error, `${waiting.splice(0).length} lines lost`);
      loading = undefined;
    },
  );
}

/** Resolves once every line written so far is out. */
export function flushLogs(): Promise<void> {
  return waiting.length > 0 && loading ? loading : Promise.resolve();
}

/** The same function, awaiting `flushLogs()` before it settles (jobs; createGroupHandler has a middleware). */
export function withFlushedLogs<F extends (...args: never[]) => Promise<unknown>>(run: F): F {
  const flushed = async (...args: Parameters<F>) => {
    try {
      return await run(...args);
    } finally {
      await flushLogs();
    }
  };
  return flushed as F;
}

/** Adds this invocation's Lambda context to every line from here on (once per request). */
export function addLambdaContext(context: Context): void {
  lambdaContext = context;
  invocations++;
  root?.addContext(context);
}

export function createLogger(base: LogFields = {}): Logger {
  return {
    info: (message, fields) => write((logger) => logger.info(message, { ...base, ...fields })),
    warn: (message, fields) => write((logger) => logger.warn(message, { ...base, ...fields })),
    error: (message, fields) => write((logger) => logger.error(message, { ...base, ...fields })),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
}
