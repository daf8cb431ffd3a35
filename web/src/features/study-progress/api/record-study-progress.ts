import { listStudies, getStudy } from '#shared/contracts/studies.js';
import {
  recordStudyProgress as route,
  studyProgressHistory,
  studyTimeStatistics,
} from '#shared/contracts/study-progress.js';
import { callApi } from '../../../lib/api-client.js';
import { writeThenInvalidate } from '../../../lib/use-api.js';

/**
 * POST /api/record-study-progress/. docs/product.md#errors: failures are swallowed (the page never breaks). It
 * changes the progress the study reads, lists and the dashboard show.
 */
export async function recordStudyProgress(
  body: { study_id: string; page_type: string; client_time: string } | { study_ids: string[]; page_type: string },
): Promise<void> {
  await writeThenInvalidate(
    () => callApi(route, { body }),
    studyProgressHistory,
    studyTimeStatistics,
    getStudy,
    listStudies,
  ).catch(() => undefined);
}
