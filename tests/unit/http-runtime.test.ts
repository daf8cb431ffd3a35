import { describe, expect, it, vi } from 'vitest';
import type { Context } from 'aws-lambda';
import * as system from '#shared/contracts/system.js';
import { studiesSheetsGroup } from '#shared/route-groups/studies-sheets.js';
import { systemGroup } from '#shared/route-groups/system.js';
import { badRequest } from '../../functions/runtime/http/app-error.js';
import { bind, createGroupHandler } from '../../functions/groups/group-handler.js';
import { multipartBody } from '../../functions/runtime/http/multipart-body.js';
import { httpEvent } from '../support/http-event.js';

const event = httpEvent;

const context = { awsRequestId: 'aws-req' } as Context;

const failingBindings = () => [
  bind(system.getCsrfToken, async () => {
    throw new Error('connection string postgres://secret@internal');
  }),
  bind(system.testCsrf, async () => ({ success: true as const, message: 'ok' })),
  bind(system.getTranslations, async () => {
    throw badRequest('validation_failed');
  }),
];

describe('group handler runtime', () => {
  const failing = createGroupHandler(systemGroup, failingBindings());

  it('answers an unknown error with 500, the request id and nothing internal', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const result = await failing(event('GET', '/api/csrf-token/', 'GET /api/csrf-token'), context);
    log.mockRestore();
    expect(result.statusCode).toBe(500);
    const body = JSON.parse(result.body!);
    expect(body).toEqual({ code: 'internal_error', detail: expect.any(String), requestId: 'req-test' });
    expect(result.body).not.toMatch(/secret|postgres|stack|at /);
  });

  it('maps a typed error to its status and code in the caller language', async () => {
    const result = await failing(event('GET', '/api/translations/', 'GET /api/translations'), context);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body!)).toMatchObject({ code: 'validation_failed', detail: 'Some input is not valid.' });
  });

  it('answers a route key it does not own with 404 route_not_found', async () => {
    const result = await failing(event('GET', '/api/elsewhere/', '$default'), context);
    expect(result.statusCode).toBe(404);
    expect(JSON.parse(result.body!).code).toBe('route_not_found');
  });

  it('refuses a manifest group whose routes are not all bound', () => {
    expect(() =>
      createGroupHandler(systemGroup, [bind(system.getCsrfToken, async () => ({ csrfToken: 'x' }))]),
    ).toThrow(/no service for/);
  });

  it('refuses a multipart route without a multipart parser, and a parser without a multipart route', () => {
    const bindings = studiesSheetsGroup.routes.map((route) => bind(route, async () => ({})));
    expect(() => createGroupHandler(studiesSheetsGroup, bindings)).toThrow(
      /is multipart but the group has no multipart parser/,
    );
    expect(() => createGroupHandler(studiesSheetsGroup, bindings, { multipartBody: multipartBody() })).not.toThrow();
    expect(() => createGroupHandler(systemGroup, failingBindings(), { multipartBody: multipartBody() })).toThrow(
      /no multipart route/,
    );
  });

  it('refuses an answer that breaks its contract when response validation is on', async () => {
    process.env.VALIDATE_RESPONSES = 'true';
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = createGroupHandler(systemGroup, [
      bind(system.getCsrfToken, async () => ({ csrfToken: 42 }) as never),
      bind(system.testCsrf, async () => ({ success: true as const, message: 'ok' })),
      bind(system.getTranslations, async () => ({ language: 'ko' as const, translations: {} })),
    ]);
    const result = await broken(event('GET', '/api/csrf-token/', 'GET /api/csrf-token'), context);
    log.mockRestore();
    delete process.env.VALIDATE_RESPONSES;
    expect(result.statusCode).toBe(500);
  });
});
