import { batchGetAll } from '../../runtime/data/batch-ops.js';
import { queryAll } from '../../runtime/data/paginate.js';
import { favoriteEntity } from './entities/favorite.js';
import { ignoredEntity } from './entities/ignored.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { type StoredQuestion } from '../files/index.js';
import { prefixOrKeys } from './question-groups.js';

const ignoredQuestionId = (item: Record<string, unknown>) => ignoredEntity.parse(item).question_id;

export interface QuestionFlags {
  favorites: Set<string>;
  ignored: Set<string>;
}

/** Ids of one kind of flag item among one file's questions: Query `begins_with(sk, '<KIND>#<fileId>-')`, ids only, every page. */
async function flaggedInFile(userId: string, skPrefix: string, parseId: (item: Record<string, unknown>) => string): Promise<string[]> {
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':pk': userPk(userId), ':s': skPrefix },
    ProjectionExpression: 'question_id',
  });
  return items.map(parseId);
}

/**
 * The caller's `is_favorite` / `is_ignored` for an exam's questions (docs/architecture.md L17), in
 * a bounded number of requests whatever the exam's size: per source file holding ≥ 100 of the
 * questions one Query of `FAV#<fileId>-` and one of `IGNORED#<fileId>-` (1 MB pages), the other
 * questions by key (BatchGetItem of 100, favorites and ignored in parallel).
 */
export async function questionFlags(userId: string, questions: StoredQuestion[]): Promise<QuestionFlags> {
  const { prefixFiles, keyIds } = prefixOrKeys(questions);
  const [favoritesByFile, ignoredByFile, favoritesByKey, ignoredByKey] = await Promise.all([
    Promise.all(prefixFiles.map((fileId) => flaggedInFile(userId, favoriteEntity.fileSkPrefix(fileId), favoriteEntity.parseQuestionId))),
    Promise.all(prefixFiles.map((fileId) => flaggedInFile(userId, ignoredEntity.fileSkPrefix(fileId), ignoredQuestionId))),
    keyIds.length
      ? batchGetAll(
          keyIds.map((id) => favoriteEntity.key(userId, id)),
          { projection: 'question_id' },
        )
      : Promise.resolve([]),
    keyIds.length
      ? batchGetAll(
          keyIds.map((id) => ignoredEntity.key(userId, id)),
          { projection: 'question_id' },
        )
      : Promise.resolve([]),
  ]);
  return {
    favorites: new Set([...favoritesByFile.flat(), ...favoritesByKey.map(favoriteEntity.parseQuestionId)]),
    ignored: new Set([...ignoredByFile.flat(), ...ignoredByKey.map(ignoredQuestionId)]),
  };
}
