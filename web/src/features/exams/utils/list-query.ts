import { LIMITS } from '#shared/domain/limits.js';

export type ExamScope = 'my' | 'public' | 'all';

/** The fields the list shows (docs/product.md#exam-management: the list asks with a select field list). */
export const LIST_FIELDS = [
  'id',
  'title',
  'title_ko',
  'title_en',
  'display_title',
  'is_original',
  'original_exam',
  'version_number',
  'is_public',
  'total_questions',
  'created_at',
  'created_by',
  'file_name',
  'tags',
  'is_subscribed',
  'versions',
  'user_permissions',
].join(',');

export interface ListFilters {
  scope: ExamScope;
  search: string;
  tagIds: readonly string[];
}

/** docs/product.md#exam-management: anonymous visitors see public exams only; "all" is for admins. */
export function effectiveScope(scope: ExamScope, signedIn: boolean, admin: boolean): ExamScope {
  if (!signedIn) return 'public';
  if (scope === 'all' && !admin) return 'my';
  return scope;
}

/** GET /api/exams/ query of a filter state (first page; later pages add the cursor). */
export function examListQuery(filters: ListFilters, fields: string = LIST_FIELDS): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = { page_size: String(LIMITS.examListPageSize), select: fields };
  if (filters.scope === 'my') query.my_exams = 'true';
  if (filters.scope === 'public') query.is_public = 'true';
  const search = filters.search.trim();
  if (search) query.search_title = search;
  if (filters.tagIds.length > 0) query.tags = [...filters.tagIds];
  return query;
}
