import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { taskProgress, type ExamResultTotals, type TaskProgress } from '#shared/domain/study-progress.js';
import { config } from '../../runtime/config.js';
import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { isConditionFailed } from '../../runtime/data/dynamo-errors.js';
import { examSummaryEntity } from '../learning/index.js';
import { practiceResultEntity, type PracticeResultRecord } from './entities/practice-result.js';
import { studyDayEntity, type StudyDayRecord } from './entities/study-day.js';
import { studyMembershipEntity } from './entities/study-membership.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { type StudyTaskRecord } from './entities/study-task.js';
import { db, ITEM_ABSENT, ITEM_EXISTS } from '../../runtime/data/db.js';

/** Reads and writes of study progress (docs/architecture.md §2.7 S23, S25; L21). */

const table = () => config.appTable;

/** The caller's totals on each exam (one BatchGetItem of their `EXAMSUM#` items per 100 exams). */
export async function examTotalsOf(
  userId: string,
  examIds: string[],
): Promise<Map<string, Omit<ExamResultTotals, 'totalQuestions'>>> {
  const unique = [...new Set(examIds)];
  if (unique.length === 0) return new Map();
  const items = await batchGetAll(unique.map((examId) => examSummaryEntity.key(userId, examId)));
  return new Map(
    items.map(examSummaryEntity.parse).map((summary) => [
      summary.exam_id,
      {
        correctQuestions: summary.correct_question_ids?.size ?? 0,
        // Older summaries have no attempted set: the estimate rule decides (D82).
        attemptedQuestions: summary.attempted_question_ids ? summary.attempted_question_ids.size : null,
        totalAttempts: summary.answer_count ?? 0,
        correctAttempts: summary.correct_answer_count ?? 0,
      },
    ]),
  );
}

export interface TaskWithProgress {
  task: StudyTaskRecord;
  totalQuestions: number;
  progress: TaskProgress | null;
}

/** Each task's progress from the caller's results on its exam (null: no exam, or never taken). */
export async function tasksWithProgress(userId: string, tasks: StudyTaskRecord[]): Promise<TaskWithProgress[]> {
  const totals = await examTotalsOf(
    userId,
    tasks.flatMap((t) => (t.exam_id ? [t.exam_id] : [])),
  );
  return tasks.map((task) => {
    const found = task.exam_id ? totals.get(task.exam_id) : undefined;
    const totalQuestions = task.exam_total_questions;
    return { task, totalQuestions, progress: found ? taskProgress({ ...found, totalQuestions }) : null };
  });
}

/**
 * S23: one access of the study today, and the progress now. The day's item takes the progress when
 * it is the day's highest (one conditional UpdateItem; when lower, a second one only counts the
 * access); the membership takes the latest progress and time (lists sort by it).
 */
export async function recordProgress(
  userId: string,
  studyId: string,
  date: string,
  progress: { correct: number; attempted: number },
  now: string,
): Promise<void> {
  const key = studyDayEntity.key(userId, studyId, date);
  const base = { '#type': 'type', '#date': 'date' };
  const baseValues = { ':type': studyDayEntity.type, ':study': studyId, ':date': date, ':one': 1, ':now': now };
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression:
          'SET #type = :type, study_id = :study, #date = :date, last_recorded_at = :now, highest_progress = :p, attempted_progress = :a ADD access_count :one',
        ConditionExpression: 'attribute_not_exists(highest_progress) OR highest_progress <= :p',
        ExpressionAttributeNames: base,
        ExpressionAttributeValues: { ...baseValues, ':p': progress.correct, ':a': progress.attempted },
      }),
    );
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression:
          'SET #type = :type, study_id = :study, #date = :date, last_recorded_at = :now ADD access_count :one',
        ExpressionAttributeNames: base,
        ExpressionAttributeValues: baseValues,
      }),
    );
  }
  try {
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: studyMembershipEntity.key(userId, studyId),
        UpdateExpression: 'SET overall_progress = :p, last_progress_recorded_at = :now',
        ConditionExpression: ITEM_EXISTS,
        ExpressionAttributeValues: { ':p': progress.correct, ':now': now },
      }),
    );
  } catch (error) {
    // The member left meanwhile: no membership to update.
    if (!isConditionFailed(error)) throw error;
  }
}

/** S25: the caller's days in one study from `from` (or the first) to `to`, oldest first: one Query (1 MB ≈ years of days). */
export async function studyDays(
  userId: string,
  studyId: string,
  from: string | null,
  to: string,
): Promise<StudyDayRecord[]> {
  const days: StudyDayRecord[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': userPk(userId),
          ':from': from ? studyDayEntity.key(userId, studyId, from).sk : studyDayEntity.prefix(studyId),
          ':to': studyDayEntity.key(userId, studyId, to).sk,
        },
        ExclusiveStartKey: start,
      }),
    );
    days.push(...(page.Items ?? []).map(studyDayEntity.parse));
    start = page.LastEvaluatedKey;
  } while (start);
  return days;
}

/** L21: one random practice run. */
export async function putPracticeResult(userId: string, record: PracticeResultRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: practiceResultEntity.item(userId, record),
      ConditionExpression: ITEM_ABSENT,
    }),
  );
}
