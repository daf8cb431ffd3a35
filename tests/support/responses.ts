import { expect } from 'vitest';
import { Reply } from '../../functions/runtime/http/reply.js';

/**
 * The body of an answer that must be a 200; when it is not, the failure shows the body. `T` names
 * the body's shape (e.g. `okJson<Row[]>` for a list) at this one edge; left out, the body is `any`.
 */
export async function okJson<T = any>(res: Response): Promise<T> {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}

/** What a service answered: the body of a `Reply` (headers, 304) or the plain answer itself. */
export function serviceBody<T>(answer: T | Reply): T {
  if (!(answer instanceof Reply)) return answer;
  expect(answer.status).toBe(200);
  return answer.body as T;
}
