import { httpEvent } from '../support/http-event.js';
import { describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  GetItemCommand,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  ThrottlingException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { NoSuchKey, S3ServiceException } from '@aws-sdk/client-s3';
import { MessageRejected, TooManyRequestsException } from '@aws-sdk/client-sesv2';
import * as system from '#shared/contracts/system.js';
import { systemGroup } from '#shared/route-groups/system.js';
import { freePort } from '../../local/engines.js';
import { bind, createGroupHandler } from '../../functions/groups/group-handler.js';
import { ANSWER_MARGIN_MS } from '../../functions/runtime/http/create-group-handler.js';
import { isServiceUnavailable, SERVICE_RETRY_AFTER_SECONDS } from '../../functions/runtime/http/service-unavailable.js';

const $metadata = { httpStatusCode: 400, attempts: 3 };

describe('service unavailability classifier', () => {
  it('recognises throttling by DynamoDB, S3 and SES', () => {
    expect(isServiceUnavailable(new ProvisionedThroughputExceededException({ message: 'slow', $metadata }))).toBe(true);
    expect(isServiceUnavailable(new ThrottlingException({ message: 'slow', $metadata }))).toBe(true);
    expect(isServiceUnavailable(new RequestLimitExceeded({ message: 'slow', $metadata }))).toBe(true);
    expect(
      isServiceUnavailable(
        new S3ServiceException({ name: 'SlowDown', $fault: 'server', $metadata: { httpStatusCode: 503 } }),
      ),
    ).toBe(true);
    expect(
      isServiceUnavailable(new TooManyRequestsException({ message: 'slow', $metadata: { httpStatusCode: 429 } })),
    ).toBe(true);
  });

  it('recognises a transaction cancelled only by throttling', () => {
    const throttled = new TransactionCanceledException({
      message: 'cancelled',
      $metadata,
      CancellationReasons: [{ Code: 'None' }, { Code: 'ThrottlingError' }],
    });
    const conflicted = new TransactionCanceledException({
      message: 'cancelled',
      $metadata,
      CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'ThrottlingError' }],
    });
    expect(isServiceUnavailable(throttled)).toBe(true);
    expect(isServiceUnavailable(conflicted)).toBe(false);
  });

  it('recognises the network errors Node raises, bare or wrapped', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
    expect(isServiceUnavailable(refused)).toBe(true);
    expect(isServiceUnavailable(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }))).toBe(true);
    expect(isServiceUnavailable(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' }))).toBe(true);
    expect(isServiceUnavailable(new TypeError('fetch failed', { cause: refused }))).toBe(true);
    expect(isServiceUnavailable(new AggregateError([refused], 'all failed'))).toBe(true);
  });

  it('classifies the error the DynamoDB client really throws when nothing listens', async () => {
    const port = await freePort();
    const client = new DynamoDBClient({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'ap-northeast-2',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      maxAttempts: 1,
    });
    const error = await client
      .send(new GetItemCommand({ TableName: 't', Key: { pk: { S: 'x' } } }))
      .catch((e: unknown) => e);
    client.destroy();
    expect(error).toBeInstanceOf(Error);
    expect(isServiceUnavailable(error)).toBe(true);
  });

  it('leaves client mistakes and program errors alone', () => {
    expect(isServiceUnavailable(new ConditionalCheckFailedException({ message: 'no', $metadata }))).toBe(false);
    expect(isServiceUnavailable(new NoSuchKey({ message: 'no', $metadata: { httpStatusCode: 404 } }))).toBe(false);
    expect(isServiceUnavailable(new MessageRejected({ message: 'no', $metadata }))).toBe(false);
    expect(isServiceUnavailable(new TypeError("Cannot read properties of undefined (reading 'pk')"))).toBe(false);
    expect(isServiceUnavailable(undefined)).toBe(false);
    expect(isServiceUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe('error responder', () => {
  const event = httpEvent('GET', '/api/csrf-token/', 'GET /api/csrf-token');

  it('answers an unavailable service with 503 service_unavailable and Retry-After', async () => {
    const log = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const handler = createGroupHandler(systemGroup, [
      bind(system.getCsrfToken, async () => {
        throw new ProvisionedThroughputExceededException({ message: 'slow', $metadata });
      }),
      bind(system.testCsrf, async () => ({ success: true as const, message: 'ok' })),
      bind(system.getTranslations, async () => ({ language: 'ko' as const, translations: {} })),
    ]);
    const result = await handler(event, { awsRequestId: 'aws' } as Context);
    log.mockRestore();
    expect(result.statusCode).toBe(503);
    expect(result.headers?.['retry-after']).toBe(String(SERVICE_RETRY_AFTER_SECONDS));
    expect(JSON.parse(result.body!)).toEqual({
      code: 'service_unavailable',
      detail: `The service is briefly unavailable. Please try again in ${SERVICE_RETRY_AFTER_SECONDS} seconds.`,
    });
  });

  it('answers 503 with Retry-After when a route is still waiting on a service near the function timeout', async () => {
    const log = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let finished = false;
    const handler = createGroupHandler(systemGroup, [
      // An engine that does not answer in time (a loaded machine, a throttled partition).
      bind(system.getCsrfToken, () => new Promise<never>(() => undefined)),
      bind(system.testCsrf, async () => ({ success: true as const, message: 'ok' })),
      bind(system.getTranslations, async () => ({ language: 'ko' as const, translations: {} })),
    ]);
    const deadline = Date.now() + ANSWER_MARGIN_MS + 200;
    const context = { awsRequestId: 'aws', getRemainingTimeInMillis: () => deadline - Date.now() } as Context;
    const answer = handler(httpEvent('GET', '/api/csrf-token/', 'GET /api/csrf-token'), context).finally(
      () => (finished = true),
    );
    const result = await answer;
    log.mockRestore();
    expect(finished).toBe(true);
    // Answered with the margin left, not at the last moment (time for the answer to leave the function).
    expect(deadline - Date.now()).toBeGreaterThan(ANSWER_MARGIN_MS / 2);
    expect(result.statusCode, result.body).toBe(503);
    expect(result.headers?.['retry-after']).toBe(String(SERVICE_RETRY_AFTER_SECONDS));
    expect(JSON.parse(result.body!)).toMatchObject({ code: 'service_unavailable' });
  });
});
