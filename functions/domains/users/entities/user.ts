import * as z from 'zod/mini';
import { easyDaysOf, type EasyDayMode } from '#shared/domain/workload.js';
import { normalizeLogin } from '#shared/domain/accounts.js';
import { LIMITS } from '#shared/domain/limits.js';
import { ROLES } from '#shared/domain/roles.js';
import type { Language } from '#shared/domain/language.js';
import {
  canonicalTimeZone,
  DEFAULT_ROLLOVER_HOUR,
  DEFAULT_TIME_ZONE,
  isValidRolloverHour,
} from '#shared/domain/learner-day.js';
import type { CallerUser } from '../../../runtime/http/types.js';
import { lazy, flag, orDefault, withoutKeys, type StoredItem } from '../../../runtime/data/item.js';
import { shardOf, userPk } from '../../../runtime/data/key-parts.js';
import { scheduledPartition, scheduledShardOf } from './scheduled-shards.js';

/**
 * The USER item (app table, `USER#<id>`/`USER`). Every other personal record of the user lives
 * in the same partition, so withdrawal and export are one paginated Query.
 *
 * Listing: gsi1 `USERS#<0..3>` / `<username lower>`, the shard a stable hash of the user id
 * (D189): every USER update with ALL projection is a GSI write, and one partition caps at ~1,000
 * writes/s. The admin list and the prefix search read the shards in parallel and merge by
 * username (user-list-store.ts). Items written before the shards carry the legacy `USERS` key
 * until the index-shards job moves them (D190).
 */
export const USER_LIST_SHARDS = 4;
const LEGACY_USERS_PARTITION = 'USERS';
const usersShard = (shard: number) => `USERS#${shard}`;

/** The USER item's sort key, on its own so readers of keys alone (scheduled-entry.ts) do not keep the user schema in their bundle. */
export const USER_SK = 'USER';

/**
 * The fields a request's caller needs (the projected GetItem of every signed-in request), built on
 * their own: the first request of an instance builds these 14, not the whole item's 36 (D409).
 */
const callerFields = () => ({
  id: z.string(),
  username: z.string(),
  role: orDefault(z.enum(ROLES), 'user_role'),
  is_superuser: flag(),
  is_staff: flag(),
  language: z.pipe(
    z.optional(z.unknown()),
    z.transform((value): Language => (value === 'en' ? 'en' : 'ko')),
  ),
  /** The learner's day (D120): IANA zone (Asia/Seoul for users created before it) and rollover hour (04:00). */
  time_zone: z.pipe(
    z.optional(z.unknown()),
    z.transform((value): string => canonicalTimeZone(value) ?? DEFAULT_TIME_ZONE),
  ),
  day_rollover_hour: z.pipe(
    z.optional(z.unknown()),
    z.transform((value): number => (isValidRolloverHour(value) ? value : DEFAULT_ROLLOVER_HOUR)),
  ),
  /** Per-learner FSRS (learning/fsrs-fit.ts): the fitted weights (absent: the defaults). */
  fsrs_weights: z.optional(z.array(z.number())),
  /** Review settings: FSRS request retention, new cards and reviews a learner day. */
  desired_retention: orDefault(z.number(), LIMITS.desiredRetention.default),
  new_cards_per_day: orDefault(z.number(), LIMITS.newCardsPerDay.default),
  max_reviews_per_day: orDefault(z.number(), LIMITS.maxReviewsPerDay.default),
  /** Workload (D326): each weekday's Easy-Day mode, Monday first, and the load balancer (on by default). */
  easy_days: z.pipe(
    z.optional(z.unknown()),
    z.transform((value): EasyDayMode[] => [...easyDaysOf({ easy_days: value })]),
  ),
  load_balancing: orDefault(z.boolean(), true),
});

/** Fields older items may lack get their defaults on read. */
const userSchema = /* @__PURE__ */ lazy(() =>
  z.object({
    ...callerFields(),
    email: orDefault(z.string(), ''),
    first_name: orDefault(z.string(), ''),
    last_name: orDefault(z.string(), ''),
    affiliation: orDefault(z.string(), ''),
    location: orDefault(z.string(), ''),
    email_verified: flag(),
    /** ISO 8601. */
    date_joined: z.string(),
    passwordHash: orDefault(z.string(), ''),
    auth_provider: z.catch(z.enum(['password', 'google', 'sheet', 'admin']), 'password'),
    random_exam_email_enabled: flag(),
    random_exam_question_count: orDefault(z.number(), LIMITS.profileQuestionCount.default),
    retention_cleanup_enabled: flag(),
    retention_cleanup_percentage: orDefault(z.number(), LIMITS.retentionPercentage.default),
    /**
     * The rest of per-learner FSRS: when the log was last looked at, how many training items it had,
     * the measured retention, and the last fit's judgement: its kind, the held-back items and the log
     * loss before/after.
     */
    fsrs_fitted_at: z.optional(z.string()),
    fsrs_review_count: z.optional(z.number()),
    fsrs_measured_retention: z.optional(z.nullable(z.number())),
    fsrs_fit_outcome: z.optional(z.string()),
    fsrs_fit_kind: z.optional(z.nullable(z.string())),
    fsrs_held_back: z.optional(z.number()),
    fsrs_log_loss_before: z.optional(z.nullable(z.number())),
    fsrs_log_loss_after: z.optional(z.nullable(z.number())),
    /**
     * `MEMBERSHIP#` items of the user (D243), kept by the studies domain in its membership
     * transactions: 0 lets the daily mail skip the memberships Query. Absent (older users): unknown.
     */
    study_memberships: z.optional(z.number()),
  }),
);
export type UserRecord = z.infer<ReturnType<typeof userSchema>>;

export const userEntity = {
  key: (userId: string) => ({ pk: userPk(userId), sk: USER_SK }),
  /** gsi1: every user by username (admin list, prefix search). */
  listIndex: (userId: string, username: string) => ({
    gsi1pk: usersShard(shardOf(userId, USER_LIST_SHARDS)),
    gsi1sk: normalizeLogin(username),
  }),
  /** Every gsi1 partition of the user list, in shard order. */
  listPartitions: () => Array.from({ length: USER_LIST_SHARDS }, (_, shard) => usersShard(shard)),
  /** The single partition of items written before the shards (read until the migration is done). */
  legacyListPartition: LEGACY_USERS_PARTITION,
  /** Sparse gsi2 while a scheduled feature is on (scheduled-shards.ts). */
  scheduledIndex: (userId: string) => ({ gsi2pk: scheduledPartition(scheduledShardOf(userId)), gsi2sk: userId }),
  /** Whether a user (USER item fields) belongs in the SCHEDULED shards. */
  wantsScheduling: (user: { retention_cleanup_enabled?: boolean; random_exam_email_enabled?: boolean }) =>
    !!user.retention_cleanup_enabled || !!user.random_exam_email_enabled,
  item(user: UserRecord): StoredItem {
    return {
      ...userEntity.key(user.id),
      ...userEntity.listIndex(user.id, user.username),
      ...(userEntity.wantsScheduling(user) ? userEntity.scheduledIndex(user.id) : {}),
      ...user,
    };
  },
  /** Strips keys (key attributes of a user item are never fields) and fills defaults of older items. */
  parse: (item: StoredItem): UserRecord => userSchema().parse(withoutKeys(item)),
};

/** What a request's caller needs of the USER item (a projected GetItem). */
const callerUserSchema = /* @__PURE__ */ lazy(() => z.object(callerFields()));
export const parseCallerUser = (item: StoredItem): CallerUser => callerUserSchema().parse(withoutKeys(item));
