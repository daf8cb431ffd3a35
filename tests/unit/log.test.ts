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
  const log = await import('../../functions/runtime/log.js');
  /** The lines out so far, once the logger module has loaded (log.ts imports it at the first line). */
  const records = async () => {
    await log.flushLogs();
    return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  };
  return { ...log, lines, records };
}

const lambdaContext = (awsRequestId: string) =>
  ({
    functionName: 'quizbank-system',
    awsRequestId,
    invokedFunctionArn: 'arn:x',
    memoryLimitInMB: '256',
    functionVersion: '$LATEST',
  }) as Context;

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
    expect(await records()).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'hello',
        group: 'system',
        requestId: 'r1',
        status: 200,
        timestamp: expect.any(String),
      }),
      expect.objectContaining({
        level: 'ERROR',
        message: 'boom',
        group: 'system',
        requestId: 'r1',
        route: 'GET /x',
        code: 'c',
      }),
    ]);
  });

  it('LOG_LEVEL=warn drops info; silent drops everything', async () => {
    const warn = await loggerAt('warn');
    warn.createLogger().info('dropped');
    warn.createLogger().warn('kept');
    expect((await warn.records()).map((r) => r.message)).toEqual(['kept']);
    vi.restoreAllMocks();

    const silent = await loggerAt('silent');
    silent.createLogger().error('dropped too');
    expect(await silent.records()).toEqual([]);
  });

  it('takes LOG_LEVEL as it is at the first line, not when a module made its logger', async () => {
    const { createLogger, records } = await loggerAt('info');
    const madeAtImport = createLogger({ component: 'scheduler' });
    vi.stubEnv('LOG_LEVEL', 'silent');
    madeAtImport.error('dropped');
    expect(await records()).toEqual([]);
  });

  it('adds the Lambda context to every line once it is known', async () => {
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
    const { addLambdaContext, createLogger, records } = await loggerAt('info');
    addLambdaContext({
      functionName: 'quizbank-system',
      awsRequestId: 'aws-1',
      invokedFunctionArn: 'arn:x',
      memoryLimitInMB: '256',
      functionVersion: '$LATEST',
    } as Context);
    createLogger({ requestId: 'r1' }).warn('with context');
    expect((await records())[0]).toMatchObject({
      function_name: 'quizbank-system',
      function_request_id: 'aws-1',
      requestId: 'r1',
      cold_start: true,
    });
  });

  it('claims the cold start only when the first line comes in the first invocation', async () => {
    vi.stubEnv('AWS_LAMBDA_INITIALIZATION_TYPE', 'on-demand');
    const { addLambdaContext, createLogger, flushLogs, records } = await loggerAt('info');
    addLambdaContext(lambdaContext('aws-1'));
    addLambdaContext(lambdaContext('aws-2'));
    createLogger().warn('second request');
    // As createGroupHandler does before answering: a Lambda runs one invocation at a time.
    await flushLogs();
    addLambdaContext(lambdaContext('aws-3'));
    createLogger().warn('third request');
    expect((await records()).map((r) => [r.function_request_id, r.cold_start])).toEqual([
      ['aws-2', false],
      ['aws-3', false],
    ]);
  });
});

describe('the logger module is read at the first line (D107)', () => {
  it('writes nothing and loads nothing until a line comes; then every line, in order', async () => {
    const { createLogger, flushLogs, lines, records } = await loggerAt('info');
    await flushLogs();
    expect(lines).toEqual([]);
    const log = createLogger({ requestId: 'r1' });
    log.info('one');
    log.warn('two');
    // Still loading: the lines wait rather than being dropped or reordered.
    expect(lines).toEqual([]);
    log.error('three');
    expect((await records()).map((r) => r.message)).toEqual(['one', 'two', 'three']);
    log.info('four');
    // Loaded: written at once.
    expect(lines).toHaveLength(4);
  });

  it('withFlushedLogs settles only once its lines are out, for a result and for a rejection', async () => {
    const { createLogger, withFlushedLogs, lines } = await loggerAt('info');
    const job = withFlushedLogs(async (fail: boolean) => {
      createLogger({ job: 'test' }).info('ran');
      if (fail) throw new Error('job failed');
      return 'done';
    });
    await expect(job(false)).resolves.toBe('done');
    expect(lines).toHaveLength(1);
    await expect(job(true)).rejects.toThrow('job failed');
    expect(lines).toHaveLength(2);
  });

  it('when the logger module cannot load, says how many lines were lost and loads it again at the next line', async () => {
    const { createLogger, flushLogs, records } = await loggerAt('info');
    // A bundle missing its logger chunk: the lazy import fails.
    vi.doMock('../../functions/runtime/powertools-logger.js', () => {
      throw new Error('chunk missing');
    });
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    createLogger().info('first');
    createLogger().warn('second');
    await flushLogs();
    expect(reported).toHaveBeenCalledWith('logger unavailable', expect.any(Error), '2 lines lost');

    vi.doUnmock('../../functions/runtime/powertools-logger.js');
    createLogger().info('third');
    expect((await records()).map((record) => record.message)).toEqual(['third']);
  });
});
