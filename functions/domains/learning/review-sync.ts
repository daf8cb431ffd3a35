import { learnerDay, learnerDaySettings, type LearnerDaySettings } from '#shared/domain/learner-day.js';
import type { OfflineGrade, ReviewSyncStatus, SyncedCard } from '#shared/contracts/review-sync.js';
import { conflict } from '../../runtime/http/app-error.js';
import type { StoredItem } from '../../runtime/data/item.js';
import { METRIC, countMetric } from '../../runtime/metrics.js';
import { questionStatEntity } from './entities/question-stat.js';
import { reviewGradeEntity, type ReviewGradeRecord } from './entities/review-grade.js';
import { reviewLogEntity } from './entities/review-log.js';
import { schedulerFor, type FsrsCard } from './fsrs.js';
import { failuresOf, nextStat, statCondition, type QuestionStatItem } from './question-stat.js';
import {
  MAX_REWIND_ROWS,
  clampGradeTime,
  gradeSet,
  planCardMerge,
  type MergeGrade,
  type PlannedGrade,
  type Replayed,
  type ReviewStep,
  type WindowRow,
} from './review-merge.js';
import { reviewRow } from './review-log.js';
import type { ReviewUser } from './review-grade.js';
import {
  gradeSource,
  packCards,
  putClaim,
  putItem,
  readLogWindow,
  readSnapshots,
  readSyncState,
  snapshotUpdate,
  writePack,
  type CardWrite,
  type SyncState,
} from './review-sync-store.js';

/**
 * POST /api/review-sync/'s merge (docs/architecture.md "Offline merge"): the caller's records, already
 * checked to be reviewable, go into their review log as a set keyed by grade id, and each card they
 * touch is replayed from its snapshot in review-time order (review-merge.ts). A pass reads, plans and
 * writes; cards whose transaction lost a race, and a card's grades past PER_PASS, go to the next pass.
 */

/** How far back an offline grade may be dated (also how long a grade id is remembered: REVGRADE's TTL). */
export const SYNC_WINDOW_MS = 30 * 86_400_000;
/** New grades of one card per pass, so a card's writes fit one transaction (2 each + rewound rows + counts). */
const PER_PASS = 20;
/** Lost races a record survives before the route answers 409 `review_changed` (what was written stays). */
const ATTEMPTS = 3;

type Incoming = MergeGrade & { record: OfflineGrade };
type Outcome = Map<string, ReviewSyncStatus>;

export interface SyncAnswer {
  statuses: Outcome;
  cards: SyncedCard[];
}

export async function mergeOfflineGrades(
  user: ReviewUser,
  records: OfflineGrade[],
  now = new Date(),
): Promise<SyncAnswer> {
  const statuses: Outcome = new Map();
  const cards = new Map<string, StoredItem>();
  let pending = records.map((record) => ({
    grade_id: record.grade_id,
    rating: record.rating,
    at: clampGradeTime(record.graded_at, now, SYNC_WINDOW_MS),
    record,
  }));
  for (let lost = 0; pending.length;) {
    const pass = await mergePass(user, pending, now, statuses, cards);
    if (pass.lost) lost++;
    if (lost >= ATTEMPTS) throw conflict('review_changed');
    pending = pass.next;
  }
  const order = [...new Set(records.map((r) => r.question_id))];
  return { statuses, cards: order.flatMap((id) => (cards.has(id) ? [syncedCard(cards.get(id)!)] : [])) };
}

function syncedCard(item: StoredItem): SyncedCard {
  const fsrs = item.fsrs as FsrsCard;
  return {
    question_id: String(item.question_id),
    exam_id: String(item.exam_id ?? ''),
    due: fsrs.due,
    state: fsrs.state,
    stability: fsrs.stability,
    difficulty: fsrs.difficulty,
    reps: fsrs.reps,
    lapses: fsrs.lapses,
    version: Number(item.version ?? 0),
  };
}

/** The records not yet in the log, by card (the first of a repeated id), and the ids already there. */
function splitFresh(pending: Incoming[], state: SyncState, statuses: Outcome) {
  const byCard = new Map<string, Incoming[]>();
  const seen = new Set<string>();
  for (const grade of pending) {
    if (state.claimed.has(grade.grade_id) || seen.has(grade.grade_id)) {
      if (!statuses.has(grade.grade_id)) statuses.set(grade.grade_id, 'replayed');
      continue;
    }
    seen.add(grade.grade_id);
    const list = byCard.get(grade.record.question_id) ?? [];
    byCard.set(grade.record.question_id, [...list, grade]);
  }
  return byCard;
}

async function mergePass(
  user: ReviewUser,
  pending: Incoming[],
  now: Date,
  statuses: Outcome,
  cards: Map<string, StoredItem>,
): Promise<{ next: Incoming[]; lost: boolean }> {
  const questionIds = [...new Set(pending.map((g) => g.record.question_id))];
  const state = await readSyncState(
    user.id,
    pending.map((g) => g.grade_id),
    questionIds,
  );
  for (const [id, item] of state.stats) if (item.fsrs) cards.set(id, item);
  const next: Incoming[] = [];
  const batch = new Map<string, Incoming[]>();
  for (const [questionId, grades] of splitFresh(pending, state, statuses)) {
    const ordered = gradeSet(grades);
    batch.set(questionId, ordered.slice(0, PER_PASS));
    next.push(...ordered.slice(PER_PASS));
  }
  const plans = await planCards(user, batch, state);
  const writes = [...plans].map(([questionId, plan]) => cardWrite(user, questionId, plan, state, now));
  let lost = false;
  for (const pack of packCards(writes.map((w) => w.write))) {
    const ok = await writePack(user.id, pack);
    for (const { questionId } of pack) {
      const done = writes.find((w) => w.write.questionId === questionId)!;
      if (!ok) next.push(...batch.get(questionId)!);
      else {
        for (const grade of batch.get(questionId)!) statuses.set(grade.grade_id, 'applied');
        cards.set(questionId, { ...done.stat });
        countMetric(METRIC.reviews, batch.get(questionId)!.length);
      }
    }
    lost ||= !ok;
  }
  return { next, lost };
}

type Plan = { base: FsrsCard | undefined; steps: Replayed<PlannedGrade>[]; incoming: Incoming[] };

/** Each card's replay: first without the log, then — for cards an old grade rewinds — with it (1 Query, 1 BatchGet). */
async function planCards(user: ReviewUser, batch: Map<string, Incoming[]>, state: SyncState) {
  const step: ReviewStep = schedulerFor(user).review;
  const plans = new Map<string, Plan>();
  const rewind = new Map<string, FsrsCard | undefined>();
  for (const [questionId, incoming] of batch) {
    const current = state.stats.get(questionId)?.fsrs as FsrsCard | undefined;
    const plan = planCardMerge({ current, incoming, window: null, maxRewind: MAX_REWIND_ROWS, step });
    if (plan.needsWindow) rewind.set(questionId, current);
    else plans.set(questionId, { ...plan, incoming });
  }
  if (!rewind.size) return plans;
  const windows = await rewindWindows(
    user.id,
    [...rewind.keys()].map((id) => batch.get(id)!),
  );
  for (const [questionId, current] of rewind) {
    const incoming = batch.get(questionId)!;
    const window = windows.get(questionId) ?? [];
    const plan = planCardMerge({ current, incoming, window, maxRewind: MAX_REWIND_ROWS, step });
    if (plan.needsWindow) throw new Error('a card planned with its window asked for it again');
    plans.set(questionId, { ...plan, incoming });
  }
  return plans;
}

/** The log rows of these cards since their oldest incoming grade, with the snapshots of the grade rows. */
async function rewindWindows(userId: string, groups: Incoming[][]): Promise<Map<string, WindowRow[]>> {
  const from = groups
    .flat()
    .map((g) => g.at)
    .sort()[0]!;
  const windows = await readLogWindow(userId, from, new Set(groups.map((g) => g[0]!.record.question_id)));
  const ids = [...windows.values()].flat().flatMap((row) => (row.grade_id ? [row.grade_id] : []));
  const snapshots = await readSnapshots(userId, ids);
  for (const rows of windows.values())
    for (const row of rows) if (row.grade_id && snapshots.has(row.grade_id)) row.previous = snapshots.get(row.grade_id);
  return windows;
}

/** A Review-screen grade's kind for the day's limits (review-grade.ts counts the same). */
const kindOf = (before: FsrsCard | undefined) =>
  !before || before.state === 'new' ? 'new' : before.state === 'review' ? 'due' : 'learning';

/** The snapshot a grade keeps of the card before it: a QSTAT item, so an undo could put it back. */
function snapshotOf(userId: string, questionId: string, current: StoredItem | undefined, fsrs: FsrsCard | undefined) {
  if (!fsrs) return null;
  return { ...(current ?? questionStatEntity.key(userId, questionId)), fsrs } as StoredItem;
}

const latest = (at: string, other: unknown) => (typeof other === 'string' && other > at ? other : at);

function cardWrite(user: ReviewUser, questionId: string, plan: Plan, state: SyncState, now: Date) {
  const current = state.stats.get(questionId);
  const day = learnerDaySettings(user);
  const last = plan.steps.at(-1)!;
  const newest = plan.steps.filter((s) => s.grade.incoming).at(-1)!;
  const byId = new Map(plan.incoming.map((g) => [g.grade_id, g]));
  const stat = nextStat(
    user.id,
    questionId,
    { ...(current ?? {}), fsrs: last.after },
    plan.steps.filter((s) => s.grade.incoming).map((s) => s.grade.rating > 1),
    new Date(latest(last.grade.at, current?.last_answered_at)),
    byId.get(newest.grade.grade_id)!.record.exam_id,
    { reviews: [], day },
  );
  const items = plan.steps.flatMap((s) =>
    s.grade.incoming
      ? gradeItems(
          user.id,
          byId.get(s.grade.grade_id)!,
          s,
          snapshotOf(user.id, questionId, current, s.before),
          day,
          stat,
          now,
        )
      : [snapshotUpdate(user.id, s.grade.grade_id, snapshotOf(user.id, questionId, current, s.before))],
  );
  items.push(putItem({ ...stat }, statCondition(current)));
  const counts = plan.steps
    .filter((s) => s.grade.incoming)
    .map((s) => ({ day: learnerDay(new Date(s.grade.at), day), kind: kindOf(s.before) }));
  const write: CardWrite = { questionId, items, counts };
  return { write, stat };
}

/** An applied grade's claim (not undoable: `version_after` −1 never matches) and its log item. */
function gradeItems(
  userId: string,
  grade: Incoming,
  s: Replayed<PlannedGrade>,
  previous: StoredItem | null,
  day: LearnerDaySettings,
  stat: QuestionStatItem,
  now: Date,
) {
  const { record } = grade;
  const at = s.grade.at;
  const source = gradeSource(record.grade_id);
  const revlog = reviewLogEntity.item(userId, source, {
    answered_at: at,
    exam_id: record.exam_id,
    result_id: '',
    reviews: [reviewRow(record.question_id, s.before, s.after, record.rating, record.seconds)],
  });
  const claim: ReviewGradeRecord = {
    grade_id: record.grade_id,
    question_id: record.question_id,
    exam_id: record.exam_id,
    rating: record.rating,
    day: learnerDay(new Date(at), day),
    kind: kindOf(s.before),
    graded_at: at,
    previous,
    version_after: -1,
    revlog_sk: String(revlog.sk),
    answer: { due: s.after.due, state: s.after.state, lapses: failuresOf(stat), leech: !!stat.leech },
    undone: false,
  };
  return [putClaim(reviewGradeEntity.item(userId, claim, now)), putItem(revlog)];
}
