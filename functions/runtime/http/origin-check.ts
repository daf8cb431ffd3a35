import { createHash, timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import { ORIGIN_VERIFY_HEADER } from '#shared/domain/origin-verify.js';
import { readPreviousSecret, readSecret } from '../secrets.js';
import { forbidden } from './app-error.js';
import type { HandlerContext, HttpEvent, HttpResult } from './types.js';

type Middleware = middy.MiddlewareObj<HttpEvent, HttpResult, Error, HandlerContext>;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Digests have one length, so the comparison says nothing about the secret's length. */
const same = (sent: string, expected: string) => timingSafeEqual(digest(sent), digest(expected));

/**
 * Refuses (403 forbidden_origin) a request that did not come through CloudFront, i.e. lacks the
 * origin header with the stack's secret. Off when no secret is configured (local cloud, tests).
 * The secret's previous value passes too (D414): after a new value is put, CloudFront sends the old
 * one until the stack is deployed again, and the functions see the new one within minutes.
 */
export function originCheck(): Middleware {
  return {
    before: async ({ event }) => {
      const expected = await readSecret('originVerify');
      if (!expected) return;
      const sent = event.headers?.[ORIGIN_VERIFY_HEADER] ?? '';
      if (same(sent, expected)) return;
      const previous = await readPreviousSecret('originVerify');
      if (previous && same(sent, previous)) return;
      throw forbidden('forbidden_origin');
    },
  };
}
