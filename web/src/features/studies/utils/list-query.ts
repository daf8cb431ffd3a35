import { STUDY_PAGE_SIZE_MAX } from '#shared/contracts/studies.js';
import type { StudyListQuery } from '../api/get-study-pages.js';

/** docs/product.md#study-list: all (public and the caller's; site admins every study), public, or my studies. */
export type StudyScope = 'all' | 'public' | 'my';
export const STUDY_SCOPES: readonly StudyScope[] = ['all', 'public', 'my'];

/** docs/product.md#roles: anonymous visitors see public studies only. */
export function effectiveStudyScope(scope: StudyScope, signedIn: boolean): StudyScope {
  return signedIn ? scope : 'public';
}

/** GET /api/studies/ query of a filter state (first page; later pages add the cursor). Tags sorted, so one filter is one cache entry. */
export function studyListQuery(scope: StudyScope, tagIds: readonly string[]): StudyListQuery {
  const query: StudyListQuery = { page_size: STUDY_PAGE_SIZE_MAX };
  if (scope === 'public') query.is_public = 'true';
  if (scope === 'my') query.my_studies = 'true';
  if (tagIds.length > 0) query.tags = [...tagIds].sort();
  return query;
}
