import { listStudyTags } from '#shared/contracts/tags.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/studies/tags/ — the tags studies use; `enabled` false waits. */
export function useStudyTags(enabled = true) {
  return useApi(listStudyTags, enabled ? {} : null);
}
