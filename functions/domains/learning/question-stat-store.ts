import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { queryAll } from '../../runtime/data/paginate.js';
import { questionStatEntity, type QuestionStat } from './entities/question-stat.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { type StoredQuestion } from '../files/index.js';
import { prefixOrKeys } from './question-groups.js';

/**
 * Reads of a user's question statistics (`QSTAT#`), shared by exam creation (wrong_only,
 * most_wrong, wrong-questions) and the results group (statistics of an exam's questions).
 */
const COUNTS = 'question_id, total_attempts, correct_attempts';

/** Statistics of the questions of one file: `begins_with(sk,'QSTAT#<fileId>-')` (prefix property), every page. */
export async function statsForFile(userId: string, fileId: string): Promise<QuestionStat[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':s': questionStatEntity.fileSkPrefix(fileId) },
    ProjectionExpression: COUNTS,
  });
  return items.map(questionStatEntity.parse);
}

/** Every statistic of the user, bounded: what 5 pages of 1 MB hold. */
export async function allStats(userId: string): Promise<QuestionStat[]> {
  const items = await queryAll(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':s': questionStatEntity.skPrefix },
    },
    { maxPages: 5 },
  );
  return items.map(questionStatEntity.parse);
}

/** The statistics of these questions that exist (BatchGetItem per 100), by question id. */
export async function statsFor(
  userId: string,
  questionIds: string[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, QuestionStat>> {
  const items = await batchGetAll(
    questionIds.map((id) => questionStatEntity.key(userId, id)),
    { consistent: options.consistent },
  );
  return new Map(items.map(questionStatEntity.parse).map((stat) => [stat.question_id, stat]));
}

/**
 * The user's statistics of an exam's questions (L1) in a bounded number of requests: per source
 * file holding ≥ 100 of them one Query `QSTAT#<fileId>-` (counts only, 1 MB pages), the others by
 * key (BatchGetItem of 100). Only questions of the exam are answered.
 */
export async function statsForQuestions(
  userId: string,
  questions: StoredQuestion[],
  options: { consistent?: boolean } = {},
): Promise<Map<string, QuestionStat>> {
  const { prefixFiles, keyIds } = prefixOrKeys(questions);
  const [byPrefix, byKey] = await Promise.all([
    Promise.all(prefixFiles.map((fileId) => statsForFile(userId, fileId))),
    keyIds.length ? statsFor(userId, keyIds, options) : Promise.resolve(new Map<string, QuestionStat>()),
  ]);
  const wanted = new Set(questions.map((q) => String(q.id)));
  const stats = new Map(byKey);
  for (const stat of byPrefix.flat()) if (wanted.has(stat.question_id)) stats.set(stat.question_id, stat);
  return stats;
}
