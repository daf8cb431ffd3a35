import {
  closeSitting as closeSittingRoute,
  endSitting,
  getSitting,
  saveSitting,
  type SittingState,
} from '#shared/contracts/sittings.js';
import { callApi } from '../../../lib/api-client.js';

/** GET /api/exam/{examId}/sitting/: the sitting kept on the server (not cached: always the latest). */
export function loadSitting(examId: string) {
  return callApi(getSitting, { params: { examId } });
}

/** PUT /api/exam/{examId}/sitting/ with the version it was read at (409 sitting_version_conflict when another tab wrote first). */
export function writeSitting(examId: string, expectedVersion: number, state: SittingState) {
  return callApi(saveSitting, { params: { examId }, body: { expected_version: expectedVersion, state } });
}

/** DELETE /api/exam/{examId}/sitting/: the sitting is over. No cached read shows sittings. */
export function finishSitting(examId: string) {
  return callApi(endSitting, { params: { examId } });
}

/** POST /api/exam/{examId}/sitting/close/: start over — the sitting's uncounted answers are counted, then it goes (D296). */
export function closeSitting(examId: string) {
  return callApi(closeSittingRoute, { params: { examId } });
}
