import { connectedStudies, connectedStudySchema } from '#shared/contracts/exams.js';
import { lazy } from '#shared/contracts/lazy.js';
import * as z from 'zod/mini';
import { callApi } from '../../../lib/api-client.js';
import { sessionStore } from '../../../lib/storage.js';

export type ConnectedStudy = z.infer<ReturnType<typeof connectedStudySchema>>;

const cached = lazy(() => z.array(connectedStudySchema()));

export function connectedStudiesKey(examId: string): string {
  return `connectedStudies_${examId}`;
}

/** The cached list of this browser session, or null. */
export function cachedConnectedStudies(examId: string): ConnectedStudy[] | null {
  const parsed = cached().safeParse(sessionStore.getJson(connectedStudiesKey(examId)));
  return parsed.success ? parsed.data : null;
}

/** GET /api/exam/{examId}/connected-studies/, cached in sessionStorage (docs/product.md#studies). */
export async function loadConnectedStudies(examId: string): Promise<ConnectedStudy[]> {
  const hit = cachedConnectedStudies(examId);
  if (hit) return hit;
  const answer = await callApi(connectedStudies, { params: { examId } });
  sessionStore.setJson(connectedStudiesKey(examId), answer.connected_studies);
  return answer.connected_studies;
}
