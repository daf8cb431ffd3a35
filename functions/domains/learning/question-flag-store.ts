import { batchGetAll, idsWithItems, itemExists } from '../../runtime/data/batch-ops.js';
import { queryAll, queryBounded } from '../../runtime/data/paginate.js';
import { favoriteEntity, type FavoriteRecord } from './entities/favorite.js';
import { ignoredEntity } from './entities/ignored.js';
import { userPk } from '../../runtime/data/key-parts.js';
import { type StoredQuestion } from '../files/index.js';
import { prefixOrKeys } from './question-groups.js';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { MAX_FAVORITE_QUESTIONS, MAX_IGNORED_QUESTIONS } from '#shared/contracts/questions.js';
import { config } from '../../runtime/config.js';
import { countersEntity } from '../users/index.js';
import { conflict } from '../../runtime/http/app-error.js';
import { db } from '../../runtime/data/db.js';
import { putCounted, deleteCounted, type CountedItem } from '../../runtime/data/counted.js';

const ignoredQuestionId = (item: Record<string, unknown>) => ignoredEntity.parse(item).question_id;

export interface QuestionFlags {
  favorites: Set<string>;
  ignored: Set<string>;
}

/** Ids of one kind of flag item among one file's questions: Query `begins_with(sk, '<KIND>#<fileId>-')`, ids only, every page. */
async function flaggedInFile(
  userId: string,
  skPrefix: string,
  parseId: (item: Record<string, unknown>) => string,
): Promise<string[]> {
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
    Promise.all(
      prefixFiles.map((fileId) =>
        flaggedInFile(userId, favoriteEntity.fileSkPrefix(fileId), favoriteEntity.parseQuestionId),
      ),
    ),
    Promise.all(
      prefixFiles.map((fileId) => flaggedInFile(userId, ignoredEntity.fileSkPrefix(fileId), ignoredQuestionId)),
    ),
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

export type FavoriteItem = FavoriteRecord;

// --- favorites (snapshots in the user's partition) ---

export async function getFavorite(userId: string, questionId: string): Promise<FavoriteItem | null> {
  const { Item } = await db().send(
    new GetCommand({ TableName: config.appTable, Key: favoriteEntity.key(userId, questionId), ConsistentRead: true }),
  );
  return Item ? favoriteEntity.parse(Item) : null;
}

/**
 * Put `FAV#<qid>` unless one exists (a double click keeps the first snapshot), counted on the
 * user's `COUNTERS` in the same transaction: `favorite_limit_reached` (409) at the cap.
 */
export async function putFavorite(userId: string, favorite: FavoriteItem): Promise<void> {
  await putFlag(
    favoriteEntity.item(userId, favorite),
    flagCounter(userId, 'favorite_count', MAX_FAVORITE_QUESTIONS),
    'favorite_limit_reached',
  );
}

export async function deleteFavorite(userId: string, questionId: string): Promise<void> {
  await deleteCounted(
    favoriteEntity.key(userId, questionId),
    flagCounter(userId, 'favorite_count', MAX_FAVORITE_QUESTIONS),
  );
}

/** The user's favorites (Query `begins_with(sk,'FAV#')`, 1 MB pages): at most the cap, so a fixed number of pages. */
export async function listFavorites(userId: string): Promise<FavoriteItem[]> {
  const { items } = await queryBounded(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :f)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':f': favoriteEntity.skPrefix },
    },
    { want: MAX_FAVORITE_QUESTIONS, maxPages: Number.POSITIVE_INFINITY },
  );
  return items.map(favoriteEntity.parse);
}

// --- ignored questions ---

/** Put `IGNORED#<qid>` unless one exists (the first time stays), counted like a favorite: `ignored_limit_reached` at the cap. */
export async function putIgnored(userId: string, questionId: string): Promise<void> {
  await putFlag(
    ignoredEntity.item(userId, questionId, new Date().toISOString()),
    flagCounter(userId, 'ignored_count', MAX_IGNORED_QUESTIONS),
    'ignored_limit_reached',
  );
}

export async function deleteIgnored(userId: string, questionId: string): Promise<void> {
  await deleteCounted(
    ignoredEntity.key(userId, questionId),
    flagCounter(userId, 'ignored_count', MAX_IGNORED_QUESTIONS),
  );
}

type FlagCounter = 'favorite_count' | 'ignored_count';

/** Favorites and ignored questions are counted on the user's COUNTERS item (its `type` set on the first write). */
const flagCounter = (userId: string, attribute: FlagCounter, cap: number): CountedItem => ({
  key: countersEntity.key(userId),
  attribute,
  cap,
  type: countersEntity.type,
});

async function putFlag(item: Record<string, unknown>, counter: CountedItem, limitCode: string): Promise<void> {
  // Already marked: nothing changes and nothing is counted (as a repeated click expects).
  if ((await putCounted(item, counter)) === 'full') throw conflict(limitCode, { max: counter.cap });
}

export function ignoredIds(userId: string, questionIds: string[]): Promise<Set<string>> {
  return idsWithItems(
    questionIds,
    (id) => ignoredEntity.key(userId, id),
    'question_id',
    (item) => ignoredEntity.parse(item).question_id,
  );
}

export function isIgnored(userId: string, questionId: string): Promise<boolean> {
  return itemExists(ignoredEntity.key(userId, questionId), 'question_id');
}

/** Query `begins_with(sk,'IGNORED#')`, ids and times only: at most the cap (one or two 1 MB pages). */
export async function listIgnored(userId: string): Promise<{ question_id: string; ignored_at: string }[]> {
  const { items } = await queryBounded(
    {
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :i)',
      ExpressionAttributeValues: { ':pk': userPk(userId), ':i': ignoredEntity.skPrefix },
      ProjectionExpression: 'question_id, ignored_at',
    },
    { want: MAX_IGNORED_QUESTIONS, maxPages: Number.POSITIVE_INFINITY },
  );
  return items.map(ignoredEntity.parse);
}
