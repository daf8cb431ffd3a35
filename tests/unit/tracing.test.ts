import { createSocket, type Socket } from 'node:dgram';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import middy from '@middy/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * The tracer against a stand-in X-Ray daemon (a UDP socket, as Lambda's is) and a stand-in
 * DynamoDB endpoint: what a sampled invocation sends, and that an unsampled one loads nothing.
 */
interface SentSegment {
  name: string;
  trace_id: string;
  parent_id?: string;
  annotations?: Record<string, unknown>;
  aws?: { operation?: string; table_name?: string };
  error?: boolean;
  fault?: boolean;
  cause?: unknown;
}

const TRACE_ROOT = '1-6747a9c0-0123456789abcdef01234567';
let daemon: Socket;
let dynamo: Server;
const received: SentSegment[] = [];
const waiters: Array<() => void> = [];

beforeAll(async () => {
  daemon = createSocket('udp4');
  daemon.on('message', (message) => {
    // The daemon protocol: a header line, then the (sub)segment document.
    const [, body] = message.toString('utf8').split('\n');
    received.push(JSON.parse(body!) as SentSegment);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise<void>((resolve) => daemon.bind(0, '127.0.0.1', resolve));
  dynamo = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => dynamo.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  daemon.close();
  await new Promise((resolve) => dynamo.close(resolve));
});

afterEach(() => {
  vi.unstubAllEnvs();
  vi.doUnmock('../../functions/runtime/powertools-tracer.js');
  received.length = 0;
});

/** Resolves once a sent segment matches (the SDK sends each subsegment as it closes). */
async function sent(match: (segment: SentSegment) => boolean): Promise<SentSegment> {
  for (;;) {
    const found = received.find(match);
    if (found) return found;
    await new Promise<void>((resolve) => waiters.push(resolve));
  }
}

/** A Lambda process's environment with this invocation sampled or not, and fresh modules. */
async function lambdaProcess(sampled: boolean) {
  vi.resetModules();
  vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'quizbank-test-exams');
  vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
  vi.stubEnv('LAMBDA_TASK_ROOT', '/var/task');
  vi.stubEnv('POWERTOOLS_TRACE_ENABLED', '');
  vi.stubEnv('AWS_XRAY_DAEMON_ADDRESS', `127.0.0.1:${(daemon.address() as AddressInfo).port}`);
  vi.stubEnv('AWS_XRAY_CONTEXT_MISSING', 'IGNORE_ERROR');
  vi.stubEnv('_X_AMZN_TRACE_ID', `Root=${TRACE_ROOT};Parent=53995c3f42cd8ad8;Sampled=${sampled ? 1 : 0}`);
  const tracing = await import('../../functions/runtime/tracing.js');
  const client = tracing.traced(
    new DynamoDBClient({
      endpoint: `http://127.0.0.1:${(dynamo.address() as AddressInfo).port}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    }),
  );
  return { ...tracing, client };
}

describe('X-Ray tracing (D241)', () => {
  it('sends a sampled job as its subsegment, annotated, with the DynamoDB call beneath it', async () => {
    const { withTrace, client } = await lambdaProcess(true);
    await withTrace('retention-cleanup', async () => {
      await client.send(new GetItemCommand({ TableName: 'quizbank-test', Key: { pk: { S: 'USER#a' } } }));
    })();
    const job = await sent((s) => s.name === '## retention-cleanup');
    const call = await sent((s) => s.name === 'DynamoDB');
    expect(job.trace_id).toBe(TRACE_ROOT);
    expect(job.annotations).toMatchObject({ job: 'retention-cleanup', ColdStart: true, Service: 'quizbank' });
    expect(call.aws).toMatchObject({ operation: 'GetItem', table_name: 'quizbank-test' });
    expect(call.parent_id).toBe((job as SentSegment & { id: string }).id);
    expect(job.fault ?? false).toBe(false);
  });

  it('marks the route subsegment faulty on an unexpected error, not on a 4xx answer', async () => {
    const { client } = await lambdaProcess(true);
    const { routeTraced } = await import('../../functions/runtime/http/middlewares.js');
    const { AppError } = await import('../../functions/runtime/http/app-error.js');
    const handler = (failure: Error) =>
      middy()
        .use(routeTraced('exams') as middy.MiddlewareObj)
        .handler(async () => {
          await client.send(new GetItemCommand({ TableName: 'quizbank-test', Key: { pk: { S: 'EXAM#1' } } }));
          throw failure;
        });
    await expect(
      handler(new AppError(404, 'exam_not_found'))({ routeKey: 'GET /api/exams/{id}/' }, {} as never),
    ).rejects.toThrow();
    await expect(handler(new Error('boom'))({ routeKey: 'POST /api/exams/' }, {} as never)).rejects.toThrow('boom');
    const notFound = await sent((s) => s.name === '## GET /api/exams/{id}/');
    const broken = await sent((s) => s.name === '## POST /api/exams/');
    expect(notFound.annotations).toMatchObject({ route: 'GET /api/exams/{id}/', group: 'exams' });
    expect(notFound.fault ?? false).toBe(false);
    expect(notFound.error ?? false).toBe(false);
    expect(broken.annotations).toMatchObject({ route: 'POST /api/exams/', group: 'exams' });
    expect(broken.fault || broken.error).toBe(true);
  });

  it('never loads the tracer on an unsampled invocation, nor outside Lambda', async () => {
    const load = vi.fn();
    vi.doMock('../../functions/runtime/powertools-tracer.js', () => {
      load();
      return { instrument: () => undefined, open: () => undefined };
    });
    const { startSpan, invocationSampled } = await lambdaProcess(false);
    expect(await startSpan('## GET /api/exams/', { route: 'GET /api/exams/' })).toBeUndefined();
    expect(invocationSampled({ _X_AMZN_TRACE_ID: `Root=${TRACE_ROOT};Sampled=1` })).toBe(false);
    expect(
      invocationSampled({
        AWS_LAMBDA_FUNCTION_NAME: 'f',
        POWERTOOLS_TRACE_ENABLED: 'false',
        _X_AMZN_TRACE_ID: `Root=${TRACE_ROOT};Sampled=1`,
      }),
    ).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });
});
