import type * as contracts from '#shared/contracts/study-progress.js';
import { dayOf, periodStart } from '#shared/domain/study-progress.js';
import { queryAll } from '../../runtime/data/paginate.js';
import type { ServiceInput } from '../../runtime/http/create-group-handler.js';
import type { SignedInContext } from '../../runtime/http/types.js';
import { studyActivityEntity, type StudyActivityRecord } from './entities/study-activity.js';
import { listMembers } from './member-store.js';
import { managedStudy } from './study-access.js';

/** Every member's activity in the study over a period: one Query of the study partition's `ACTIVITY#` range (1 MB pages). */
async function activitiesIn(studyId: string, from: string | null, to: string): Promise<StudyActivityRecord[]> {
  const range = studyActivityEntity.range(from, to);
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': studyActivityEntity.key(studyId, '', '').pk,
      ':from': range.from,
      ':to': range.to,
    },
  });
  return items.map(studyActivityEntity.parse);
}

interface Totals {
  answered: number;
  correct: number;
  seconds: number;
  last: string | null;
}

/** The period's activity summed per user. */
export function totalsByUser(activities: readonly StudyActivityRecord[]): Map<string, Totals> {
  const totals = new Map<string, Totals>();
  for (const day of activities) {
    const current = totals.get(day.user_id) ?? { answered: 0, correct: 0, seconds: 0, last: null };
    current.answered += day.answered_count;
    current.correct += day.correct_count;
    current.seconds += day.study_seconds;
    if (day.last_activity_at && (!current.last || day.last_activity_at > current.last))
      current.last = day.last_activity_at;
    totals.set(day.user_id, current);
  }
  return totals;
}

/**
 * GET /api/study-members-progress/{studyId}/: member management's rule
 * (`managedStudy`: 404 unreadable, 403 not a manager), then two Queries side by side — the members
 * and the period's activities — whatever the study's history before the period.
 */
export async function studyMembersProgress(
  input: ServiceInput<typeof contracts.studyMembersProgress>,
  ctx: SignedInContext,
) {
  const access = await managedStudy(input.params.studyId, ctx.caller.user);
  const today = dayOf(new Date());
  const from = periodStart(today, input.query.days);
  const [members, activities] = await Promise.all([
    listMembers(access.study.id),
    activitiesIn(access.study.id, from, today),
  ]);
  const totals = totalsByUser(activities);
  return {
    study_id: access.study.id,
    days: input.query.days ?? null,
    members: members.map((member) => {
      const mine = member.user_id ? totals.get(member.user_id) : undefined;
      return {
        member_id: member.id,
        name: member.name,
        role: member.role,
        is_active: member.is_active,
        username: member.user_username,
        answered_count: mine?.answered ?? 0,
        correct_count: mine?.correct ?? 0,
        study_time_seconds: mine?.seconds ?? 0,
        last_activity_at: mine?.last ?? null,
      };
    }),
  };
}
