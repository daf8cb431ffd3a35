import { config } from '../../runtime/config.js';
import { studyDayEntity } from './entities/study-day.js';
import { type StudyLinkRecord } from '../exams/index.js';
import { membershipsIn } from './study-store.js';
import { type TransactItem } from '../../runtime/data/db.js';

/** Studies whose day items one submit may touch (each is one transaction item; the rest of the 100 are the submit's). */
export const MAX_STUDIES_CREDITED = 5;

/** Where a submit's seconds go: per study, the tasks of that study linking the exam. */
export interface StudyTimeCredit {
  studyId: string;
  taskIds: string[];
}

/**
 * S24: of the exam's study links (read with the exam, `getExamWithQuestionsAndLinks`), the studies of
 * which the caller is an active member: one BatchGetItem of the caller's memberships, only when the
 * exam has links. Non-members and inactive members get nothing.
 */
export async function studyTimeCredits(userId: string, links: StudyLinkRecord[]): Promise<StudyTimeCredit[]> {
  if (links.length === 0) return [];
  const byStudy = new Map<string, string[]>();
  for (const link of links) {
    if (!link.study_id || !link.task_id) continue;
    byStudy.set(link.study_id, [...(byStudy.get(link.study_id) ?? []), link.task_id]);
  }
  const memberships = await membershipsIn(userId, [...byStudy.keys()]);
  return [...byStudy.entries()]
    .filter(([studyId]) => memberships.get(studyId)?.is_active)
    .slice(0, MAX_STUDIES_CREDITED)
    .map(([studyId, taskIds]) => ({ studyId, taskIds: [...new Set(taskIds)].sort() }));
}

/**
 * The transaction items adding `seconds` to the day's study time and to each linking task's time
 * (D81: every task that links the exam is credited; the study total once). They go into the
 * submit's first transaction, so a retried submit (a replay) never adds them twice.
 */
export function studyTimeItems(
  userId: string,
  credits: StudyTimeCredit[],
  seconds: number,
  date: string,
): TransactItem[] {
  if (seconds <= 0) return [];
  return credits.map((credit) => {
    const names: Record<string, string> = { '#type': 'type', '#date': 'date' };
    const add = ['study_seconds :s'];
    credit.taskIds.forEach((taskId, i) => {
      names[`#t${i}`] = studyDayEntity.taskSecondsAttribute(taskId);
      add.push(`#t${i} :s`);
    });
    return {
      Update: {
        TableName: config.appTable,
        Key: studyDayEntity.key(userId, credit.studyId, date),
        UpdateExpression: `SET #type = :type, study_id = :study, #date = :date ADD ${add.join(', ')}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: {
          ':type': studyDayEntity.type,
          ':study': credit.studyId,
          ':date': date,
          ':s': seconds,
        },
      },
    };
  });
}
