import type { Tag } from '#shared/contracts/tags.js';
import { useStudyTags } from '../api/get-study-tags.js';
import { useTags } from '../api/get-tags.js';
import type { TagEntityType } from '../utils/tag-utils.js';

/** The tags an entity type can carry: exams' or studies' list (only that one is asked for); `enabled` false waits. */
export function useTagList(
  entityType: TagEntityType,
  enabled = true,
): { tags: Tag[] | undefined; error: unknown; isLoading: boolean } {
  const examTags = useTags(enabled && entityType === 'exam');
  const studyTags = useStudyTags(enabled && entityType === 'study');
  if (entityType === 'exam')
    return { tags: examTags.data?.results, error: examTags.error, isLoading: examTags.isLoading };
  return { tags: studyTags.data, error: studyTags.error, isLoading: studyTags.isLoading };
}
