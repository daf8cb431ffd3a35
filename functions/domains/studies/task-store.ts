import { MAX_STUDY_TASKS } from '#shared/contracts/studies.js';
import { config } from '../../runtime/config.js';
import { CONDITION_FAILED, isTransactionCanceled } from '../../runtime/data/dynamo-errors.js';
import { studyCountersEntity, studyEntity, type PoolChange, type StudyRecord } from './entities/study.js';
import { studyLinkEntity } from '../exams/index.js';
import { studyTaskEntity, type StudyTaskRecord } from './entities/study-task.js';
import { AppError } from '../../runtime/http/app-error.js';
import { db, transactWrite, ITEM_ABSENT, ITEM_EXISTS, type TransactItem } from '../../runtime/data/db.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { queryAll } from '../../runtime/data/paginate.js';

/**
 * The task store (S13): reads of tasks, and their writes — the task, its exam link and the study's
 * counters (task count, random-practice pool: D95) move together, in one transaction each.
 */

const table = () => config.appTable;

const linkPut = (study: StudyRecord, task: StudyTaskRecord): TransactItem => ({
  Put: {
    TableName: table(),
    Item: studyLinkEntity.item(task.exam_id!, {
      study_id: study.id,
      task_id: task.id,
      study_title_ko: study.title_ko,
      study_title_en: study.title_en,
      is_public: study.is_public,
    }),
  },
});
const linkDelete = (studyId: string, task: StudyTaskRecord): TransactItem => ({
  Delete: { TableName: table(), Key: studyLinkEntity.key(task.exam_id!, studyId, task.id) },
});
const liveStudyCheck = (studyId: string): TransactItem => ({
  ConditionCheck: { TableName: table(), Key: studyEntity.key(studyId), ConditionExpression: studyEntity.liveCondition },
});

// --- reads ---

/** A task by id (one GetItem), or null. */
export async function getTask(taskId: string): Promise<StudyTaskRecord | null> {
  const key = studyTaskEntity.keyOfId(taskId);
  if (!key) return null;
  const { Item } = await db().send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true }));
  return Item ? studyTaskEntity.parse(Item) : null;
}

/** The tasks of a study (one Query of `TASK#`, 1 MB pages). */
export async function studyTasks(studyId: string): Promise<StudyTaskRecord[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': studyEntity.partition(studyId), ':prefix': studyTaskEntity.skPrefix },
  });
  return items.map(studyTaskEntity.parse);
}

// --- writes ---

/** The pool changes of tasks coming (`sign` 1) or going (−1): per exam, the number of its tasks and, when coming, its size. */
function poolChanges(tasks: StudyTaskRecord[], sign: 1 | -1): PoolChange[] {
  const byExam = new Map<string, PoolChange>();
  for (const task of tasks) {
    if (!task.exam_id) continue;
    const change = byExam.get(task.exam_id) ?? {
      examId: task.exam_id,
      tasks: 0,
      ...(sign > 0 ? { size: task.exam_total_questions } : {}),
    };
    change.tasks += sign;
    byExam.set(task.exam_id, change);
  }
  return [...byExam.values()];
}

/**
 * Adds tasks (one transaction per ≤ 30 tasks, so a sheet of 200 rows is 7 transactions): each
 * task + its exam link, the count checked against MAX_STUDY_TASKS, the study checked live.
 * Task ids come from the caller (`nextLocalIds`).
 */
export async function insertTasks(study: StudyRecord, tasks: StudyTaskRecord[]): Promise<void> {
  const written: StudyTaskRecord[][] = [];
  try {
    for (let i = 0; i < tasks.length; i += 30) written.push(await insertChunk(study, tasks.slice(i, i + 30)));
  } catch (error) {
    // All or nothing (a sheet upload): the chunks already written are taken back.
    for (const chunk of written) await removeChunk(study.id, chunk).catch(() => undefined);
    throw error;
  }
}

async function removeChunk(studyId: string, chunk: StudyTaskRecord[]): Promise<void> {
  await transactWrite([
    {
      Update: {
        TableName: table(),
        Key: studyCountersEntity.key(studyId),
        ...studyCountersEntity.taskUpdate(-chunk.length, poolChanges(chunk, -1)),
      },
    },
    ...chunk.flatMap((task) => [
      { Delete: { TableName: table(), Key: studyTaskEntity.keyOfId(task.id)! } } as TransactItem,
      ...(task.exam_id ? [linkDelete(studyId, task)] : []),
    ]),
  ]);
}

async function insertChunk(study: StudyRecord, chunk: StudyTaskRecord[]): Promise<StudyTaskRecord[]> {
  const counterUpdate = studyCountersEntity.taskUpdate(chunk.length, poolChanges(chunk, 1));
  {
    await transactWrite(
      [
        {
          Update: {
            TableName: table(),
            Key: studyCountersEntity.key(study.id),
            ...counterUpdate,
            ConditionExpression: 'attribute_not_exists(task_count) OR task_count <= :room',
            ExpressionAttributeValues: {
              ...counterUpdate.ExpressionAttributeValues,
              ':room': MAX_STUDY_TASKS - chunk.length,
            },
          },
        },
        liveStudyCheck(study.id),
        ...chunk.flatMap((task) => [
          {
            Put: { TableName: table(), Item: studyTaskEntity.item(task), ConditionExpression: ITEM_ABSENT },
          } as TransactItem,
          ...(task.exam_id ? [linkPut(study, task)] : []),
        ]),
      ],
      (reasons) =>
        reasons[0] === CONDITION_FAILED
          ? new AppError(400, 'study_task_limit', { max: MAX_STUDY_TASKS })
          : new AppError(404, 'study_not_found'),
    );
  }
  return chunk;
}

/** Saves a changed task; a changed exam moves the link. */
export async function saveTask(study: StudyRecord, before: StudyTaskRecord, after: StudyTaskRecord): Promise<void> {
  const examChanged = before.exam_id !== after.exam_id;
  await transactWrite(
    [
      { Put: { TableName: table(), Item: studyTaskEntity.item(after), ConditionExpression: ITEM_EXISTS } },
      liveStudyCheck(study.id),
      ...(examChanged && before.exam_id ? [linkDelete(study.id, before)] : []),
      ...(after.exam_id ? [linkPut(study, after)] : []),
      ...(examChanged
        ? [
            {
              Update: {
                TableName: table(),
                Key: studyCountersEntity.key(study.id),
                ...studyCountersEntity.taskUpdate(null, [...poolChanges([before], -1), ...poolChanges([after], 1)]),
              },
            },
          ]
        : []),
    ],
    () => new AppError(404, 'study_task_not_found'),
  );
}

export async function removeTask(studyId: string, task: StudyTaskRecord): Promise<void> {
  await transactWrite(
    [
      { Delete: { TableName: table(), Key: studyTaskEntity.keyOfId(task.id)!, ConditionExpression: ITEM_EXISTS } },
      ...(task.exam_id ? [linkDelete(studyId, task)] : []),
      {
        Update: {
          TableName: table(),
          Key: studyCountersEntity.key(studyId),
          ...studyCountersEntity.taskUpdate(-1, poolChanges([task], -1)),
        },
      },
    ],
    () => new AppError(404, 'study_task_not_found'),
  );
}

/**
 * The task keeps its row without the exam; a task since relinked to another exam (or deleted) is left alone.
 * The study's pool counters lose the exam's task in the same transaction (D95); a study being deleted (no
 * counters item) is left to its cascade.
 */
export async function unlinkTask(taskId: string, studyId: string, examId: string): Promise<void> {
  const key = studyTaskEntity.keyOfId(taskId);
  if (!key) return;
  const counters = studyCountersEntity.taskUpdate(null, [{ examId, tasks: -1 }]);
  try {
    await transactWrite([
      {
        Update: {
          TableName: table(),
          Key: key,
          UpdateExpression:
            'SET exam_id = :none, exam_title_ko = :empty, exam_title_en = :empty, exam_title = :empty, exam_total_questions = :zero',
          ConditionExpression: 'exam_id = :exam',
          ExpressionAttributeValues: { ':none': null, ':empty': '', ':zero': 0, ':exam': examId },
        },
      },
      {
        Update: {
          TableName: table(),
          Key: studyCountersEntity.key(studyId),
          ...counters,
          ConditionExpression: ITEM_EXISTS,
        },
      },
    ]);
  } catch (error) {
    if (!isTransactionCanceled(error)) throw error;
  }
}
