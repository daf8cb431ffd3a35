import type * as contracts from '#shared/contracts/review-sync.js';
import type { OfflineGrade } from '#shared/contracts/review-sync.js';
import type { CallerUser, SignedInContext } from '../../runtime/http/types.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { mergeOfflineGrades, type ReviewUser } from '../learning/index.js';
import { getExams } from './exam-store.js';
import { indexedQuestionCopy } from './question-copy-store.js';
import { canReadExam } from './visibility.js';

/**
 * POST /api/review-sync/ (docs/architecture.md "Offline merge"): the records the caller may review
 * — the same rule as one grade (review.ts): the exam readable to them, the question in it — go to the
 * learning domain's merge; the others are refused, each with a stable code, and so acknowledged.
 */

/** Why a record is refused: its exam is gone or not readable to the caller, or the question is not in it. */
export const SYNC_REFUSED = 'review_question_not_found';

const pairKey = (r: { exam_id: string; question_id: string }) => `${r.exam_id}\u0000${r.question_id}`;

/**
 * The (exam, question) pairs of `records` the caller may review: 1 BatchGetItem of the distinct exams,
 * the study check of those not readable directly, 1 Query of the question index per distinct pair.
 * Unlike one grade, a miss of the index is final: an offline card was downloaded long after its
 * question was indexed, and reading whole exams would make the cost grow with their size.
 */
async function reviewablePairs(user: CallerUser, records: OfflineGrade[]): Promise<Set<string>> {
  const examIds = [...new Set(records.map((r) => r.exam_id).filter((id) => GENERATED_ID.test(id)))];
  const exams = await getExams(examIds);
  const readable = new Set<string>();
  await Promise.all(
    exams.map(async (exam) => {
      if (await canReadExam(exam, user)) readable.add(exam.id);
    }),
  );
  const pairs = [...new Map(records.filter((r) => readable.has(r.exam_id)).map((r) => [pairKey(r), r])).values()];
  const found = await Promise.all(pairs.map((r) => indexedQuestionCopy(r.exam_id, r.question_id)));
  return new Set(pairs.filter((_, i) => found[i]).map(pairKey));
}

export async function syncReviews(input: ServiceInput<typeof contracts.syncReviews>, ctx: SignedInContext) {
  const { records } = input.body;
  const pairs = await reviewablePairs(ctx.caller.user, records);
  const allowed = records.filter((r) => pairs.has(pairKey(r)));
  const merged = await mergeOfflineGrades(ctx.caller.user as ReviewUser, allowed);
  const answered = new Set<string>();
  const results = records.map((r) => {
    if (!pairs.has(pairKey(r))) return { grade_id: r.grade_id, status: 'refused' as const, code: SYNC_REFUSED };
    // A grade id repeated in the batch is applied once: its later copies are replays of it.
    const status = answered.has(r.grade_id) ? 'replayed' : (merged.statuses.get(r.grade_id) ?? 'replayed');
    answered.add(r.grade_id);
    return { grade_id: r.grade_id, status };
  });
  return { results, cards: merged.cards };
}
