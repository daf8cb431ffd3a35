import type * as exams from '#shared/contracts/exams.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { pickLocalized } from '#shared/domain/language.js';
import type { ServiceInput } from '../lib/http/create-group-handler.js';
import type { SignedInContext } from '../lib/http/types.js';
import { readableExam } from '../lib/exams/visibility.js';
import { studyLinksOf } from '../lib/exams/exam-store.js';

/**
 * GET /api/exam/{examId}/connected-studies/ (E23): GetItem EXAM (readable, else 404) + Query
 * `EXAM#<id>` `begins_with(sk,'STUDYLINK#')`. One entry per study (a study may link the exam
 * from several tasks). Private studies are listed for site admins only until study
 * memberships exist (then: the caller's `MEMBERSHIP#` items, S8).
 */
export async function connectedStudies(input: ServiceInput<typeof exams.connectedStudies>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const exam = await readableExam(input.params.examId, caller);
  const links = await studyLinksOf(exam.id);
  const seen = new Map<string, { study_id: string; study_title: string; study_url: string }>();
  for (const link of links) {
    const studyId = link.study_id;
    if (!studyId || seen.has(studyId)) continue;
    if (link.is_public === false && !isSiteAdmin(caller)) continue;
    seen.set(studyId, {
      study_id: studyId,
      study_title: pickLocalized(link, 'study_title', ctx.language),
      study_url: `/study-detail/${studyId}`,
    });
  }
  return { success: true as const, connected_studies: [...seen.values()] };
}
