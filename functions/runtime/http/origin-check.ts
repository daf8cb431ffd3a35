import { createHash, timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import { ORIGIN_VERIFY_HEADER } from '#shared/domain/origin-verify.js';
import { readSecret } from '../secrets.js';
import { forbidden } from './app-error.js';
import type { HandlerContext, HttpEvent, HttpResult } from './types.js';

type Middleware = middy.MiddlewareObj<HttpEvent, HttpResult, Error, HandlerContext>;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Refuses (403 forbidden_origin) a request that did not come through CloudFront, i.e. lacks the
 * origin header with the stack's secret. Off when no secret is configured (local cloud, tests).
 */
export function originCheck(): Middleware {
  return {
    before: async ({ event }) => {
      const expected = await readSecret('originVerify');
      if (!expected) return;
      const sent = event.headers?.[ORIGIN_VERIFY_HEADER] ?? '';
      // Digests have one length, so the comparison says nothing about the secret's length.
      if (!timingSafeEqual(digest(sent), digest(expected))) throw forbidden('forbidden_origin');
    },
  };
}
