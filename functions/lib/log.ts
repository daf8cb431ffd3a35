/** Structured JSON logs: one line per event, CloudWatch Logs Insights can query every field. */
export type LogFields = Record<string, unknown>;

export interface Logger {
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

export function createLogger(base: LogFields = {}): Logger {
  const write = (level: string, message: string, fields?: LogFields) => {
    if (process.env.LOG_LEVEL === 'silent') return;
    if (level === 'info' && process.env.LOG_LEVEL === 'warn') return;
    const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...base, ...fields });
    (level === 'error' ? console.error : console.log)(line);
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }),
  };
}
