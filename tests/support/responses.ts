import { expect } from 'vitest';
import { Reply } from '../../functions/runtime/http/reply.js';

/** The body of an answer that must be a 200; when it is not, the failure shows the body. */
export async function okJson(res: Response): Promise<any> {
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

/** What a service answered: the body of a `Reply` (headers, 304) or the plain answer itself. */
export function serviceBody<T>(answer: T | Reply): T {
  if (!(answer instanceof Reply)) return answer;
  expect(answer.status).toBe(200);
  return answer.body as T;
}
