import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** log.ts with LOG_LEVEL set before its (lazily made) Powertools Logger exists; the lines it writes. */
async function loggerAt(level: string) {
  vi.resetModules();
  vi.stubEnv('LOG_LEVEL', level);
  const lines: string[] = [];
  const capture = (chunk: unknown) => {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  const log = await import('../../functions/lib/log.js');
  return { ...log, records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('createLogger (Powertools)', () => {
  it('writes one JSON line per event with the base, child and call fields', async () => {
    const { createLogger, records } = await loggerAt('info');
    const log = createLogger({ group: 'system', requestId: 'r1' });
    log.info('hello', { status: 200 });
    log.child({ route: 'GET /x' }).error('boom', { code: 'c' });
    expect(records()).toEqual([
      expect.objectContaining({ level: 'INFO', message: 'hello', group: 'system', requestId: 'r1', status: 200, timestamp: expect.any(String) }),
      expect.objectContaining({ level: 'ERROR', message: 'boom', group: 'system', requestId: 'r1', route: 'GET /x', code: 'c' }),
    ]);
  });

  it('LOG_LEVEL=warn drops info; silent drops everything', async () => {
    const warn = await loggerAt('warn');
    warn.createLogger().info('dropped');
    warn.createLogger().warn('kept');
    expect(warn.records().map((r) => r.message)).toEqual(['kept']);
    vi.restoreAllMocks();

    const silent = await loggerAt('silent');
    silent.createLogger().error('dropped too');
    expect(silent.records()).toEqual([]);
  });

  it('takes LOG_LEVEL as it is at the first line, not when a module made its logger', async () => {
    const { createLogger, records } = await loggerAt('info');
    const madeAtImport = createLogger({ component: 'scheduler' });
    vi.stubEnv('LOG_LEVEL', 'silent');
    madeAtImport.error('dropped');
    expect(records()).toEqual([]);
  });

  it('adds the Lambda context to every line once it is known', async () => {
    const { addLambdaContext, createLogger, records } = await loggerAt('info');
    addLambdaContext({ functionName: 'quizbank-system', awsRequestId: 'aws-1', invokedFunctionArn: 'arn:x', memoryLimitInMB: '256', functionVersion: '$LATEST' } as Context);
    createLogger({ requestId: 'r1' }).warn('with context');
    expect(records()[0]).toMatchObject({ function_name: 'quizbank-system', function_request_id: 'aws-1', requestId: 'r1' });
  });
});
