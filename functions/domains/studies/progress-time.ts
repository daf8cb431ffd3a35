import { config } from '../../runtime/config.js';
import { studyActivityEntity } from './entities/study-activity.js';
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

/** What one submit adds to a day in each credited study: its time and its answers. */
export interface StudyActivity {
  seconds: number;
  answered: number;
  correct: number;
  /** The submit's time (ISO): the member's last activity. */
  at: string;
}

/**
 * The transaction items adding a submit's time and answers to the day (D81: every task that links
 * the exam is credited; the study total once): the member's own `STUDYDAY#` item and, for the
 * study's managers, the `ACTIVITY#` item in the study's partition — two per credited study. They go
 * into the submit's first transaction, so a retried submit (a replay) never adds them twice.
 */
export function studyTimeItems(
  userId: string,
  credits: StudyTimeCredit[],
  activity: StudyActivity,
  date: string,
): TransactItem[] {
  const seconds = Math.max(0, activity.seconds);
  if (seconds <= 0 && activity.answered <= 0) return [];
  const counts = { ':s': seconds, ':n': activity.answered, ':c': activity.correct };
  return credits.flatMap((credit) => {
    const names: Record<string, string> = { '#type': 'type', '#date': 'date' };
    const add = ['study_seconds :s', 'answered_count :n', 'correct_count :c'];
    credit.taskIds.forEach((taskId, i) => {
      names[`#t${i}`] = studyDayEntity.taskSecondsAttribute(taskId);
      names[`#a${i}`] = studyDayEntity.taskAnsweredAttribute(taskId);
      names[`#c${i}`] = studyDayEntity.taskCorrectAttribute(taskId);
      add.push(`#t${i} :s`, `#a${i} :n`, `#c${i} :c`);
    });
    return [
      {
        Update: {
          TableName: config.appTable,
          Key: studyDayEntity.key(userId, credit.studyId, date),
          UpdateExpression: `SET #type = :type, study_id = :study, #date = :date ADD ${add.join(', ')}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: {
            ':type': studyDayEntity.type,
            ':study': credit.studyId,
            ':date': date,
            ...counts,
          },
        },
      },
      {
        Update: {
          TableName: config.appTable,
          Key: studyActivityEntity.key(credit.studyId, date, userId),
          UpdateExpression:
            'SET #type = :type, user_id = :user, #date = :date, last_activity_at = :at ADD study_seconds :s, answered_count :n, correct_count :c',
          ExpressionAttributeNames: { '#type': 'type', '#date': 'date' },
          ExpressionAttributeValues: {
            ':type': studyActivityEntity.type,
            ':user': userId,
            ':date': date,
            ':at': activity.at,
            ...counts,
          },
        },
      },
    ];
  });
}
