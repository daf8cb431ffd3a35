import { useEffect } from 'react';
import { LIST_PROGRESS_THROTTLE_MS } from '#shared/domain/study-progress.js';
import { sessionStore } from '../../../lib/storage.js';
import { recordStudyProgress } from '../api/record-study-progress.js';

const LIST_RECORDED_AT = 'studyProgress.listRecordedAt';

/**
 * docs/product.md#study-progress: the detail and the dashboard record progress of one study when they open; the list
 * page records its studies at most once in 5 minutes (§9). Signed-in members only; the call's
 * failures are ignored. `studyIds` null waits (not loaded / not signed in).
 */
export function useRecordStudyProgress(
  target: { studyId: string; pageType: 'detail' | 'dashboard' } | { studyIds: string[]; pageType: 'list' } | null,
) {
  const key = target
    ? 'studyId' in target
      ? `${target.pageType}:${target.studyId}`
      : `list:${target.studyIds.join(',')}`
    : null;
  useEffect(() => {
    if (!target) return;
    if ('studyId' in target) {
      void recordStudyProgress({
        study_id: target.studyId,
        page_type: target.pageType,
        client_time: new Date().toISOString(),
      });
      return;
    }
    if (target.studyIds.length === 0) return;
    const last = Number(sessionStore.get(LIST_RECORDED_AT) ?? 0);
    if (Date.now() - last < LIST_PROGRESS_THROTTLE_MS) return;
    sessionStore.set(LIST_RECORDED_AT, String(Date.now()));
    void recordStudyProgress({ study_ids: target.studyIds, page_type: target.pageType });
    // The key stands for the target's content.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
