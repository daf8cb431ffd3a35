import { Logger as PowertoolsLogger, LogLevel as POWERTOOLS_LEVELS } from '@aws-lambda-powertools/logger';
import type { LogLevel } from '@aws-lambda-powertools/logger/types';
import type { Context } from 'aws-lambda';

/**
 * Structured JSON logs, one line per event (Powertools Logger), so CloudWatch Logs Insights can
 * query every field; each line also carries the Lambda context (function, request id, cold start)
 * and the X-Ray trace id.
 */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const isLogLevel = (value: string): value is LogLevel => Object.hasOwn(POWERTOOLS_LEVELS, value.toUpperCase());

/**
 * `LOG_LEVEL`: `warn` drops info, `silent` drops everything (`POWERTOOLS_LOG_LEVEL` and Lambda's own
 * log level win). Passed explicitly because Powertools reads LOG_LEVEL itself only in upper case.
 */
function configuredLevel(): LogLevel | undefined {
  const level = process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL || '';
  return isLogLevel(level) ? level : undefined;
}

let root: PowertoolsLogger | undefined;

/**
 * One Powertools Logger per process, made at the first line written, not when a logger is made:
 * modules make theirs at import, before a script or test setup has set LOG_LEVEL. Request fields
 * go with each line rather than into child loggers: a Powertools child is a whole Logger (console,
 * stores), and every request makes a logger.
 */
function rootLogger(): PowertoolsLogger {
  root ??= new PowertoolsLogger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'quizbank', logLevel: configuredLevel() });
  return root;
}

/** Adds this invocation's Lambda context to every line from here on (once per request). */
export function addLambdaContext(context: Context): void {
  rootLogger().addContext(context);
}

export function createLogger(base: LogFields = {}): Logger {
  return {
    info: (message, fields) => rootLogger().info(message, { ...base, ...fields }),
    warn: (message, fields) => rootLogger().warn(message, { ...base, ...fields }),
    error: (message, fields) => rootLogger().error(message, { ...base, ...fields }),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
}
