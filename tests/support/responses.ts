import { expect } from 'vitest';

/** The body of an answer that must be a 200; when it is not, the failure shows the body. */
export async function okJson(res: Response): Promise<any> {
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}
