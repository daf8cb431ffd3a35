import * as z from 'zod/mini';
import { languageSchema } from '#shared/domain/language.js';
import { lazy, itemParser, orDefault, withoutKeys, type StoredItem } from '../../../runtime/data/item.js';
import { pad, shardOf, userPk, WITHDRAWN_CREATOR_ID } from '../../../runtime/data/key-parts.js';
import { tagRefSchema } from '../../tags/index.js';

/**
 * The study item `STUDY#<id>`/`META` (docs/architecture.md §2.7). Its partition also holds the
 * study's counters (`SEQ`), tasks (`TASK#`), members (`MEMBER#`), member uniqueness keys
 * (`MEMBERKEY#`) and join requests (`JOINREQ#`); sort order: `JOINREQ#` < `MEMBER#` <
 * `MEMBERKEY#` < `META` < `SEQ` < `TASK#`.
 */
const studySchema = /* @__PURE__ */ lazy(() =>
  z.object({
    id: z.string(),
    title_ko: orDefault(z.string(), ''),
    title_en: orDefault(z.string(), ''),
    goal_ko: orDefault(z.string(), ''),
    goal_en: orDefault(z.string(), ''),
    created_language: languageSchema(),
    /** yyyy-mm-dd */
    start_date: z.string(),
    end_date: orDefault(z.nullable(z.string()), null),
    is_public: z.boolean(),
    created_at: z.string(),
    created_by_id: z.string(),
    created_by_username: z.string(),
    tags: orDefault(z.array(tagRefSchema()), []),
    tag_ids: orDefault(z.array(z.string()), []),
    /** nameKey of each non-empty title: the creator's claims `USER#<creator>`/`STUDYTITLE#<key>`. */
    title_keys: orDefault(z.array(z.string()), []),
    /**
     * Set when a deletion started (S12): the META is then a tombstone — out of every list index,
     * read as "not found", and listed in gsi2 `STUDYDELETES` until the cleanup removes it last.
     */
    deleting_at: z.optional(z.string()),
  }),
);
export type StudyRecord = z.infer<ReturnType<typeof studySchema>>;

/**
 * Shards of the public / private study-list partitions (gsi2), as for exams (§3.2): creations and
 * updates spread over STUDY_LIST_SHARDS partitions, lists Query them all in parallel and merge.
 */
export const STUDY_LIST_SHARDS = 4;
export const studyListShard = (isPublic: boolean, shard: number) =>
  `${isPublic ? 'PUBLICSTUDIES' : 'PRIVATESTUDIES'}#${shard}`;
export const studyListShards = (isPublic: boolean) =>
  Array.from({ length: STUDY_LIST_SHARDS }, (_, shard) => studyListShard(isPublic, shard));

const META_SK = 'META';
const studyPk = (studyId: string) => `STUDY#${studyId}`;

export const studyEntity = {
  key: (studyId: string) => ({ pk: studyPk(studyId), sk: META_SK }),
  partition: studyPk,
  isMetaItem: (item: StoredItem) => item.sk === META_SK,
  /** The study exists and its deletion has not started (a tombstone's `deleting_at`, S12): nothing is written into a study being removed. */
  liveCondition: 'attribute_exists(pk) AND attribute_not_exists(deleting_at)',
  /**
   * gsi1: the creator's studies, newest first (withdrawal finds them here). A study whose creator
   * withdrew has no entry (gap 13, D94): it would only pile up under one `USER#withdrawn#STUDIES` partition.
   */
  creatorPartition: (userId: string) => `${userPk(userId)}#STUDIES`,
  /** gsi2: the list shard of the study's visibility, by start date (newest first when read backwards). */
  visibilityIndex: (isPublic: boolean, startDate: string, studyId: string) => ({
    gsi2pk: studyListShard(isPublic, shardOf(studyId, STUDY_LIST_SHARDS)),
    gsi2sk: `${startDate}#${studyId}`,
  }),
  /** gsi2 of a tombstone: the unfinished deletions, found by the retention-cleanup job (low volume: one partition). */
  pendingDeletesPartition: 'STUDYDELETES',
  item(study: StudyRecord): StoredItem {
    const indexes = study.deleting_at
      ? { gsi2pk: studyEntity.pendingDeletesPartition, gsi2sk: `${study.deleting_at}#${study.id}` }
      : {
          ...(study.created_by_id === WITHDRAWN_CREATOR_ID
            ? {}
            : { gsi1pk: studyEntity.creatorPartition(study.created_by_id), gsi1sk: `${study.created_at}#${study.id}` }),
          ...studyEntity.visibilityIndex(study.is_public, study.start_date, study.id),
        };
    return { ...withoutKeys(study), ...studyEntity.key(study.id), ...indexes, type: 'STUDY' };
  },
  parse: /* @__PURE__ */ itemParser(studySchema),
};

/**
 * `STUDY#<id>`/`SEQ` {next_local_id, task_count, member_count, pool_tasks_<examId>, pool_size_<examId>}: the
 * counters of a study, kept off the META item so that adding a task or a member does not rewrite META's
 * list-index entries (the churn rule of §2.1). `next_local_id` numbers tasks and members (`ADD 1`, the new
 * value is the id).
 *
 * The random-practice pool (gap 14, D95): per task exam, how many tasks link it (`pool_tasks_<examId>`,
 * `ADD ±1` in the task transactions) and its size as the latest linking task's snapshot (`pool_size_<examId>`).
 * Top-level numbers rather than a map, as `STUDYDAY#`'s task seconds: an `ADD` into a map fails while the map
 * is absent. `parse` sums the sizes of the exams still linked into `question_total`, so a study list answers
 * the pool size from one BatchGetItem of the listed studies' counters instead of one pool request per study.
 */
const studyCountersSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    next_local_id: orDefault(z.number(), 0),
    task_count: orDefault(z.number(), 0),
    member_count: orDefault(z.number(), 0),
  }),
);
const parseCounters = /* @__PURE__ */ itemParser(studyCountersSchema);
export type StudyCountersRecord = ReturnType<typeof parseCounters> & { question_total: number };

/** One task exam's change of the pool: `tasks` linking tasks more (or fewer); `size` the new snapshot, when a task links it now. */
export interface PoolChange {
  examId: string;
  tasks: number;
  size?: number;
}

const POOL_TASKS_PREFIX = 'pool_tasks_';
const POOL_SIZE_PREFIX = 'pool_size_';

export const studyCountersEntity = {
  key: (studyId: string) => ({ pk: studyPk(studyId), sk: 'SEQ' }),
  isCountersItem: (item: StoredItem) => item.sk === 'SEQ',
  /**
   * The UpdateItem parts of a task write on the counters: `ADD task_count :n` (when `taskCount` is given) and
   * the pool changes. Placeholders are `#pt<i>`/`#ps<i>`/`:pt<i>`/`:ps<i>` and `:n`, so a caller may add its own.
   */
  taskUpdate(taskCount: number | null, pool: PoolChange[]) {
    const adds: string[] = taskCount === null ? [] : ['task_count :n'];
    const sets: string[] = [];
    const names: Record<string, string> = {};
    const values: Record<string, number> = taskCount === null ? {} : { ':n': taskCount };
    pool.forEach((change, i) => {
      if (change.tasks !== 0) {
        adds.push(`#pt${i} :pt${i}`);
        names[`#pt${i}`] = `${POOL_TASKS_PREFIX}${change.examId}`;
        values[`:pt${i}`] = change.tasks;
      }
      if (change.size !== undefined) {
        sets.push(`#ps${i} = :ps${i}`);
        names[`#ps${i}`] = `${POOL_SIZE_PREFIX}${change.examId}`;
        values[`:ps${i}`] = change.size;
      }
    });
    const expression = [adds.length ? `ADD ${adds.join(', ')}` : '', sets.length ? `SET ${sets.join(', ')}` : '']
      .filter(Boolean)
      .join(' ');
    return {
      UpdateExpression: expression,
      ...(Object.keys(names).length ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    };
  },
  parse(item: StoredItem): StudyCountersRecord {
    const isPoolAttribute = (name: string) => name.startsWith(POOL_TASKS_PREFIX) || name.startsWith(POOL_SIZE_PREFIX);
    let question_total = 0;
    for (const [name, tasks] of Object.entries(item)) {
      if (!name.startsWith(POOL_TASKS_PREFIX) || typeof tasks !== 'number' || tasks <= 0) continue;
      const size = item[`${POOL_SIZE_PREFIX}${name.slice(POOL_TASKS_PREFIX.length)}`];
      if (typeof size === 'number' && size > 0) question_total += size;
    }
    return {
      ...parseCounters(Object.fromEntries(Object.entries(item).filter(([name]) => !isPoolAttribute(name)))),
      question_total,
    };
  },
};

/** A child id `<studyId>_<n>` (task, member): resolves to its item without an index (§2.1 ids). */
export function childId(studyId: string, localId: number): string {
  return `${studyId}_${localId}`;
}
/** The study id and local number of a child id, or null for anything else. */
export function parseChildId(id: string): { studyId: string; localId: number } | null {
  const match = /^([0-9a-z]{20})_([1-9][0-9]{0,8})$/.exec(id);
  return match ? { studyId: match[1]!, localId: Number(match[2]) } : null;
}
/** Local numbers are padded so tasks and members list in creation order. */
export const localSk = (prefix: string, localId: number) => `${prefix}${pad(localId, 9)}`;

/** `USER#<creator>`/`STUDYTITLE#<titleKey>` {study_id}: one title per creator (docs/product.md#studies, as exam titles, T3). */
export const studyTitleClaimEntity = {
  key: (userId: string, titleKey: string) => ({ pk: userPk(userId), sk: `STUDYTITLE#${titleKey}` }),
  item: (userId: string, titleKey: string, studyId: string): StoredItem => ({
    ...studyTitleClaimEntity.key(userId, titleKey),
    type: 'STUDYTITLE',
    study_id: studyId,
  }),
};
