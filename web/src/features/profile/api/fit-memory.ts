import { fitMemory as route, getMemoryFit, type MemoryFit } from '#shared/contracts/memory-fit.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/** POST /api/memory-fit/ — fit the caller's FSRS weights now (once a day; 429 `too_many_requests` before). */
export function fitMemory(): Promise<MemoryFit> {
  return writeThenInvalidate(() => callApi(route, {}), getMemoryFit);
}
