import { updateExam } from '../../../../../shared/contracts/exams.js';
import { createTag as createTagRoute, listStudyTags, listTags, type Tag } from '../../../../../shared/contracts/tags.js';
import { callApi } from '../../../lib/api-client.js';
import { useApi } from '../../../lib/use-api.js';
import { defaultDomainTagName } from '../../../lib/host.js';
import { findTagByName, type TagEntityType } from '../utils/tag-utils.js';

/** GET /api/tags/ (exams) or GET /api/studies/tags/ (studies); `enabled` false waits. */
export function useTagList(entityType: TagEntityType, enabled = true): { tags: Tag[] | undefined; error: unknown; isLoading: boolean; mutate(): Promise<unknown> } {
  const examTags = useApi(listTags, enabled && entityType === 'exam' ? {} : null);
  const studyTags = useApi(listStudyTags, enabled && entityType === 'study' ? {} : null);
  if (entityType === 'exam') {
    return { tags: examTags.data?.results, error: examTags.error, isLoading: examTags.isLoading, mutate: () => examTags.mutate() };
  }
  return { tags: studyTags.data, error: studyTags.error, isLoading: studyTags.isLoading, mutate: () => studyTags.mutate() };
}

/** POST /api/tags/ — one name for both languages (spec 1 §5); an existing tag of that name comes back as is. */
export function createTag(name: string) {
  return callApi(createTagRoute, { body: { name_ko: name, name_en: name } });
}

/** PATCH /api/exam/{id}/update/ with tags: answers the exam's tags as saved. */
export async function saveExamTags(examId: string, tagIds: string[]): Promise<Tag[]> {
  const exam = await callApi(updateExam, { params: { examId }, body: { tags: tagIds } });
  return exam.tags ?? [];
}

/**
 * The special domain's default tag (spec 1 §1), looked up by name in GET /api/tags/;
 * null on a general domain or while the list loads.
 */
export function useDomainTag(): Tag | null {
  const name = defaultDomainTagName();
  const tags = useApi(listTags, name ? {} : null);
  return findTagByName(tags.data?.results ?? [], name);
}
