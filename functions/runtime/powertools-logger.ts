import { Logger, LogLevel } from '@aws-lambda-powertools/logger';
import type { LogLevel as LevelName } from '@aws-lambda-powertools/logger/types';

/**
 * The Powertools Logger behind log.ts, in a module of its own so that a Lambda reads it at the
 * first line written rather than at init (D107).
 */

const isLogLevel = (value: string): value is LevelName => Object.hasOwn(LogLevel, value.toUpperCase());

/**
 * `LOG_LEVEL`: `warn` drops info, `silent` drops everything (`POWERTOOLS_LOG_LEVEL` and Lambda's own
 * log level win). Passed explicitly because Powertools reads LOG_LEVEL itself only in upper case.
 */
function configuredLevel(): LevelName | undefined {
  const level = process.env.POWERTOOLS_LOG_LEVEL || process.env.LOG_LEVEL || '';
  return isLogLevel(level) ? level : undefined;
}

/** A Logger that may be made after the container's first invocation. */
export class RootLogger extends Logger {
  /**
   * Powertools reports `cold_start: true` on the first `addContext` of a Logger. Made at a later
   * invocation's first line, this one must not claim the cold start: it uses the flag up here.
   */
  notColdStart(): void {
    this.getColdStart();
  }
}

export function createRootLogger(): RootLogger {
  return new RootLogger({
    serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'quizbank',
    logLevel: configuredLevel(),
  });
}
