import type { Tag } from '#shared/contracts/tags.js';
import { useStudyTags } from '../api/get-study-tags.js';
import { useTags } from '../api/get-tags.js';
import type { TagEntityType } from '../utils/tag-utils.js';

export interface TagList {
  tags: Tag[] | undefined;
  error: unknown;
  isLoading: boolean;
  /** The exam tags have another page (the study tags come whole). */
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => unknown;
}

/**
 * The tags an entity type can carry: exams' (paged, `search` asked of the server) or studies' list
 * (only that one is asked for); `enabled` false waits.
 */
export function useTagList(entityType: TagEntityType, enabled = true, search = ''): TagList {
  const examTags = useTags(enabled && entityType === 'exam', search);
  const studyTags = useStudyTags(enabled && entityType === 'study');
  if (entityType === 'exam')
    return {
      tags: examTags.pages.length > 0 ? examTags.tags : undefined,
      error: examTags.error,
      isLoading: examTags.isLoading,
      hasMore: examTags.hasMore,
      isLoadingMore: examTags.isLoadingMore,
      loadMore: examTags.loadMore,
    };
  return {
    tags: studyTags.data,
    error: studyTags.error,
    isLoading: studyTags.isLoading,
    hasMore: false,
    isLoadingMore: false,
    loadMore: () => undefined,
  };
}
