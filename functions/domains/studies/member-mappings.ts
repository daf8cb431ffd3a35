import type * as contracts from '#shared/contracts/questions.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import { errorMessage } from '#shared/i18n/catalogue.js';
import {
  type QuestionMemberMappingRecord,
  getExamWithQuestions,
  studyLinksOf,
  type ExamRecord,
  canReadExam,
  readableExam,
} from '../exams/index.js';
import { AppError, badRequest } from '../../runtime/http/app-error.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext, CallerUser } from '../../runtime/http/types.js';
import { canManage, loadStudyAccess, managedStudy } from './study-access.js';
import { readStudyPartition } from './study-store.js';
import { memberMappingsOf, saveMemberMappings } from '../exams/index.js';

/**
 * Question-member mappings (docs/product.md#studies; docs/architecture.md E24): the questions of an exam
 * assigned round-robin to the active members of a study whose tasks link the exam. Created by the
 * study's managers (site admins, its creator, active study_admin / study_leader members); shown
 * only to them — anyone else gets an empty list.
 */

function mappingView(examId: string, m: QuestionMemberMappingRecord) {
  return {
    id: `${examId}_${m.question_id}`,
    question: { id: m.question_id },
    member: { id: m.member_id, name: m.member_name, user_username: m.user_username, study: m.study_id },
  };
}

async function linkedStudyIds(exam: ExamRecord): Promise<Set<string>> {
  return new Set((await studyLinksOf(exam.id)).map((link) => link.study_id).filter(Boolean));
}

/**
 * POST /api/create-question-member-mapping/: E1 + the study META and the caller's membership
 * (1 BatchGet) + the exam's study links (1 Query) + the study's members (1 Query) + ⌈n/25⌉ BatchWrites.
 */
export async function createQuestionMemberMapping(
  input: ServiceInput<typeof contracts.createQuestionMemberMapping>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const { exam_id: examId, study_id: studyId, question_ids: questionIds } = input.body;
  const { exam, questions } = await getExamWithQuestions(examId);
  if (!exam || !(await canReadExam(exam, caller))) throw new AppError(404, 'exam_not_found');
  await managedStudy(studyId, caller);
  if (!(await linkedStudyIds(exam)).has(studyId)) throw badRequest('study_not_linked');
  const members = (await readStudyPartition(studyId, false)).members.filter((m) => m.is_active);
  if (members.length === 0) throw badRequest('study_no_active_members');
  const wanted = new Set(questionIds);
  const chosen = [...new Map(questions.filter((q) => wanted.has(q.id)).map((q) => [q.id, q])).values()];
  const now = new Date().toISOString();
  const mappings: QuestionMemberMappingRecord[] = chosen.map((q, i) => {
    const member = members[i % members.length]!;
    return {
      question_id: q.id,
      study_id: studyId,
      member_id: member.id,
      member_name: member.name,
      user_username: member.user_username,
      created_at: now,
    };
  });
  await saveMemberMappings(exam.id, mappings);
  return {
    success: true as const,
    message: errorMessage('mappings_created', ctx.language, { count: mappings.length }),
    created_count: mappings.length,
    mappings: mappings.map((m) => mappingView(exam.id, m)),
  };
}

/** The linked studies whose mappings the caller may see: all for site admins, else those they manage. */
async function visibleStudies(exam: ExamRecord, caller: CallerUser): Promise<Set<string>> {
  const linked = await linkedStudyIds(exam);
  if (isSiteAdmin(caller)) return linked;
  const accesses = await Promise.all([...linked].map((id) => loadStudyAccess(id, caller)));
  return new Set(accesses.filter((a) => a && canManage(a)).map((a) => a!.study.id));
}

/** GET /api/exam/{examId}/question-member-mappings/: GetItem EXAM + 1 Query of links + 1 BatchGet per linked study + 1 Query of `QMAP#`. */
export async function questionMemberMappings(
  input: ServiceInput<typeof contracts.questionMemberMappings>,
  ctx: SignedInContext,
) {
  const caller = ctx.caller.user;
  const exam = await readableExam(input.params.examId, caller);
  const studies = await visibleStudies(exam, caller);
  if (studies.size === 0) return [];
  return (await memberMappingsOf(exam.id)).filter((m) => studies.has(m.study_id)).map((m) => mappingView(exam.id, m));
}
