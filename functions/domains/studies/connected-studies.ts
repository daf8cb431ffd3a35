import type * as exams from '#shared/contracts/exams.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { readableExam, studyLinksOf } from '../exams/index.js';
import { getStudies, membershipsIn } from './study-store.js';
import { studyDisplayTitle } from './study-views.js';

/**
 * GET /api/exam/{examId}/connected-studies/ (E23): GetItem EXAM (readable, else 404) + Query
 * `EXAM#<id>` `begins_with(sk,'STUDYLINK#')`, then in parallel one BatchGet of the studies' META
 * (current titles and visibility; links of deleted studies are skipped) and one of the caller's
 * memberships. One entry per study (a study may link the exam from several tasks); a private study
 * is listed for its members, its creator and site admins.
 */
export async function connectedStudies(input: ServiceInput<typeof exams.connectedStudies>, ctx: SignedInContext) {
  const caller = ctx.caller.user;
  const exam = await readableExam(input.params.examId, caller);
  const studyIds = [...new Set((await studyLinksOf(exam.id)).map((link) => link.study_id).filter(Boolean))];
  const [studies, memberships] = await Promise.all([getStudies(studyIds), membershipsIn(caller.id, studyIds)]);
  const visible = studies.filter(
    (s) => s.is_public || isSiteAdmin(caller) || s.created_by_id === caller.id || memberships.has(s.id),
  );
  return {
    success: true as const,
    connected_studies: visible.map((s) => ({
      study_id: s.id,
      study_title: studyDisplayTitle(s, ctx.language),
      study_url: `/study-detail/${s.id}`,
    })),
  };
}
